/**
 * A local PSP speaking the standard Pix API (the subset the adapter uses), kept in memory: the
 * demo serves it under /api/demo-psp and tests run it on their own port. `pay` plays the payer's
 * bank: the charge becomes CONCLUIDA and the webhook `POST {webhook}/pix` is called with the
 * shared secret header, as a real PSP would (there with mTLS).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

interface FakeCharge {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA';
  valor: string;
  chave: string;
  expiracao: number;
  createdAt: string;
  pixCopiaECola: string;
  pix: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

export interface FakePspOptions {
  clientId: string;
  clientSecret: string;
  /** Where payments are notified: the PSP posts to `{webhookUrl}/pix`. */
  webhookUrl: string;
  webhookSecret: string;
}

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A BR Code (EMV) for a dynamic charge, with its CRC, as banks' apps read it. */
function brCode(location: string, value: string): string {
  const account = field('00', 'br.gov.bcb.pix') + field('25', location);
  const body =
    field('00', '01') + field('01', '12') + field('26', account) + field('52', '0000') + field('53', '986') + field('54', value) +
    field('58', 'BR') + field('59', 'ATENDE DEMO') + field('60', 'SAO PAULO') + field('62', field('05', '***')) + '6304';
  return body + crc16(body);
}

export class FakePsp {
  readonly charges = new Map<string, FakeCharge>();
  private readonly tokens = new Set<string>();

  constructor(readonly options: FakePspOptions) {}

  /** The payer pays the charge: it concludes and the webhook hears of it. */
  async pay(txid: string): Promise<boolean> {
    const charge = this.charges.get(txid);
    if (!charge) return false;
    if (charge.status !== 'CONCLUIDA') {
      charge.status = 'CONCLUIDA';
      charge.pix.push({ endToEndId: `E${randomBytes(15).toString('hex').toUpperCase()}`, txid, valor: charge.valor, horario: new Date().toISOString() });
    }
    await this.notify({ pix: charge.pix });
    return true;
  }

  async notify(body: unknown, secret: string | null = this.options.webhookSecret): Promise<number> {
    const response = await fetch(`${this.options.webhookUrl}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret === null ? {} : { [WEBHOOK_SECRET_HEADER]: secret }) },
      body: JSON.stringify(body),
    });
    return response.status;
  }

  /** The PSP's routes, mounted on `app` (under whatever prefix it has). */
  routes(app: FastifyInstance): void {
    const authorized = (header: string | undefined) => !!header?.startsWith('Bearer ') && this.tokens.has(header.slice(7));

    app.post('/oauth/token', async (request, reply) => {
      const [id, secret] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
      if (id !== this.options.clientId || secret !== this.options.clientSecret) return reply.code(401).send({ error: 'invalid_client' });
      const token = randomUUID();
      this.tokens.add(token);
      return { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read' };
    });

    app.put<{ Params: { txid: string } }>('/v2/cob/:txid', async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send({ title: 'Não autorizado' });
      const { txid } = request.params;
      const body = request.body as { calendario?: { expiracao?: number }; valor?: { original?: string }; chave?: string } | undefined;
      if (!/^[a-zA-Z0-9]{26,35}$/.test(txid) || !/^\d+\.\d{2}$/.test(body?.valor?.original ?? '') || !body?.chave) {
        return reply.code(400).send({ title: 'Cobrança inválida.' });
      }
      const location = `pix.example.com/qr/v2/${randomUUID()}`;
      const charge: FakeCharge = {
        txid,
        status: 'ATIVA',
        valor: body.valor!.original!,
        chave: body.chave,
        expiracao: body.calendario?.expiracao ?? 86400,
        createdAt: new Date().toISOString(),
        pixCopiaECola: brCode(location, body.valor!.original!),
        pix: [],
      };
      this.charges.set(txid, charge);
      return reply.code(201).send(this.present(charge, location));
    });

    app.get<{ Params: { txid: string } }>('/v2/cob/:txid', async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send({ title: 'Não autorizado' });
      const charge = this.charges.get(request.params.txid);
      if (!charge) return reply.code(404).send({ title: 'Cobrança não encontrada.' });
      return this.present(charge, null);
    });
  }

  private present(charge: FakeCharge, location: string | null) {
    return {
      calendario: { criacao: charge.createdAt, expiracao: charge.expiracao },
      txid: charge.txid,
      revisao: 0,
      status: charge.status,
      valor: { original: charge.valor },
      chave: charge.chave,
      pixCopiaECola: charge.pixCopiaECola,
      ...(location ? { location } : {}),
      ...(charge.pix.length ? { pix: charge.pix } : {}),
    };
  }
}
