/**
 * The payment provider: one interface, one adapter speaking the Brazilian central bank's standard
 * Pix API (API Pix v2): an OAuth2 client-credentials token, `PUT /v2/cob/{txid}` to create an
 * immediate charge and `GET /v2/cob/{txid}` to read it back. Real PSPs require mTLS: with a client
 * certificate configured every call presents it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { PixConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';

export interface NewCharge {
  txid: string;
  /** '123.45' */
  value: string;
  expirySeconds: number;
  description: string;
}

export interface CreatedCharge {
  txid: string;
  /** The BR Code the QR shows and the payer can paste. */
  copyPaste: string;
  location: string | null;
}

export interface ChargeState {
  /** ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR, REMOVIDA_PELO_PSP */
  status: string;
  /** The payment that concluded it, when there is one. */
  endToEndId: string | null;
}

export interface PixProvider {
  createCharge(charge: NewCharge): Promise<CreatedCharge>;
  /** The charge as the PSP knows it; null when it does not exist there. */
  readCharge(txid: string): Promise<ChargeState | null>;
}

interface Answer {
  status: number;
  body: any;
}

function transport(config: PixConfig): (url: URL, method: string, headers: Record<string, string>, body?: string) => Promise<Answer> {
  let tls: https.AgentOptions = {};
  if (config.certPath) {
    const file = readFileSync(config.certPath);
    tls = /\.(p12|pfx)$/i.test(config.certPath) ? { pfx: file, passphrase: config.certPassphrase } : { cert: file, key: file, passphrase: config.certPassphrase };
  }
  const agent = new https.Agent({ ...tls, keepAlive: true });
  return (url, method, headers, body) =>
    new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        { method, headers: { accept: 'application/json', ...headers }, ...(url.protocol === 'https:' ? { agent } : {}), timeout: 15_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = text;
            }
            resolve({ status: response.statusCode ?? 0, body: parsed });
          });
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('PSP timeout')));
      request.on('error', reject);
      if (body !== undefined) request.write(body);
      request.end();
    });
}

function unavailable(cause: unknown): AppError {
  // The cause stays on the error for the log; the caller only learns the PSP is unavailable.
  return Object.assign(new AppError('ERR_PAYMENT_PROVIDER_UNAVAILABLE', 503), { cause });
}

export function createPixApi(config: PixConfig): PixProvider {
  const send = transport(config);
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await send(
      new URL(`${config.baseUrl}/oauth/token`),
      'POST',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (answer.status !== 200 || typeof answer.body?.access_token !== 'string') throw unavailable(`token ${answer.status}`);
    // Renewed a minute before the PSP says it ends.
    const seconds = Number(answer.body.expires_in) || 300;
    token = { value: answer.body.access_token, until: Date.now() + Math.max(seconds - 60, 10) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    try {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await send(new URL(`${config.baseUrl}${path}`), method, headers, body === undefined ? undefined : JSON.stringify(body));
      if (answer.status === 401) token = null;
      return answer;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unavailable(error);
    }
  }

  return {
    async createCharge(charge) {
      const answer = await call('PUT', `/v2/cob/${encodeURIComponent(charge.txid)}`, {
        calendario: { expiracao: charge.expirySeconds },
        valor: { original: charge.value },
        chave: config.key,
        solicitacaoPagador: charge.description.slice(0, 140),
      });
      if (answer.status !== 201 && answer.status !== 200) throw unavailable(`cob ${answer.status}`);
      const copyPaste = answer.body?.pixCopiaECola;
      if (typeof copyPaste !== 'string' || !copyPaste) throw unavailable('cob without pixCopiaECola');
      const location = answer.body?.location ?? answer.body?.loc?.location ?? null;
      return { txid: charge.txid, copyPaste, location: typeof location === 'string' ? location : null };
    },
    async readCharge(txid) {
      const answer = await call('GET', `/v2/cob/${encodeURIComponent(txid)}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw unavailable(`cob read ${answer.status}`);
      const paid = Array.isArray(answer.body?.pix) ? answer.body.pix.find((p: any) => p?.txid === txid || p?.txid === undefined) : undefined;
      return { status: String(answer.body?.status ?? ''), endToEndId: typeof paid?.endToEndId === 'string' ? paid.endToEndId : null };
    },
  };
}
