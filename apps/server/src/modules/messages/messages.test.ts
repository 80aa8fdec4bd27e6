import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessagePage, Ticket } from '@atende/contract';
import { createAgent, createQueue, pairedConnection, settle, startWorld, type Agent, type World } from '../../test/conversation-world.js';
import { eventually } from '../../test/live-sockets.js';
import { multipart } from '../../test/multipart.js';

/**
 * The agents' message API: pages, sending text with template variables, files
 * with a caption, agent audio as a voice note, idempotent sends, deleting and editing one's own
 * messages, all the way to what the customer's phone (the simulator) shows.
 */
let w: World;
let whatsappId: number;
let agent: Agent;
let other: Agent;
let ffmpegDir: string;

beforeAll(async () => {
  // A stand-in ffmpeg: answers an ogg stream for whatever audio it is given.
  ffmpegDir = mkdtempSync(join(tmpdir(), 'fake-ffmpeg-'));
  const fake = join(ffmpegDir, 'ffmpeg');
  writeFileSync(fake, `#!${process.execPath}\nconst a = process.argv.slice(2);\nif (!a.includes('libopus') || a.at(-1) !== 'pipe:1') process.exit(1);\nprocess.stdout.write('OggS-voice-note');\n`, { mode: 0o755 });
  w = await startWorld({ env: { FFMPEG_PATH: fake } });
  const queueId = await createQueue(w);
  whatsappId = await pairedConnection(w, [queueId]);
  agent = await createAgent(w, [queueId]);
  other = await createAgent(w, [queueId]);
});
afterAll(async () => {
  await w.t.close();
  rmSync(ffmpegDir, { recursive: true, force: true });
});

let n = 0;
/** A customer writes; the agent accepts the ticket. */
async function openTicket(name = 'Marina Costa Lima'): Promise<{ ticket: Ticket; number: string }> {
  const number = `55219${String(30000000 + ++n).padStart(8, '0')}`;
  const { id } = w.network.customerSends({ connectionId: whatsappId, from: number, name, body: 'olá' });
  const row = await eventually(async () => {
    const found = await w.t.database.db.selectFrom('messages').select('ticketId').where('providerMessageId', '=', id).executeTakeFirst();
    expect(found).toBeDefined();
    return found!;
  });
  const ticket = (await agent.api.put(`/api/tickets/${row.ticketId}`, { action: 'accept' })).json() as Ticket;
  return { ticket, number };
}

const outbound = (number: string) => w.network.conversation(whatsappId, number).filter((e) => e.direction === 'out');

describe('reading', () => {
  it('answers a page by the ticket\'s address as by its id, with the ticket, and only to who may reach it', async () => {
    const { ticket, number } = await openTicket('Paula Address');
    w.network.customerSends({ connectionId: whatsappId, from: number, name: 'Paula Address', body: 'segunda mensagem' });
    await eventually(async () => expect((await other.api.get(`/api/tickets/${ticket.id}`)).json()).toMatchObject({ lastMessage: 'segunda mensagem' }));
    expect((await other.api.get(`/api/tickets/${ticket.id}`)).json().unreadMessages).toBeGreaterThan(0);

    const byAddress = await agent.api.get(`/api/messages/u/${ticket.uuid}?pageNumber=1`);
    expect(byAddress.statusCode).toBe(200);
    const page = byAddress.json() as MessagePage;
    expect(page.ticket).toMatchObject({ id: ticket.id, uuid: ticket.uuid, unreadMessages: 0 });
    expect(page.messages.map((m) => m.body)).toEqual(['olá', 'segunda mensagem']);
    const byId = (await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    // Marked read by the first reading: the same messages, now read.
    expect(byId.messages).toEqual(page.messages.map((m) => ({ ...m, read: true })));
    expect({ count: byId.count, hasMore: byId.hasMore }).toEqual({ count: page.count, hasMore: page.hasMore });

    expect((await agent.api.get('/api/messages/u/not-a-uuid')).json()).toEqual(expect.objectContaining({ error: 'ERR_NO_TICKET_FOUND' }));
    expect((await agent.api.get('/api/messages/u/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const elsewhere = await createAgent(w, [await createQueue(w)]);
    expect((await elsewhere.api.get(`/api/messages/u/${ticket.uuid}`)).statusCode).toBe(403);
  });
});

describe('sending', () => {
  it('takes yes/no fields as 1/0 as well as true/false, and refuses other values', async () => {
    const { ticket, number } = await openTicket();
    const res = await agent.api.post(`/api/messages/${ticket.id}`, { body: 'pode ser por 1/0', read: 1, fromMe: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject<Partial<Message>>({ body: 'pode ser por 1/0', fromMe: true });
    expect((await agent.api.post(`/api/messages/${ticket.id}`, { body: 'não', read: 2 })).statusCode).toBe(400);
    expect((await agent.api.post(`/api/messages/${ticket.id}`, { body: 'não', read: 'yes' })).statusCode).toBe(400);
    await settle(w);
    expect(outbound(number).map((e) => e.body)).toEqual(['pode ser por 1/0']);
  });

  it('fills the template variables and delivers the text to the phone', async () => {
    const { ticket, number } = await openTicket();
    const res = await agent.api.post(`/api/messages/${ticket.id}`, { body: '{{ms}}, {{firstName}}! Protocolo {{protocol}} às {{hora}}. {{name}} {{desconhecida}}' });
    expect(res.statusCode, res.body).toBe(200);
    // 13:00 UTC is 10:00 in São Paulo.
    const text = `Bom dia, Marina! Protocolo 20250106${ticket.id} às 10:00. Marina Costa Lima {{desconhecida}}`;
    expect(res.json()).toMatchObject<Partial<Message>>({ body: text, fromMe: true, userId: agent.id, delivery: 'pending', automated: false });
    await settle(w);
    expect(outbound(number).map((e) => e.body)).toEqual([text]);
    const page = (await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    expect(page.messages.at(-1)).toMatchObject({ body: text, delivery: 'sent', ack: 1 });
    expect(page.ticket.lastMessage).toBe(text);
  });

  it('refuses empty text and closed tickets; the same idempotency key sends once', async () => {
    const { ticket, number } = await openTicket();
    expect((await agent.api.post(`/api/messages/${ticket.id}`, { body: '   ' })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { body: 'required' } });
    const key = 'click-0123456789';
    const [a, b] = await Promise.all([
      agent.api.post(`/api/messages/${ticket.id}`, { body: 'uma vez só', idempotencyKey: key }),
      agent.api.post(`/api/messages/${ticket.id}`, { body: 'uma vez só', idempotencyKey: key }),
    ]);
    expect(a.json().id).toBe(b.json().id);
    await settle(w);
    expect(outbound(number).map((e) => e.body)).toEqual(['uma vez só']);
    await agent.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' });
    const closed = await agent.api.post(`/api/messages/${ticket.id}`, { body: 'depois de fechado' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ error: 'ERR_TICKET_CLOSED' });
  });

  it('quotes a message of the ticket, and refuses one of another ticket', async () => {
    const { ticket, number } = await openTicket();
    const { ticket: elsewhere } = await openTicket();
    const quoted = (await agent.api.get(`/api/messages/${ticket.id}`)).json().messages[0] as Message;
    const res = await agent.api.post(`/api/messages/${ticket.id}`, { body: 'respondendo', quotedMsg: { id: quoted.id } });
    expect(res.json().quotedMsg).toMatchObject({ id: quoted.id, body: 'olá', fromMe: false });
    await settle(w);
    expect(outbound(number)[0]).toMatchObject({ body: 'respondendo', quotedId: expect.any(String) });
    expect((await agent.api.post(`/api/messages/${elsewhere.id}`, { body: 'x', quotedMsg: { id: quoted.id } })).statusCode).toBe(400);
  });

  it('sends several files with the caption on the first, and agent audio as a voice note', async () => {
    const { ticket, number } = await openTicket();
    const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    const form = multipart([
      { name: 'body', value: 'segue, {{firstName}}' },
      { name: 'medias', file: png, fileName: 'foto.png', type: 'image/png' },
      { name: 'medias', file: Buffer.from('%PDF-1.4 test'), fileName: 'contrato.pdf', type: 'application/pdf' },
      { name: 'medias', file: Buffer.from('ID3-mp3-bytes'), fileName: 'audio.mp3', type: 'audio/mpeg' },
    ]);
    const res = await w.t.request({ method: 'POST', url: `/api/messages/${ticket.id}`, headers: { authorization: `Bearer ${agent.session.token}`, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json() as Message[];
    expect(sent.map((m) => [m.mediaType, m.body, m.mediaName])).toEqual([
      ['image', 'segue, Marina', 'foto.png'],
      ['application', '', 'contrato.pdf'],
      ['audio', '', null],
    ]);
    expect(sent[2].mimeType).toBe('audio/ogg; codecs=opus');
    await settle(w);
    expect(outbound(number).map((e) => [e.kind, e.body, e.media?.fileName ?? null])).toEqual([
      ['image', 'segue, Marina', 'foto.png'],
      ['document', '', 'contrato.pdf'],
      ['voice', '', null],
    ]);
    expect((await agent.api.get(sent[2].mediaUrl!)).body).toBe('OggS-voice-note');
  });
});

describe('deleting and editing', () => {
  it('deletes one’s own sent message on the phone and keeps it marked; never the customer’s or a colleague’s', async () => {
    const { ticket, number } = await openTicket();
    const mine = (await agent.api.post(`/api/messages/${ticket.id}`, { body: 'vou apagar' })).json() as Message;
    await settle(w);
    const customers = ((await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage).messages[0];
    expect((await agent.api.delete(`/api/messages/${customers.id}`)).statusCode).toBe(403);
    expect((await other.api.delete(`/api/messages/${mine.id}`)).statusCode).toBe(403);
    const deleted = await agent.api.delete(`/api/messages/${mine.id}`);
    expect(deleted.json()).toMatchObject({ id: mine.id, isDeleted: true });
    expect(outbound(number)[0]).toMatchObject({ body: 'vou apagar', deleted: true });
    expect((await w.admin.delete(`/api/messages/${mine.id}`)).statusCode).toBe(200);
    expect((await agent.api.delete('/api/messages/999999')).json()).toEqual({ error: 'ERR_NOT_FOUND' });
  });

  it('edits one’s own text on the phone, keeping the previous text', async () => {
    const { ticket, number } = await openTicket();
    const mine = (await agent.api.post(`/api/messages/${ticket.id}`, { body: 'com erro' })).json() as Message;
    await settle(w);
    const edited = await agent.api.put(`/api/messages/${mine.id}`, { body: 'corrigido' });
    expect(edited.json()).toMatchObject({ body: 'corrigido', isEdited: true });
    expect(outbound(number)[0]).toMatchObject({ body: 'corrigido', edited: true });
    const row = await w.t.database.db.selectFrom('messages').select('previousBodies').where('id', '=', String(mine.id)).executeTakeFirstOrThrow();
    expect(row.previousBodies).toEqual(['com erro']);
    expect((await other.api.put(`/api/messages/${mine.id}`, { body: 'alheio' })).statusCode).toBe(403);
  });
});
