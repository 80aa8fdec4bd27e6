/**
 * One set of scenarios every provider must pass, driven through a harness that plays the customer
 * and the network. Scenarios a provider's capability flags exclude are skipped, so "cannot" is
 * always explicit. Wired in simulator/simulator.test.ts and cloud/cloud.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isWhatsAppError,
  type AckLevel, type Capabilities, type Location, type MessageKind, type ProviderEventMap, type ProviderEventName,
  type ProviderSession, type StatusEvent,
} from './provider.js';
import { numberToJid } from './numbers.js';

export interface CustomerInput {
  kind: MessageKind;
  body?: string;
  media?: { mimeType: string; fileName?: string; data: Buffer };
  location?: Location;
  vcard?: string;
  quotedId?: string;
  reaction?: { targetId: string; emoji: string };
}

export interface SeenEntry {
  id: string;
  kind: MessageKind;
  body: string;
  quotedId?: string;
  edited?: boolean;
  deleted?: boolean;
  media?: { mimeType: string; fileName?: string; size?: number };
  location?: Location;
  vcard?: string;
}

export interface ConformanceContext {
  session: ProviderSession;
  /** Canonical number of the customer the scenarios talk to. */
  customer: string;
  /** Brings the session from nothing to CONNECTED the way a person would (scan, verification). */
  pair(): Promise<void>;
  /** The customer sends; resolves with the provider's id for it. */
  customerSends(input: CustomerInput): Promise<string>;
  customerEdits?(id: string, body: string): Promise<void>;
  customerRevokes?(id: string): Promise<void>;
  customerCalls?(): Promise<void>;
  /** What the customer's phone got from us, oldest first. */
  customerSees(): Promise<SeenEntry[]>;
  /** Ids the business marked read, as the network saw it. */
  readMarks?(): Promise<string[]>;
  /** The next message's receipts arrive in the wrong order (read before delivered). */
  reorderNextAcks(): Promise<void>;
  /** Lets every receipt of this message arrive. */
  completeAcks(providerMessageId: string): Promise<void>;
  /** Breaks the link; resolves once the session has noticed. */
  disconnect(): Promise<void>;
  /** Repairs the link; resolves once the session says CONNECTED again. */
  recover(): Promise<void>;
  /** Lets queued work finish (clocks, webhook round trips). */
  settle(): Promise<void>;
  teardown(): Promise<void>;
}

export interface ConformanceHarness {
  name: string;
  create(): Promise<ConformanceContext>;
}

type Recorded = { [K in ProviderEventName]: ProviderEventMap[K][] };

function record(session: ProviderSession): Recorded {
  const seen = { status: [], message: [], ack: [], edit: [], revoke: [], call: [], identity: [], sendFailed: [] } as Recorded;
  for (const name of Object.keys(seen) as ProviderEventName[]) {
    session.on(name, (event) => void (seen[name] as unknown[]).push(event));
  }
  return seen;
}

async function until(ctx: ConformanceContext, check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (check()) return;
    await ctx.settle();
  }
  throw new Error(`timed out waiting for ${what}`);
}

const bytes = (text: string) => Buffer.from(text, 'utf8');

const INBOUND_SAMPLES: CustomerInput[] = [
  { kind: 'text', body: 'Olá, preciso de ajuda' },
  { kind: 'image', body: 'foto do produto', media: { mimeType: 'image/jpeg', data: bytes('jpeg-bytes') } },
  { kind: 'video', body: '', media: { mimeType: 'video/mp4', data: bytes('mp4-bytes') } },
  { kind: 'audio', body: '', media: { mimeType: 'audio/mpeg', data: bytes('mp3-bytes') } },
  { kind: 'voice', body: '', media: { mimeType: 'audio/ogg; codecs=opus', data: bytes('opus-bytes') } },
  { kind: 'document', body: 'segue o boleto', media: { mimeType: 'application/pdf', fileName: 'boleto.pdf', data: bytes('%PDF-1.4') } },
  { kind: 'sticker', body: '', media: { mimeType: 'image/webp', data: bytes('webp-bytes') } },
  { kind: 'location', location: { latitude: -23.5505, longitude: -46.6333 } },
  { kind: 'contact', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD' },
];

export function runConformanceSuite(harness: ConformanceHarness): void {
  describe(`${harness.name} conformance`, () => {
    let ctx: ConformanceContext;
    let seen: Recorded;
    let caps: Capabilities;

    beforeEach(async () => {
      ctx = await harness.create();
      seen = record(ctx.session);
      caps = ctx.session.capabilities;
    });
    afterEach(async () => {
      await ctx.teardown();
    });

    const statuses = () => seen.status.map((s: StatusEvent) => s.status);
    const chatId = () => numberToJid(ctx.customer);
    const send = (key: string, body: string, quotedId?: string) =>
      ctx.session.sendText({ to: ctx.customer, idempotencyKey: key, body, quotedId });

    it('pairs and reports CONNECTED', async () => {
      await ctx.pair();
      await ctx.settle();
      expect(ctx.session.status).toBe('CONNECTED');
      expect(statuses().at(-1)).toBe('CONNECTED');
      if (caps.qr) expect(seen.status.some((s) => s.status === 'qrcode' && Boolean(s.qrcode))).toBe(true);
    });

    it('refuses to send before it is connected', async () => {
      await expect(send('early', 'oi')).rejects.toSatisfy((e: unknown) => isWhatsAppError(e, 'ERR_WAPP_NOT_INITIALIZED'));
    });

    it('receives every message type as a neutral message', async () => {
      await ctx.pair();
      for (const sample of INBOUND_SAMPLES) {
        const id = await ctx.customerSends(sample);
        await until(ctx, () => seen.message.some((m) => m.providerMessageId === id), `${sample.kind} message`);
        const message = seen.message.find((m) => m.providerMessageId === id)!;
        expect(message).toMatchObject({ kind: sample.kind, chatId: chatId(), fromMe: false, isGroup: false, history: false });
        expect(message.timestamp).toBeGreaterThan(0);
        if (sample.body) expect(message.body).toBe(sample.body);
        if (sample.media) {
          expect(message.media?.mimeType).toBe(sample.media.mimeType);
          if (sample.media.fileName) expect(message.media?.fileName).toBe(sample.media.fileName);
          expect((await message.media!.fetch()).equals(sample.media.data)).toBe(true);
          expect((await ctx.session.downloadMedia(message.media!.ref)).equals(sample.media.data)).toBe(true);
        }
        if (sample.location) expect(message.location).toMatchObject(sample.location);
        if (sample.vcard) expect(message.vcard).toContain('5511912345678');
      }
      const first = seen.message[0].providerMessageId;
      const reactionId = await ctx.customerSends({ kind: 'reaction', body: '👍', reaction: { targetId: first, emoji: '👍' } });
      await until(ctx, () => seen.message.some((m) => m.providerMessageId === reactionId), 'reaction');
      expect(seen.message.find((m) => m.providerMessageId === reactionId)?.reaction).toEqual({ targetId: first, emoji: '👍' });
    });

    it('sends every message type the provider can', async () => {
      await ctx.pair();
      const to = ctx.customer;
      const results: Array<{ id: string; kind: MessageKind }> = [];
      const push = async (kind: MessageKind, p: Promise<{ providerMessageId: string }>) => results.push({ id: (await p).providerMessageId, kind });
      await push('text', send('t1', 'Bom dia!'));
      await push('image', ctx.session.sendMedia({ to, idempotencyKey: 'm1', kind: 'image', data: bytes('img'), mimeType: 'image/png', caption: 'segue' }));
      await push('document', ctx.session.sendMedia({ to, idempotencyKey: 'm2', kind: 'document', data: bytes('pdf'), mimeType: 'application/pdf', fileName: 'nota.pdf' }));
      await push('video', ctx.session.sendMedia({ to, idempotencyKey: 'm3', kind: 'video', data: bytes('vid'), mimeType: 'video/mp4' }));
      await push('audio', ctx.session.sendMedia({ to, idempotencyKey: 'm4', kind: 'audio', data: bytes('mp3'), mimeType: 'audio/mpeg' }));
      await push('sticker', ctx.session.sendMedia({ to, idempotencyKey: 'm5', kind: 'sticker', data: bytes('webp'), mimeType: 'image/webp' }));
      if (caps.voice) await push('voice', ctx.session.sendVoice({ to, idempotencyKey: 'v1', data: bytes('opus') }));
      if (caps.location) await push('location', ctx.session.sendLocation({ to, idempotencyKey: 'l1', latitude: -22.9, longitude: -43.2, name: 'Loja' }));
      if (caps.contactCard) await push('contact', ctx.session.sendContact({ to, idempotencyKey: 'c1', contacts: [{ name: 'Suporte', number: '5511933334444' }] }));
      await ctx.settle();
      const phone = await ctx.customerSees();
      for (const { id, kind } of results) expect(phone.find((e) => e.id === id)?.kind, kind).toBe(kind);
      expect(phone.find((e) => e.id === results[0].id)?.body).toBe('Bom dia!');
      expect(phone.find((e) => e.kind === 'image')?.body).toBe('segue');
      expect(phone.find((e) => e.kind === 'document')?.media?.fileName).toBe('nota.pdf');
      if (caps.contactCard) expect(phone.find((e) => e.kind === 'contact')?.vcard).toContain('5511933334444');
    });

    it('sends once per idempotency key', async () => {
      await ctx.pair();
      const [a, b] = await Promise.all([send('same-key', 'uma vez'), send('same-key', 'uma vez')]);
      const c = await send('same-key', 'uma vez');
      expect(b.providerMessageId).toBe(a.providerMessageId);
      expect(c.providerMessageId).toBe(a.providerMessageId);
      await ctx.settle();
      expect((await ctx.customerSees()).filter((e) => e.body === 'uma vez')).toHaveLength(1);
    });

    it('quotes in both directions', async () => {
      await ctx.pair();
      const question = await ctx.customerSends({ kind: 'text', body: 'Qual o prazo?' });
      const reply = await send('q1', 'Dois dias.', question);
      await ctx.settle();
      expect((await ctx.customerSees()).find((e) => e.id === reply.providerMessageId)?.quotedId).toBe(question);
      const followUp = await ctx.customerSends({ kind: 'text', body: 'Obrigado', quotedId: reply.providerMessageId });
      await until(ctx, () => seen.message.some((m) => m.providerMessageId === followUp), 'quoted reply');
      expect(seen.message.find((m) => m.providerMessageId === followUp)?.quotedId).toBe(reply.providerMessageId);
    });

    it('edits and deletes its own messages when it can', async (t) => {
      if (!caps.edit && !caps.delete) t.skip();
      await ctx.pair();
      const sent = await send('e1', 'Valor: R$ 10');
      if (caps.edit) {
        await ctx.session.editMessage({ chatId: chatId(), providerMessageId: sent.providerMessageId, newBody: 'Valor: R$ 12' });
        await ctx.settle();
        expect((await ctx.customerSees()).find((e) => e.id === sent.providerMessageId)).toMatchObject({ body: 'Valor: R$ 12', edited: true });
      }
      if (caps.delete) {
        await ctx.session.deleteMessage({ chatId: chatId(), providerMessageId: sent.providerMessageId });
        await ctx.settle();
        expect((await ctx.customerSees()).find((e) => e.id === sent.providerMessageId)?.deleted).toBe(true);
      }
    });

    it('refuses edits and deletes it cannot do with ERR_WAPP_UNSUPPORTED', async (t) => {
      if (caps.edit && caps.delete) t.skip();
      await ctx.pair();
      const sent = await send('e2', 'texto');
      const ref = { chatId: chatId(), providerMessageId: sent.providerMessageId };
      if (!caps.edit) await expect(ctx.session.editMessage({ ...ref, newBody: 'x' })).rejects.toSatisfy((e: unknown) => isWhatsAppError(e, 'ERR_WAPP_UNSUPPORTED'));
      if (!caps.delete) await expect(ctx.session.deleteMessage(ref)).rejects.toSatisfy((e: unknown) => isWhatsAppError(e, 'ERR_WAPP_UNSUPPORTED'));
    });

    it('reports customer edits and deletions', async (t) => {
      if (!ctx.customerEdits || !ctx.customerRevokes) t.skip();
      await ctx.pair();
      const id = await ctx.customerSends({ kind: 'text', body: 'Meu pedido é 123' });
      await ctx.customerEdits!(id, 'Meu pedido é 124');
      await until(ctx, () => seen.edit.length > 0, 'edit event');
      expect(seen.edit[0]).toMatchObject({ providerMessageId: id, newBody: 'Meu pedido é 124' });
      await ctx.customerRevokes!(id);
      await until(ctx, () => seen.revoke.length > 0, 'revoke event');
      expect(seen.revoke[0].providerMessageId).toBe(id);
    });

    it('moves acks forward only, even when receipts arrive out of order', async () => {
      await ctx.pair();
      const acksOf = (id: string) => seen.ack.filter((a) => a.providerMessageId === id).map((a) => a.ack);
      const increasing = (list: AckLevel[]) => list.every((ack, i) => i === 0 || ack > list[i - 1]);

      const normal = await send('a1', 'recebeu?');
      await ctx.completeAcks(normal.providerMessageId);
      await until(ctx, () => acksOf(normal.providerMessageId).includes(3), 'read ack');
      expect(increasing(acksOf(normal.providerMessageId))).toBe(true);
      expect(acksOf(normal.providerMessageId)).toContain(2);

      await ctx.reorderNextAcks();
      const shuffled = await send('a2', 'e agora?');
      await ctx.completeAcks(shuffled.providerMessageId);
      await until(ctx, () => acksOf(shuffled.providerMessageId).includes(3), 'read ack (reordered)');
      await ctx.settle();
      expect(increasing(acksOf(shuffled.providerMessageId))).toBe(true);
      expect(acksOf(shuffled.providerMessageId).at(-1)).toBe(3);
    });

    it('marks messages read', async (t) => {
      if (!caps.markRead || !ctx.readMarks) t.skip();
      await ctx.pair();
      const id = await ctx.customerSends({ kind: 'text', body: 'alguém aí?' });
      await ctx.session.markRead({ chatId: chatId(), providerMessageIds: [id] });
      await ctx.settle();
      expect(await ctx.readMarks!()).toContain(id);
    });

    it('reports calls', async (t) => {
      if (!caps.calls || !ctx.customerCalls) t.skip();
      await ctx.pair();
      await ctx.customerCalls!();
      await until(ctx, () => seen.call.length > 0, 'call event');
      expect(seen.call[0].from).toBe(chatId());
    });

    it('checks numbers', async (t) => {
      if (!caps.numberCheck) t.skip();
      await ctx.pair();
      expect(await ctx.session.checkNumber(ctx.customer)).toEqual({ exists: true, chatId: chatId(), verified: true });
    });

    it('survives a disconnect and recovers', async () => {
      await ctx.pair();
      await ctx.disconnect();
      expect(ctx.session.status).not.toBe('CONNECTED');
      await expect(send('during', 'vai?')).rejects.toSatisfy((e: unknown) => isWhatsAppError(e));
      await ctx.recover();
      expect(ctx.session.status).toBe('CONNECTED');
      const after = await send('after', 'voltou');
      await ctx.settle();
      expect((await ctx.customerSees()).some((e) => e.id === after.providerMessageId)).toBe(true);
    });

    it('stops cleanly', async () => {
      await ctx.pair();
      await ctx.session.stop();
      expect(ctx.session.status).toBe('DISCONNECTED');
      expect(statuses().at(-1)).toBe('DISCONNECTED');
    });
  });
}
