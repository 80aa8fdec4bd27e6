import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEvent, type Schedule } from '@atende/contract';
import { buildApp, type BuiltApp } from '../../app.js';
import { MINUTE, customer } from '../../test/bot-world.js';
import { createAgent, createQueue, pairedConnection, settle, startWorld, type World } from '../../test/conversation-world.js';
import { eventually } from '../../test/live-sockets.js';
import { createScheduleSender } from './schedule-sender.js';

/**
 * Scheduled messages (the schedule dialog and its routes): validated, kept inside
 * the company, sent once when due (also when they fell due while the server was stopped), and
 * no longer editable once sent.
 */
let w: World;
let whatsappId: number;
let second: BuiltApp | undefined;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  w = await startWorld({ listen: true });
  whatsappId = await pairedConnection(w);
});
afterAll(async () => {
  w.sockets.closeAll();
  await second?.app.close();
  await w.t.close();
});

const sweep = async () => {
  await w.t.parts.scheduleSender.runDue();
  await settle(w);
};
const inAnHour = () => new Date(w.clock.now() + HOUR).toISOString();

async function contactNamed(name: string, number: string): Promise<number> {
  const res = await w.admin.post('/api/contacts', { name, number });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

describe('schedule input', () => {
  it('needs a text of 5 characters or more, a contact and a time', async () => {
    const empty = await w.admin.post('/api/schedules', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'ERR_VALIDATION', fields: { body: 'required', contactId: 'required', sendAt: 'required' } });
    const contactId = await contactNamed('Dora Lima', '5511944440001');
    expect((await w.admin.post('/api/schedules', { body: 'oi', contactId, sendAt: inAnHour() })).json().fields).toEqual({ body: 'tooShort' });
    expect((await w.admin.post('/api/schedules', { body: 'Bom dia!', contactId, sendAt: 'amanhã' })).json().fields).toEqual({ sendAt: 'invalid' });
    expect((await w.admin.post('/api/schedules', { body: 'Bom dia!', contactId, sendAt: null })).json().fields).toEqual({ sendAt: 'required' });

    const created = await w.admin.post('/api/schedules', { body: '  Bom dia, Dora!  ', contactId, sendAt: inAnHour(), status: 'ENVIADA', userId: 999 });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      body: 'Bom dia, Dora!',
      contactId,
      contact: { id: contactId, name: 'Dora Lima', number: '5511944440001' },
      status: 'PENDENTE',
      sentAt: null,
      sendAt: inAnHour(),
      userId: w.adminSession.userId,
      mediaPath: null,
    });
    expect((await w.admin.put(`/api/schedules/${created.json().id}`, { body: 'abc' })).json().fields).toEqual({ body: 'tooShort' });
  });

  it('lists a page with search and a contact filter, and keeps every company to its own schedules', async () => {
    const eva = await contactNamed('Eva Souza', '5511944440002');
    const fabio = await contactNamed('Fábio Reis', '5511944440003');
    const first = (await w.admin.post('/api/schedules', { body: 'Lembrete da consulta', contactId: eva, sendAt: inAnHour() })).json() as Schedule;
    await w.admin.post('/api/schedules', { body: 'Seu pedido saiu', contactId: fabio, sendAt: inAnHour() });

    expect((await w.admin.get(`/api/schedules?contactId=${eva}`)).json()).toEqual({ schedules: [first], count: 1, hasMore: false });
    expect((await w.admin.get('/api/schedules?searchParam=PEDIDO')).json().schedules.map((s: Schedule) => s.contactId)).toEqual([fabio]);
    expect((await w.admin.get('/api/schedules?searchParam=fábio')).json().count).toBe(1);
    expect((await w.admin.get('/api/schedules?searchParam=44440002')).json().schedules).toEqual([first]);
    expect((await w.admin.get(`/api/schedules/${first.id}`)).json()).toEqual(first);

    const other = await w.t.createCompany();
    const stranger = w.t.as(await w.t.login(other.email, other.password));
    expect((await stranger.get('/api/schedules')).json()).toEqual({ schedules: [], count: 0, hasMore: false });
    for (const res of [
      await stranger.get(`/api/schedules/${first.id}`),
      await stranger.put(`/api/schedules/${first.id}`, { body: 'Sequestrado' }),
      await stranger.delete(`/api/schedules/${first.id}`),
      await stranger.delete(`/api/schedules/${first.id}/media-upload`),
      await stranger.post(`/api/schedules/${first.id}/media-upload`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ERR_NO_SCHEDULE_FOUND');
    }
    const cross = await stranger.post('/api/schedules', { body: 'Para a Eva', contactId: eva, sendAt: inAnHour() });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await w.admin.get(`/api/schedules/${first.id}`)).json()).toEqual(first);
  });

  it('lists the calendar’s range: sent at or after `from`, before `to`', async () => {
    const gil = await contactNamed('Gil Calendário', '5511944440004');
    const at = (hours: number) => new Date(w.clock.now() + hours * HOUR).toISOString();
    const ids: number[] = [];
    for (const hours of [48, 72, 96]) ids.push((await w.admin.post('/api/schedules', { body: 'Na agenda do mês', contactId: gil, sendAt: at(hours) })).json().id);
    const inRange = await w.admin.get(`/api/schedules?contactId=${gil}&from=${encodeURIComponent(at(72))}&to=${encodeURIComponent(at(96))}`);
    expect(inRange.json().schedules.map((s: Schedule) => s.id)).toEqual([ids[1]]);
    expect((await w.admin.get(`/api/schedules?contactId=${gil}&from=${encodeURIComponent(at(49))}`)).json().count).toBe(2);
    expect((await w.admin.get('/api/schedules?from=amanh%C3%A3')).json()).toEqual({ error: 'ERR_VALIDATION', fields: { from: 'invalid' } });
  });

  it('is refused when the company’s plan has no schedules', async () => {
    const other = await w.t.createCompany({ plan: { useSchedules: false } });
    const api = w.t.as(await w.t.login(other.email, other.password));
    for (const res of [await api.get('/api/schedules'), await api.post('/api/schedules', { body: 'Bom dia!', contactId: 1, sendAt: inAnHour() })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });
});

describe('who sees a schedule', () => {
  it('an agent reaches only the schedules of tickets they may open, and their own without a ticket', async () => {
    const [support, sales] = [await createQueue(w), await createQueue(w)];
    const agent = await createAgent(w, [support]);
    const agentHeard = w.sockets.record(await w.sockets.connect(agent.session));
    const mine = customer(w, whatsappId, '5511944440030', 'Lia Prado');
    const theirs = customer(w, whatsappId, '5511944440031', 'Rui Bento');
    await mine.writes('oi');
    await theirs.writes('oi');
    const [supportTicket, salesTicket] = [await mine.ticket(), await theirs.ticket()];
    const db = w.t.database.db;
    await db.updateTable('tickets').set({ queueId: support, userId: null }).where('id', '=', supportTicket.id).execute();
    await db.updateTable('tickets').set({ queueId: sales, userId: null }).where('id', '=', salesTicket.id).execute();

    // Sending into another queue's ticket, named or as the contact's latest, is refused.
    for (const res of [
      await agent.api.post('/api/schedules', { body: 'Entrando pela agenda', contactId: salesTicket.contactId, ticketId: salesTicket.id, sendAt: inAnHour() }),
      await agent.api.post('/api/schedules', { body: 'Entrando pela agenda', contactId: salesTicket.contactId, sendAt: inAnHour() }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    const own = (await agent.api.post('/api/schedules', { body: 'Lembrete da Lia', contactId: supportTicket.contactId, ticketId: supportTicket.id, sendAt: inAnHour() })).json() as Schedule;
    const loose = await contactNamed('Nina Sá', '5511944440032');
    const ownLoose = (await agent.api.post('/api/schedules', { body: 'Sem ticket ainda', contactId: loose, sendAt: inAnHour() })).json() as Schedule;
    const salesOne = (await w.admin.post('/api/schedules', { body: 'Proposta de vendas', contactId: salesTicket.contactId, ticketId: salesTicket.id, sendAt: inAnHour() })).json() as Schedule;
    const adminLoose = (await w.admin.post('/api/schedules', { body: 'Do admin, sem ticket', contactId: loose, sendAt: inAnHour() })).json() as Schedule;

    const listed = (await agent.api.get('/api/schedules')).json();
    expect(listed.schedules.map((s: Schedule) => s.id).sort()).toEqual([own.id, ownLoose.id].sort());
    expect(listed.count).toBe(2);
    expect((await agent.api.get(`/api/schedules?contactId=${salesTicket.contactId}`)).json()).toEqual({ schedules: [], count: 0, hasMore: false });
    for (const id of [salesOne.id, adminLoose.id]) {
      for (const res of [
        await agent.api.get(`/api/schedules/${id}`),
        await agent.api.put(`/api/schedules/${id}`, { body: 'Mudado por quem não vê' }),
        await agent.api.delete(`/api/schedules/${id}`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe('ERR_NO_PERMISSION');
      }
    }
    const moved = await agent.api.put(`/api/schedules/${own.id}`, { contactId: salesTicket.contactId, ticketId: salesTicket.id });
    expect(moved.statusCode).toBe(403);
    expect((await agent.api.get(`/api/schedules/${own.id}`)).json()).toEqual(own);

    const all = (await w.admin.get(`/api/schedules?contactId=${loose}`)).json();
    expect(all.schedules.map((s: Schedule) => s.id).sort()).toEqual([ownLoose.id, adminLoose.id].sort());
    expect((await w.admin.get(`/api/schedules/${salesOne.id}`)).statusCode).toBe(200);

    // Live changes reach the same people: the agent hears their own schedules, not the others.
    const heardIds = () =>
      agentHeard
        .filter((h) => h.event === companyEvent(w.company.companyId, 'schedule'))
        .map((h) => (h.payload as { schedule?: Schedule }).schedule?.id);
    await eventually(() => expect(heardIds()).toEqual(expect.arrayContaining([own.id, ownLoose.id])));
    expect(heardIds()).not.toContain(salesOne.id);
    expect(heardIds()).not.toContain(adminLoose.id);
  });
});

describe('sending', () => {
  it('sends the message into the ticket when its time comes, once, and then refuses changes', async () => {
    const heard = w.sockets.record(await w.sockets.connect(w.adminSession));
    const gabi = customer(w, whatsappId, '5511944440010', 'Gabi Nunes');
    await gabi.writes('oi, podem me lembrar amanhã?');
    const ticket = await gabi.ticket();
    const created = (await w.admin.post('/api/schedules', { body: 'Olá {{firstName}}, lembrete!', contactId: ticket.contactId, ticketId: ticket.id, sendAt: inAnHour() })).json() as Schedule;

    await w.clock.advance(HOUR - MINUTE);
    await sweep();
    expect(gabi.received()).toEqual([]);
    expect((await w.admin.get(`/api/schedules/${created.id}`)).json().status).toBe('PENDENTE');

    await w.clock.advance(MINUTE);
    await sweep();
    await sweep();
    expect(gabi.received()).toEqual(['Olá Gabi, lembrete!']);
    const sent = (await w.admin.get(`/api/schedules/${created.id}`)).json() as Schedule;
    expect(sent).toMatchObject({ status: 'ENVIADA', sentAt: new Date(w.clock.now()).toISOString(), ticketId: ticket.id });
    const messages = (await w.admin.get(`/api/messages/${ticket.id}`)).json().messages;
    expect(messages.filter((m: { body: string }) => m.body === 'Olá Gabi, lembrete!')).toHaveLength(1);
    await eventually(() =>
      expect(heard.filter((h) => h.event === companyEvent(w.company.companyId, 'schedule')).map((h) => h.payload)).toContainEqual({ action: 'update', schedule: sent }),
    );

    const edit = await w.admin.put(`/api/schedules/${created.id}`, { body: 'Texto novo', sendAt: inAnHour() });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe('ERR_SCHEDULE_ALREADY_SENT');
    expect((await w.admin.get(`/api/schedules/${created.id}`)).json()).toEqual(sent);
    expect((await w.admin.delete(`/api/schedules/${created.id}`)).statusCode).toBe(204);
    expect((await w.admin.get(`/api/schedules/${created.id}`)).statusCode).toBe(404);
    expect(gabi.received()).toEqual(['Olá Gabi, lembrete!']);
  });

  it('sends the attachment with the text as its caption', async () => {
    const hugo = customer(w, whatsappId, '5511944440011', 'Hugo Prado');
    await hugo.writes('oi');
    const ticket = await hugo.ticket();
    const created = (await w.admin.post('/api/schedules', { body: 'Segue o boleto', contactId: ticket.contactId, sendAt: inAnHour() })).json() as Schedule;
    const boundary = '----atendeschedule';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="boleto.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1 boleto\r\n--${boundary}--\r\n`,
    );
    const upload = await w.t.request({
      method: 'POST',
      url: `/api/schedules/${created.id}/media-upload`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${w.adminSession.token}` },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({ mediaName: 'boleto.pdf', mediaPath: expect.stringMatching(/^\/api\/media\/.+\.pdf$/) });

    await w.clock.advance(HOUR);
    await sweep();
    const sent = (await w.admin.get(`/api/messages/${ticket.id}`)).json().messages.filter((m: { fromMe: boolean }) => m.fromMe);
    expect(sent).toMatchObject([{ body: 'Segue o boleto', mediaType: 'application' }]);
    expect((await w.admin.get(`/api/schedules/${created.id}`)).json().status).toBe('ENVIADA');
  });

  it('opens a ticket on the default connection for a contact without one', async () => {
    const number = '5511944440012';
    const contactId = await contactNamed('Iris Campos', number);
    await w.admin.post('/api/schedules', { body: 'Olá Iris, tudo bem?', contactId, sendAt: new Date(w.clock.now() - HOUR).toISOString() });
    await sweep();
    const iris = customer(w, whatsappId, number);
    expect(iris.received()).toEqual(['Olá Iris, tudo bem?']);
    expect(await iris.ticket()).toMatchObject({ status: 'open', userId: w.adminSession.userId, whatsappId });
  });

  it('marks a schedule that cannot be sent as ERRO; an edit makes it wait again', async () => {
    const other = await w.t.createCompany();
    const api = w.t.as(await w.t.login(other.email, other.password));
    const contactId = (await api.post('/api/contacts', { name: 'Sem Conexão', number: '5511944440013' })).json().id;
    const created = (await api.post('/api/schedules', { body: 'Ninguém vai receber', contactId, sendAt: new Date(w.clock.now()).toISOString() })).json() as Schedule;
    await sweep();
    expect((await api.get(`/api/schedules/${created.id}`)).json()).toMatchObject({ status: 'ERRO', sentAt: null });
    const edited = await api.put(`/api/schedules/${created.id}`, { sendAt: inAnHour() });
    expect(edited.json()).toMatchObject({ status: 'PENDENTE', body: 'Ninguém vai receber' });
  });
});

describe('a company that stops working', () => {
  it('keeps the schedules of an inactive or expired company waiting, and sends them once it works again', async () => {
    const other = await w.t.createCompany();
    const api = w.t.as(await w.t.login(other.email, other.password));
    const contactId = (await api.post('/api/contacts', { name: 'Conta Suspensa', number: '5511944440014' })).json().id;
    const created = (await api.post('/api/schedules', { body: 'Lembrete suspenso', contactId, sendAt: new Date(w.clock.now()).toISOString() })).json() as Schedule;
    const statusOf = async () => (await w.t.database.db.selectFrom('schedules').select('status').where('id', '=', created.id).executeTakeFirstOrThrow()).status;
    const setCompany = (values: { status?: boolean; dueDate?: string | null }) =>
      w.t.database.db.updateTable('companies').set(values).where('id', '=', other.companyId).execute();

    await setCompany({ status: false });
    await sweep();
    expect(await statusOf()).toBe('PENDENTE');
    await setCompany({ status: true, dueDate: '2001-01-01' });
    await sweep();
    expect(await statusOf()).toBe('PENDENTE');
    // Working again, the sender takes it up (this company has no connection, so it ends as ERRO).
    await setCompany({ dueDate: null });
    await sweep();
    expect(await statusOf()).toBe('ERRO');
  });
});

describe('after a restart', () => {
  it('a schedule that fell due while the server was stopped is sent once on the first sweeps', async () => {
    const julia = customer(w, whatsappId, '5511944440020', 'Julia Melo');
    await julia.writes('oi');
    const ticket = await julia.ticket();
    const created = (await w.admin.post('/api/schedules', { body: 'Sua consulta é hoje', contactId: ticket.contactId, ticketId: ticket.id, sendAt: inAnHour() })).json();

    await w.t.app.close(); // the server stops before the schedule is due...
    await w.clock.advance(3 * HOUR); // ...and starts again well after it
    second = await buildApp({
      config: w.t.config,
      database: w.t.database,
      clock: { now: () => new Date(w.clock.now()) },
      whatsapp: { simulator: w.network, simulatorSession: { openDelayMs: 300, reconnect: { maxRetries: 3, baseDelayMs: 1_000, jitter: 0 } } },
    });
    await second.app.ready();
    await second.startWorker();
    await Promise.all([second.parts.scheduleSender.runDue(), createScheduleSender(second.ctx).runDue(), createScheduleSender(second.ctx).runDue()]);
    await second.parts.scheduleSender.runDue();

    const stored = await w.t.database.db.selectFrom('messages').select(['body', 'idempotencyKey']).where('ticketId', '=', ticket.id).where('fromMe', '=', true).execute();
    expect(stored).toEqual([{ body: 'Sua consulta é hoje', idempotencyKey: `schedule:${created.id}` }]);
    const row = await w.t.database.db.selectFrom('schedules').select(['status', 'sentAt']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('ENVIADA');
    expect(row.sentAt?.getTime()).toBe(w.clock.now());
  });
});
