import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES_PAGE_SIZE, companyEvent, type Chat, type ChatMessage, type ChatMessagePage } from '@atende/contract';
import { startTestApp, unique, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';
import { eventually, liveSockets, type HeardEvent } from '../../test/live-sockets.js';

/**
 * Internal chat: only members read or write a chat, only its owner edits or deletes it, messages
 * page back from the newest, unread counts are kept per member, and live events reach the members
 * only.
 */
interface Member {
  id: number;
  api: ApiClient;
  session: Awaited<ReturnType<TestApp['login']>>;
}

let t: TestApp;
let company: TestCompany;
let admin: Member;
let ana: Member;
let bia: Member;
let url = '';
const sockets = liveSockets(() => url);

async function member(email: string, password: string): Promise<Member> {
  const session = await t.login(email, password);
  return { id: session.userId, session, api: t.as(session) };
}

async function agent(): Promise<Member> {
  const email = `${unique('agent')}@example.com`;
  const res = await admin.api.post('/api/users', { name: unique('Agente').slice(0, 30), email, password: 'secret123', profile: 'user' });
  expect(res.statusCode, res.body).toBe(200);
  return member(email, 'secret123');
}

async function createChat(by: Member, title: string, users: number[]): Promise<Chat> {
  const res = await by.api.post('/api/chats', { title, users: users.map((id) => ({ id })) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function send(by: Member, chatId: number, message: string): Promise<ChatMessage> {
  const res = await by.api.post(`/api/chats/${chatId}/messages`, { message });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const unreadsOf = async (who: Member, chatId: number) => ((await who.api.get(`/api/chats/${chatId}`)).json() as Chat).users.find((u) => u.userId === who.id)?.unreads;
const chatEvents = (heard: HeardEvent[]) => heard.filter((e) => e.event === companyEvent(company.companyId, 'chat'));

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  url = await t.listen();
  company = await t.createCompany();
  admin = await member(company.email, company.password);
  ana = await agent();
  bia = await agent();
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

describe('chat input', () => {
  it('needs a title and at least one user of the company', async () => {
    const empty = await admin.api.post('/api/chats', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'ERR_VALIDATION', fields: { title: 'required', users: 'required' } });
    expect((await admin.api.post('/api/chats', { title: '   ', users: [ana.id] })).json().fields).toEqual({ title: 'required' });
    expect((await admin.api.post('/api/chats', { title: 'Equipe', users: [] })).json().fields).toEqual({ users: 'required' });
    const other = await t.createCompany();
    const stranger = await admin.api.post('/api/chats', { title: 'Equipe', users: [{ id: other.adminId }] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ error: 'ERR_VALIDATION', fields: { users: 'invalid' } });
    expect((await admin.api.get('/api/chats')).json().records).toEqual([]);
  });

  it('makes the caller the owner and a member, whatever the body says', async () => {
    const res = await ana.api.post('/api/chats', { title: '  Plantão  ', users: [bia.id, { id: bia.id }], ownerId: admin.id, companyId: 999 });
    expect(res.statusCode, res.body).toBe(200);
    const chat = res.json() as Chat;
    expect(chat).toMatchObject({ title: 'Plantão', ownerId: ana.id, lastMessage: '' });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users.map((u) => u.userId)).toEqual([ana.id, bia.id]);
    expect(chat.users.every((u) => u.unreads === 0)).toBe(true);
  });

  it('refuses a blank message', async () => {
    const chat = await createChat(admin, 'Avisos', [ana.id]);
    for (const message of ['', '   ', undefined]) {
      const res = await admin.api.post(`/api/chats/${chat.id}/messages`, message === undefined ? {} : { message });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { message: 'required' } });
    }
    expect((await admin.api.get(`/api/chats/${chat.id}/messages`)).json().records).toEqual([]);
    expect((await admin.api.get(`/api/chats/${chat.id}`)).json().lastMessage).toBe('');
  });
});

describe('who reaches a chat', () => {
  it('only members read or write it; others are told it does not exist', async () => {
    const chat = await createChat(admin, 'Só nós dois', [ana.id]);
    expect((await ana.api.get(`/api/chats/${chat.id}`)).json().title).toBe('Só nós dois');
    expect((await ana.api.get(`/api/chats/${chat.uuid}`)).json().id).toBe(chat.id);
    expect((await ana.api.get('/api/chats')).json().records.map((c: Chat) => c.id)).toContain(chat.id);
    expect((await bia.api.get('/api/chats')).json().records.map((c: Chat) => c.id)).not.toContain(chat.id);
    expect((await ana.api.get('/api/chats?searchParam=NÓS%20DOIS')).json().records.map((c: Chat) => c.id)).toEqual([chat.id]);
    expect((await ana.api.get('/api/chats?searchParam=%25')).json().records).toEqual([]);
    for (const res of [
      await bia.api.get(`/api/chats/${chat.id}`),
      await bia.api.get(`/api/chats/${chat.uuid}`),
      await bia.api.get(`/api/chats/${chat.id}/messages`),
      await bia.api.post(`/api/chats/${chat.id}/messages`, { message: 'Posso entrar?' }),
      await bia.api.post(`/api/chats/${chat.id}/read`, { userId: admin.id }),
      await bia.api.put(`/api/chats/${chat.id}`, { title: 'Meu agora' }),
      await bia.api.delete(`/api/chats/${chat.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_NO_CHAT_FOUND' });
    }
    expect((await admin.api.get(`/api/chats/${chat.id}`)).json()).toMatchObject({ title: 'Só nós dois', lastMessage: '' });
  });

  it('only the owner edits or deletes it; a member is refused', async () => {
    const chat = await createChat(admin, 'Gerência', [ana.id]);
    for (const res of [await ana.api.put(`/api/chats/${chat.id}`, { title: 'Tomado' }), await ana.api.delete(`/api/chats/${chat.id}`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
    const edited = await admin.api.put(`/api/chats/${chat.uuid}`, { title: 'Gerência e vendas', users: [ana.id, bia.id] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Gerência e vendas', ownerId: admin.id });
    expect((edited.json() as Chat).users.map((u) => u.userId)).toEqual([admin.id, ana.id, bia.id]);
    // Only the title sent: the members stay.
    expect(((await admin.api.put(`/api/chats/${chat.id}`, { title: 'Gerência' })).json() as Chat).users).toHaveLength(3);
    // The owner cannot be left out.
    expect(((await admin.api.put(`/api/chats/${chat.id}`, { users: [bia.id] })).json() as Chat).users.map((u) => u.userId)).toEqual([admin.id, bia.id]);
    expect((await ana.api.get(`/api/chats/${chat.id}`)).statusCode).toBe(404);

    expect((await admin.api.delete(`/api/chats/${chat.id}`)).statusCode).toBe(204);
    expect((await admin.api.get(`/api/chats/${chat.id}`)).statusCode).toBe(404);
    expect((await bia.api.get(`/api/chats/${chat.id}/messages`)).statusCode).toBe(404);
  });

  it('needs the plan to allow internal chat', async () => {
    const off = await t.createCompany({ plan: { useInternalChat: false } });
    const api = t.as(await t.login(off.email, off.password));
    for (const res of [await api.get('/api/chats'), await api.post('/api/chats', { title: 'Equipe', users: [off.adminId] }), await api.get('/api/chats/1/messages')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });
});

describe('messages and unread counts', () => {
  it('pages back from the newest message, each page oldest first', async () => {
    const chat = await createChat(admin, 'Histórico', [ana.id]);
    const total = CHAT_MESSAGES_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i++) await send(i % 2 ? admin : ana, chat.id, `Mensagem ${i}`);
    const first = (await ana.api.get(`/api/chats/${chat.id}/messages`)).json() as ChatMessagePage;
    expect(first.records.map((m) => m.message)).toEqual(Array.from({ length: CHAT_MESSAGES_PAGE_SIZE }, (_, i) => `Mensagem ${i + 6}`));
    expect(first).toMatchObject({ count: total, hasMore: true });
    expect(first.records[0]).toMatchObject({ chatId: chat.id, senderId: ana.id, sender: { id: ana.id } });
    const second = (await ana.api.get(`/api/chats/${chat.id}/messages?pageNumber=2`)).json() as ChatMessagePage;
    expect(second.records.map((m) => m.message)).toEqual(['Mensagem 1', 'Mensagem 2', 'Mensagem 3', 'Mensagem 4', 'Mensagem 5']);
    expect(second.hasMore).toBe(false);
    expect((await ana.api.get(`/api/chats/${chat.id}/messages?pageNumber=0`)).statusCode).toBe(400);
  });

  it('counts unread messages per member; reading clears only the caller’s count', async () => {
    const chat = await createChat(admin, 'Contagem', [ana.id, bia.id]);
    await send(admin, chat.id, 'Um');
    await send(admin, chat.id, 'Dois');
    await send(ana, chat.id, '  Três  ');
    expect(await unreadsOf(admin, chat.id)).toBe(1);
    expect(await unreadsOf(ana, chat.id)).toBe(2);
    expect(await unreadsOf(bia, chat.id)).toBe(3);
    const listed = ((await bia.api.get('/api/chats')).json().records as Chat[]).find((c) => c.id === chat.id);
    expect(listed).toMatchObject({ lastMessage: 'Três' });

    // A userId in the body does not clear someone else's count.
    const read = await bia.api.post(`/api/chats/${chat.id}/read`, { userId: ana.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(await unreadsOf(bia, chat.id)).toBe(0);
    expect(await unreadsOf(ana, chat.id)).toBe(2);
    expect(await unreadsOf(admin, chat.id)).toBe(1);
  });
});

describe('live chat events', () => {
  it('reach the members only, and stop reaching a member who was removed', async () => {
    const heard = {
      admin: sockets.record(await sockets.connect(admin.session)),
      ana: sockets.record(await sockets.connect(ana.session)),
      bia: sockets.record(await sockets.connect(bia.session)),
    };
    const chat = await createChat(admin, 'Ao vivo', [ana.id]);
    const message = await send(admin, chat.id, 'Chegou?');
    for (const who of [heard.admin, heard.ana]) {
      await eventually(() =>
        expect(chatEvents(who).map((e) => e.payload)).toEqual([
          { action: 'create', chat },
          { action: 'new-message', newMessage: message, chat: expect.objectContaining({ id: chat.id, lastMessage: 'Chegou?' }) },
        ]),
      );
    }
    const newMessage = chatEvents(heard.ana)[1].payload as { chat: Chat };
    expect(newMessage.chat.users.find((u) => u.userId === ana.id)?.unreads).toBe(1);

    // Bia hears her own chat, and nothing of the one before it (events reach a socket in order).
    const hers = await createChat(bia, 'Da Bia', [bia.id]);
    await eventually(() => expect(chatEvents(heard.bia).map((e) => e.payload)).toEqual([{ action: 'create', chat: hers }]));

    // Ana leaves the chat: she is told it is gone for her, and hears nothing of it afterwards.
    await admin.api.put(`/api/chats/${chat.id}`, { users: [bia.id] });
    await eventually(() => expect(chatEvents(heard.ana).at(-1)?.payload).toEqual({ action: 'delete', chatId: chat.id }));
    const anaBefore = chatEvents(heard.ana).length;
    await send(admin, chat.id, 'Só para a Bia');
    await eventually(() => expect(chatEvents(heard.bia).at(-1)?.payload).toMatchObject({ action: 'new-message', newMessage: { message: 'Só para a Bia' } }));
    await send(bia, hers.id, 'Marcador');
    await eventually(() => expect(chatEvents(heard.bia).at(-1)?.payload).toMatchObject({ newMessage: { message: 'Marcador' } }));
    await eventually(() => expect(chatEvents(heard.admin).at(-1)?.payload).toMatchObject({ newMessage: { message: 'Só para a Bia' } }));
    // Reading is heard by the reader only.
    await ana.api.post(`/api/chats/${(await createChat(ana, 'Marca da Ana', [ana.id])).id}/read`);
    await eventually(() => expect(chatEvents(heard.ana).at(-1)?.payload).toMatchObject({ action: 'update', chat: { title: 'Marca da Ana' } }));
    expect(chatEvents(heard.ana).slice(anaBefore).map((e) => (e.payload as { chat: Chat }).chat.title)).toEqual(['Marca da Ana', 'Marca da Ana']);

    expect((await admin.api.delete(`/api/chats/${chat.id}`)).statusCode).toBe(204);
    await eventually(() => expect(chatEvents(heard.bia).at(-1)?.payload).toEqual({ action: 'delete', chatId: chat.id }));
    await eventually(() => expect(chatEvents(heard.admin).at(-1)?.payload).toEqual({ action: 'delete', chatId: chat.id }));
    expect(chatEvents(heard.ana).slice(anaBefore).every((e) => (e.payload as { chat?: Chat }).chat?.title === 'Marca da Ana')).toBe(true);
  });
});
