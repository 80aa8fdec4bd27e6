import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import * as contract from '@atende/contract';
import { FakeGraphServer } from '../channels/whatsapp/cloud/fake-graph-server.js';
import { startTestApp, unique, type TestApp } from '../test/harness.js';
import { hostileValue, multipartBody, plausibleId, queryString, encodeUrlPart, valuesFor } from '../test/hostile-values.js';
import { ensurePlatformAdmin } from '../modules/seed/seed.js';

/**
 * Every route of the API, sent values shaped by the contract's schemas mixed with hostile ones
 * (NUL, lone surrogates, ids beyond int4, '+1', '0x10', days that do not exist, huge text, wrong
 * types): no answer is a 5xx, and every 4xx names its error. Fixed seed, so a failure replays.
 */
type Schema = z.ZodType | null;
interface RouteInputs {
  body?: Schema;
  query?: Schema;
  /** A multipart upload is sent some of the time, with this file field and these text fields. */
  upload?: { field: string; fields: string[] };
}

const c = contract;
/** The routes the fuzzer knows; a route of the app missing here fails the test (add it with its schemas). */
const ROUTES: Record<string, RouteInputs> = {
  'GET /api/version': {},
  'GET /api/health': {},
  'POST /api/auth/login': { body: c.loginInput },
  'DELETE /api/auth/logout': {},
  'POST /api/auth/refresh_token': {},
  'GET /api/auth/me': {},
  'GET /api/settings': {},
  'PUT /api/settings/:key': { body: c.settingUpdate },
  'GET /api/schedules': { query: c.scheduleListQuery },
  'POST /api/schedules': { body: c.scheduleInput },
  'GET /api/schedules/:id': {},
  'PUT /api/schedules/:id': { body: c.scheduleInput.partial() },
  'DELETE /api/schedules/:id': {},
  'POST /api/schedules/:id/media-upload': { upload: { field: c.SCHEDULE_MEDIA_FIELD, fields: [] } },
  'DELETE /api/schedules/:id/media-upload': {},
  'GET /api/chats': { query: c.chatListQuery },
  'POST /api/chats': { body: c.chatInput },
  'GET /api/chats/:id': {},
  'PUT /api/chats/:id': { body: c.chatInput.partial() },
  'DELETE /api/chats/:id': {},
  'POST /api/chats/:id/read': {},
  'GET /api/chats/:id/messages': { query: c.chatMessagesQuery },
  'POST /api/chats/:id/messages': { body: c.chatMessageInput },
  'GET /api/contact-lists': { query: c.listQuery },
  'GET /api/contact-lists/list': {},
  'GET /api/contact-lists/example': {},
  'GET /api/contact-lists/:id': {},
  'POST /api/contact-lists': { body: c.contactListInput },
  'PUT /api/contact-lists/:id': { body: c.contactListInput.partial() },
  'DELETE /api/contact-lists/:id': {},
  'POST /api/contact-lists/:id/upload': { upload: { field: c.CONTACT_LIST_UPLOAD_FIELD, fields: [] } },
  'GET /api/contact-list-items': { query: c.listContactsQuery },
  'GET /api/contact-list-items/:id': {},
  'GET /api/campaigns': { query: c.campaignListQuery },
  'POST /api/campaigns': { body: c.campaignInput },
  'GET /api/campaigns/:id': {},
  'PUT /api/campaigns/:id': { body: c.campaignInput.partial() },
  'DELETE /api/campaigns/:id': {},
  'POST /api/campaigns/:id/media-upload': { upload: { field: c.CAMPAIGN_MEDIA_FIELD, fields: [] } },
  'DELETE /api/campaigns/:id/media-upload': {},
  'POST /api/campaigns/:id/cancel': {},
  'POST /api/campaigns/:id/restart': {},
  'GET /api/campaign-settings': {},
  'GET /api/webhook-subscriptions': {},
  'POST /api/webhook-subscriptions': { body: c.webhookSubscriptionInput },
  'PUT /api/webhook-subscriptions/:id': { body: c.webhookSubscriptionUpdate },
  'DELETE /api/webhook-subscriptions/:id': {},
  'POST /api/webhook-subscriptions/:id/secret': {},
  'POST /api/webhook-subscriptions/:id/test': {},
  'GET /api/webhook-subscriptions/:id/deliveries': {},
  'POST /api/campaign-settings': { body: c.campaignSettingsInput },
  'GET /api/queueIntegration': { query: c.queueIntegrationListQuery },
  'POST /api/queueIntegration': { body: c.queueIntegrationInput },
  'GET /api/queueIntegration/:id': {},
  'PUT /api/queueIntegration/:id': { body: c.queueIntegrationInput.partial() },
  'DELETE /api/queueIntegration/:id': {},
  'POST /api/queueIntegration/testSession': { body: c.queueIntegrationTestInput },
  'POST /api/contact-list-items': { body: c.listContactInput },
  'PUT /api/contact-list-items/:id': { body: c.listContactInput.partial() },
  'DELETE /api/contact-list-items/:id': {},
  'GET /api/simulator/status': {},
  'POST /api/simulator/connections/:whatsappId/scan': {},
  'POST /api/simulator/connections/:whatsappId/new-qr': {},
  'GET /api/invoices': { query: c.invoiceListQuery },
  'GET /api/invoices/all': { query: c.invoiceListQuery },
  'GET /api/invoices/:id': {},
  'POST /api/subscription': { body: c.subscriptionInput },
  'POST /api/subscription/webhook/pix': { body: c.pixNotificationInput },
  'GET /api/simulator/conversations/:whatsappId/:number': {},
  'POST /api/simulator/calls': { body: c.simulatorCallInput },
  'POST /api/simulator/messages': { body: c.simulatorMessageInput },
  'POST /api/simulator/faults': { body: c.simulatorFaultInput },
  'GET /api/users': { query: c.listQuery },
  'POST /api/users': { body: c.userCreateInput },
  'GET /api/users/list': {},
  'GET /api/users/:id': {},
  'PUT /api/users/:id': { body: c.userUpdateInput },
  'DELETE /api/users/:id': {},
  'GET /api/plans': { query: c.listQuery },
  'POST /api/plans': { body: c.planInput },
  'GET /api/plans/list': {},
  'GET /api/plans/all': {},
  'GET /api/plans/:id': {},
  'PUT /api/plans/:id': { body: c.planInput },
  'DELETE /api/plans/:id': {},
  'GET /api/companies': { query: c.listQuery },
  'POST /api/companies': { body: c.companyCreateInput },
  'POST /api/companies/cadastro': { body: c.signupInput },
  'GET /api/companies/list': {},
  'GET /api/companies/listPlan/:companyId': {},
  'GET /api/companies/:id': {},
  'PUT /api/companies/:id': { body: c.companyInput },
  'DELETE /api/companies/:id': {},
  'PUT /api/companies/:id/schedules': { body: c.companySchedulesInput },
  'GET /api/contacts': { query: c.contactListQuery },
  'POST /api/contacts': { body: c.contactInput },
  'GET /api/contacts/list': { query: c.contactPickerQuery },
  'GET /api/contacts/export': {},
  'POST /api/contacts/import': {},
  'GET /api/contacts/:id': {},
  'PUT /api/contacts/:id': { body: c.contactInput.partial() },
  'DELETE /api/contacts/:id': {},
  'GET /api/queue': {},
  'POST /api/queue': { body: c.queueInput },
  'GET /api/queue/:id': {},
  'PUT /api/queue/:id': { body: c.queueInput },
  'DELETE /api/queue/:id': {},
  'GET /api/queue-options': { query: c.queueOptionListQuery },
  'POST /api/queue-options': { body: c.queueOptionInput },
  'PUT /api/queue-options/:id': { body: c.queueOptionInput.partial() },
  'DELETE /api/queue-options/:id': {},
  'GET /api/quick-messages': { query: c.listQuery },
  'POST /api/quick-messages': { body: c.quickMessageInput },
  'GET /api/quick-messages/list': {},
  'GET /api/quick-messages/:id': {},
  'PUT /api/quick-messages/:id': { body: c.quickMessageInput.partial() },
  'DELETE /api/quick-messages/:id': {},
  'POST /api/quick-messages/:id/media-upload': { upload: { field: c.QUICK_MESSAGE_MEDIA_FIELD, fields: [] } },
  'DELETE /api/quick-messages/:id/media-upload': {},
  'GET /api/tags': { query: c.listQuery },
  'POST /api/tags': { body: c.tagInput },
  'GET /api/tags/list': { query: c.listQuery },
  'GET /api/tags/kanban': {},
  'POST /api/tags/sync': { body: c.tagSyncInput },
  'GET /api/tags/:id': {},
  'PUT /api/tags/:id': { body: c.tagInput.partial() },
  'DELETE /api/tags/:id': {},
  'GET /api/tags/:id/tickets': { query: c.listQuery },
  'DELETE /api/ticket-tags/:ticketId': {},
  'PUT /api/ticket-tags/:ticketId/:tagId': {},
  'POST /api/ticket-notes': { body: c.ticketNoteInput },
  'GET /api/ticket-notes/list': { query: c.ticketNoteListQuery },
  'DELETE /api/ticket-notes/:id': {},
  'GET /api/tickets': { query: c.ticketListQuery },
  'GET /api/ticket/kanban': { query: c.kanbanQuery },
  'POST /api/tickets': { body: c.ticketCreateInput },
  'GET /api/tickets/u/:uuid': {},
  'GET /api/tickets/:id': {},
  'PUT /api/tickets/:id': { body: c.ticketUpdateInput },
  'DELETE /api/tickets/:id': {},
  'GET /api/dashboard': { query: c.dashboardQuery },
  'GET /api/dashboard/ticketsUsers': { query: c.dashboardChartQuery },
  'GET /api/dashboard/ticketsDay': { query: c.dashboardChartQuery },
  'GET /api/whatsapp': {},
  'POST /api/whatsapp': { body: c.connectionInput },
  'GET /api/whatsapp/:id': {},
  'PUT /api/whatsapp/:id': { body: c.connectionUpdateInput },
  'DELETE /api/whatsapp/:id': {},
  'POST /api/whatsappsession/:id': { body: c.connectionSessionInput },
  'PUT /api/whatsappsession/:id': { body: c.connectionSessionInput },
  'DELETE /api/whatsappsession/:id': {},
  'GET /api/webhooks/whatsapp-cloud/:connectionId': { query: null },
  'POST /api/webhooks/whatsapp-cloud/:connectionId': {},
  'GET /api/media/:fileName': {},
  'GET /api/messages/:id': { query: c.listQuery },
  'GET /api/messages/u/:uuid': { query: c.listQuery },
  'POST /api/messages/:id': { body: c.messageSendInput, upload: { field: 'medias', fields: ['body', 'quotedMsg', 'idempotencyKey'] } },
  'PUT /api/messages/:id': { body: c.messageEditInput },
  'DELETE /api/messages/:id': {},
  'GET /api/files': { query: c.listQuery },
  'GET /api/files/list': {},
  'POST /api/files': { body: c.fileListInput },
  'GET /api/files/:id': {},
  'PUT /api/files/:id': { body: c.fileListInput.partial() },
  'DELETE /api/files/:id': {},
  'GET /api/prompt': {},
  'POST /api/prompt': { body: c.promptInput },
  'GET /api/prompt/:id': {},
  'PUT /api/prompt/:id': { body: c.promptInput.partial() },
  'DELETE /api/prompt/:id': {},
  'POST /api/files/uploadList/:id': { upload: { field: c.FILE_LIST_UPLOAD_FIELDS.file, fields: [c.FILE_LIST_UPLOAD_FIELDS.option, 'typeArch', 'mediaType', 'name'] } },

  'GET /api/announcements': { query: c.announcementListQuery },
  'POST /api/announcements': { body: c.announcementInput },
  'GET /api/announcements/:id': {},
  'PUT /api/announcements/:id': { body: c.announcementInput.partial() },
  'DELETE /api/announcements/:id': {},
  'POST /api/announcements/:id/media-upload': { upload: { field: c.ANNOUNCEMENT_IMAGE.field, fields: [] } },
  'DELETE /api/announcements/:id/media-upload': {},
  'GET /api/announcements/media/:fileName': {},
  'GET /api/helps': { query: c.listQuery },
  'GET /api/helps/list': {},
  'GET /api/helps/:id': {},
  'POST /api/helps': { body: c.helpInput },
  'PUT /api/helps/:id': { body: c.helpInput.partial() },
  'DELETE /api/helps/:id': {},
  'GET /api/forgetpassword': {},
  'POST /api/forgetpassword/:email': {},
  'POST /api/resetpasswords/:email/:token/:password': {},
  // A user's session is no connection token: refused (401) before anything is read; messages-api.test.ts sends with one.
  'POST /api/messages/send': { body: c.externalMessageInput, upload: { field: c.MESSAGES_API.mediaField, fields: ['number', 'body'] } },
  'GET /api/docs/openapi.json': {},
  'GET /api/docs': {},
};

/** Method and path of every route, read from the router's own listing. */
function routesOf(printed: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack[depth] = match[2];
    const path = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

const SEED = 20_260_127;
const pathValue = (name: string) =>
  ['key', 'uuid', 'number', 'fileName'].includes(name)
    ? fc.oneof(fc.constantFrom('userRating', '5511999990000', 'abc.jpg', 'x'), hostileValue)
    : fc.oneof({ weight: 3, arbitrary: plausibleId }, { weight: 2, arbitrary: hostileValue });

let t: TestApp;
let graph: FakeGraphServer;
const sessions: { admin: { token: string }; root: { token: string } } = { admin: { token: '' }, root: { token: '' } };
const outsideCalls: string[] = [];
const realFetch = globalThis.fetch;
let sent = 0;
/** One example per actor, route and status that broke the rule. */
const failures = new Map<string, string>();
const route = (method: string, path: string) => `${method} ${path}`;

async function freshAdmin() {
  const company = await t.createCompany();
  sessions.admin = await t.login(company.email, company.password);
}

beforeAll(async () => {
  // Nothing here may reach the internet: the Cloud provider talks to a fake Graph, anything else is recorded and refused.
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
      outsideCalls.push(url.href);
      throw new Error('no internet in tests');
    }
    return realFetch(input, init);
  }) as typeof fetch;
  graph = await new FakeGraphServer().listen();
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '1000000', SIMULATOR: '1' }, whatsapp: { cloud: { baseUrl: graph.baseUrl } } });
  await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
  sessions.root = await t.login(t.config.adminEmail, t.config.adminPassword);
  await freshAdmin();
  // Records for the small ids the fuzzer sends: a contact, a queue, a tag, a ticket, a connection.
  const auth = { authorization: `Bearer ${sessions.admin.token}` };
  const post = (url: string, payload: object) => t.request({ method: 'POST', url, headers: auth, payload });
  const contact = (await post('/api/contacts', { name: 'Fuzzy Customer', number: '5511999990000' })).json();
  await post('/api/queue', { name: 'Fuzz queue', color: '#ff0000' });
  await post('/api/tags', { name: 'fuzz tag' });
  await post('/api/whatsapp', { name: unique('fuzz line'), provider: 'simulator' });
  await post('/api/tickets', { contactId: contact.id });
}, 120_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  await t?.close();
  await graph?.close();
});

async function send(actor: 'admin' | 'root', method: string, path: string, inputs: RouteInputs, generated: Generated) {
  const url = path.replace(/:(\w+)/g, (_m, name: string) => encodeUrlPart(String(generated.params[name] ?? '')));
  const headers: Record<string, string> = { authorization: `Bearer ${sessions[actor].token}` };
  let payload: string | Buffer | undefined;
  if (generated.upload && inputs.upload) {
    const fields = Object.fromEntries(inputs.upload.fields.map((name) => [name, String(generated.upload?.text ?? '')]));
    const body = multipartBody(fields, { field: inputs.upload.field, fileName: generated.upload.fileName, data: Buffer.from('hello'), mimeType: 'text/plain' });
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (method !== 'GET' && method !== 'DELETE') {
    payload = generated.rawBody ?? JSON.stringify(generated.body ?? {});
    headers['content-type'] = generated.rawBody ? 'text/plain' : 'application/json';
  }
  const query = generated.query && typeof generated.query === 'object' && !Array.isArray(generated.query) ? queryString(generated.query as Record<string, unknown>) : '';
  const res = await t.request({ method: method as 'GET', url: url + query, headers, payload });
  sent++;
  const described = `${actor} ${method} ${url + query} ${typeof payload === 'string' ? payload.slice(0, 300) : ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  const named = () => {
    try {
      return /^ERR_[A-Z_]+$/.test((res.json() as { error?: string }).error ?? '');
    } catch {
      return false;
    }
  };
  if (res.statusCode >= 500 || (res.statusCode >= 400 && !named())) failures.set(`${actor} ${route(method, path)} ${res.statusCode}`, described);
  if (res.statusCode === 401 && actor === 'admin' && !path.startsWith('/api/auth')) await freshAdmin();
  if (res.statusCode === 401 && actor === 'root') sessions.root = await t.login(t.config.adminEmail, t.config.adminPassword);
}

interface Generated {
  params: Record<string, unknown>;
  body?: unknown;
  rawBody?: string;
  query?: unknown;
  upload?: { fileName: string; text: unknown };
}

function generatorFor(path: string, inputs: RouteInputs): fc.Arbitrary<Generated> {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, pathValue(name)])));
  const body = inputs.body ? valuesFor(inputs.body) : fc.oneof(fc.constant({}), hostileValue);
  const query = inputs.query ? valuesFor(inputs.query) : fc.constant({});
  const upload = inputs.upload
    ? fc.option(fc.record({ fileName: fc.constantFrom('a.txt', 'a\u0000b.txt', 'x'.repeat(300), '..\\..\\etc'), text: hostileValue }), { nil: undefined })
    : fc.constant(undefined);
  const rawBody = fc.option(fc.constantFrom('not json', '{"a":', '"\\ud800"', '[1,2'), { nil: undefined, freq: 8 });
  return fc.record({ params, body, query, upload, rawBody }, { requiredKeys: ['params'] });
}

describe('hostile input on every route', () => {
  it('knows every route of the app', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.filter((route) => !ROUTES[route])).toEqual([]);
  });

  it('answers no 5xx to a company admin or to the super user, whatever is sent', async () => {
    const entries = Object.entries(ROUTES);
    for (const [actor, runs] of [['admin', 24], ['root', 8]] as const) {
      for (const [route, inputs] of entries) {
        const [method, path] = route.split(' ');
        await fc.assert(
          fc.asyncProperty(generatorFor(path, inputs), (generated) => send(actor, method, path, inputs, generated)),
          { seed: SEED, numRuns: runs },
        );
      }
    }
    console.info(`hostile input: ${sent} requests sent to ${entries.length} routes`);
    expect([...failures.values()]).toEqual([]);
    expect(outsideCalls).toEqual([]);
  }, 600_000);
});
