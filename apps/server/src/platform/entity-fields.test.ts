import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, inboundEvent, handlerSource, pairedConnection, settle, startWorld, ticketOf, type World } from '../test/conversation-world.js';
import { createInboundHandler } from '../modules/inbound/inbound.handler.js';
import { ensurePlatformAdmin } from '../modules/seed/seed.js';
import type { ApiClient } from '../test/harness.js';

/**
 * Every field the specification names for an entity is in the API's answer for it: a client written for the specification reads them and shows nothing, or the wrong
 * thing, when one is missing.
 */
let w: World;
let root: ApiClient;
let whatsappId: number;
let queueId: number;
let ticketId: number;
let contactId: number;

const has = (entity: unknown, fields: string[], label: string) => {
  expect(entity, label).toBeTypeOf('object');
  const missing = fields.filter((field) => !(field in (entity as object)));
  expect(missing, `${label} lacks fields the spec names`).toEqual([]);
};

beforeAll(async () => {
  w = await startWorld();
  await ensurePlatformAdmin(w.t.database.db, w.t.config, w.t.app.log);
  root = w.t.as(await w.t.login(w.t.config.adminEmail, w.t.config.adminPassword));
  queueId = await createQueue(w);
  whatsappId = await pairedConnection(w, [queueId]);
  await createInboundHandler(w.t.ctx).message(handlerSource(w, whatsappId), inboundEvent('5511955550001@s.whatsapp.net', { pushName: 'Cliente Campos', body: 'olá' }));
  await settle(w);
  const ticket = (await ticketOf(w, whatsappId, '5511955550001'))!;
  ticketId = ticket.id;
  contactId = ticket.contactId;
  expect((await w.admin.put(`/api/tickets/${ticketId}`, { status: 'open', userId: w.adminSession.userId })).statusCode).toBe(200);
  expect((await w.admin.post(`/api/messages/${ticketId}`, { body: 'Bom dia!' })).statusCode).toBe(200);
  await settle(w);
});
afterAll(() => w.t.close());

describe('entities answer every field the specification names', () => {
  it('user and session user', async () => {
    const me = (await w.admin.get('/api/auth/me')).json();
    has(me, ['id', 'name', 'email', 'profile', 'allTicket', 'queues', 'whatsappId', 'companyId', 'company', 'super'], 'session user');
    has(me.company, ['name', 'dueDate', 'settings', 'plan'], 'session user company');
    has(me.company.plan, ['useCampaigns', 'useKanban', 'useOpenAi', 'useIntegrations', 'useSchedules', 'useInternalChat', 'useExternalApi'], 'plan flags');
    const user = (await w.admin.get(`/api/users/${w.adminSession.userId}`)).json();
    has(user, ['id', 'name', 'email', 'profile', 'allTicket', 'queues', 'whatsappId', 'companyId', 'super'], 'user');
  });

  it('ticket, message and contact', async () => {
    const ticket = (await w.admin.get(`/api/tickets/${ticketId}`)).json();
    has(ticket, ['id', 'uuid', 'status', 'userId', 'user', 'queueId', 'queue', 'contactId', 'contact', 'whatsappId', 'whatsapp', 'tags', 'chatbot', 'isGroup',
      'useIntegration', 'promptId', 'integrationId', 'lastMessage', 'unreadMessages', 'createdAt', 'updatedAt'], 'ticket');
    has(ticket.queue, ['name', 'color'], 'ticket queue');
    has(ticket.whatsapp, ['name'], 'ticket whatsapp');
    const page = (await w.admin.get(`/api/messages/${ticketId}`)).json();
    for (const message of page.messages) {
      has(message, ['id', 'ticketId', 'body', 'fromMe', 'read', 'mediaType', 'mediaUrl', 'quotedMsg', 'isDeleted', 'isEdited', 'ack', 'createdAt', 'contact'], 'message');
    }
    const contact = (await w.admin.get(`/api/contacts/${contactId}`)).json();
    has(contact, ['id', 'name', 'number', 'email', 'profilePicUrl', 'extraInfo', 'whatsapp', 'companyId', 'active'], 'contact');
    const listed = (await w.admin.get('/api/contacts/')).json().contacts[0];
    has(listed, ['id', 'name', 'number', 'email', 'profilePicUrl', 'companyId', 'active'], 'contact in the list');
  });

  it('queue, connection, tag, quick message, schedule and ticket note', async () => {
    has((await w.admin.get(`/api/queue/${queueId}`)).json(), ['id', 'name', 'color', 'greetingMessage', 'outOfHoursMessage', 'orderQueue', 'integrationId', 'promptId', 'schedules'], 'queue');
    has((await w.admin.get(`/api/whatsapp/${whatsappId}`)).json(), ['id', 'name', 'isDefault', 'greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'token',
      'queues', 'transferQueueId', 'promptId', 'timeToTransfer', 'expiresTicket', 'expiresInactiveMessage', 'timeUseBotQueues', 'maxUseBotQueues', 'provider', 'status', 'qrcode', 'updatedAt'], 'connection');
    const tag = (await w.admin.post('/api/tags', { name: 'Campos', color: '#112233', kanban: 1 })).json();
    has((await w.admin.get(`/api/tags/${tag.id}`)).json(), ['id', 'name', 'color', 'kanban', 'userId'], 'tag');
    has((await w.admin.get('/api/tags/')).json().tags[0], ['id', 'name', 'color', 'kanban', 'userId', 'ticketsCount'], 'tag in the list');
    const quick = (await w.admin.post('/api/quick-messages', { shortcode: 'campos', message: 'Olá' })).json();
    has((await w.admin.get(`/api/quick-messages/${quick.id}`)).json(), ['id', 'shortcode', 'message', 'geral', 'status', 'isMedia', 'mediaPath', 'mediaName'], 'quick message');
    const schedule = (await w.admin.post('/api/schedules', { body: 'Lembrete', contactId, sendAt: '2030-01-01T12:00:00.000Z' })).json();
    has((await w.admin.get(`/api/schedules/${schedule.id}`)).json(), ['id', 'body', 'contactId', 'contact', 'sendAt', 'sentAt', 'status', 'mediaPath', 'mediaName', 'userId'], 'schedule');
    const note = (await w.admin.post('/api/ticket-notes', { note: 'Cliente antigo', ticketId, contactId })).json();
    has(note, ['id', 'note', 'ticketId', 'contactId', 'createdAt', 'user'], 'ticket note');
  });

  it('company, plan and setting', async () => {
    const company = (await root.get(`/api/companies/${w.company.companyId}`)).json();
    has(company, ['id', 'name', 'email', 'phone', 'planId', 'status', 'campaignsEnabled', 'dueDate', 'recurrence', 'createdAt', 'plan', 'settings', 'schedules'], 'company');
    has((await root.get(`/api/plans/${company.planId}`)).json(), ['id', 'name', 'users', 'connections', 'queues', 'value',
      'useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations'], 'plan');
    for (const setting of (await w.admin.get('/api/settings')).json()) has(setting, ['key', 'value'], 'setting');
  });

  it('queue integration', async () => {
    const created = (await w.admin.post('/api/queueIntegration', { type: 'typebot', name: 'Fluxo', urlN8N: 'https://typebot.example.com', typebotSlug: 'fluxo' })).json();
    const page = (await w.admin.get('/api/queueIntegration/')).json();
    has(page, ['queueIntegrations', 'hasMore'], 'queue integration page');
    for (const integration of [created, (await w.admin.get(`/api/queueIntegration/${created.id}`)).json()]) {
      has(integration, ['id', 'type', 'name', 'projectName', 'jsonContent', 'language', 'urlN8N', 'typebotSlug', 'typebotExpires', 'typebotDelayMessage',
        'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotUnknownMessage', 'typebotRestartMessage'], 'queue integration');
    }
    has((await w.admin.get(`/api/queue/${queueId}`)).json(), ['integrationId', 'promptId'], 'queue');
    has((await w.admin.get(`/api/whatsapp/${whatsappId}`)).json(), ['integrationId', 'promptId'], 'connection');
  });
});
