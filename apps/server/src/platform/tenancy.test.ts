import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS_EN } from '@atende/contract';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../test/harness.js';

/**
 * Lesson 12: every lookup by id is scoped by the caller's company. Company A's admin calls every
 * route that takes an id with company B's ids: the answer is "not found" (or "no permission" on
 * super-user routes), and B's data reads the same afterwards.
 */

interface Ids {
  companyId: number;
  planId: number;
  adminId: number;
  agentId: number;
  queueId: number;
  whatsappId: number;
  mediaName: string;
}

interface Probe {
  /** Method and route as registered, e.g. 'GET /api/users/:id'. */
  route: string;
  url(b: Ids): string;
  body?(b: Ids): unknown;
  status: number;
  error?: string;
}

const schedules = WEEKDAYS_EN.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '23:59' }));

const PROBES: Probe[] = [
  { route: 'GET /api/users/:id', url: (b) => `/api/users/${b.agentId}`, status: 404, error: 'ERR_NO_USER_FOUND' },
  { route: 'GET /api/users/:id', url: (b) => `/api/users/${b.adminId}`, status: 404, error: 'ERR_NO_USER_FOUND' },
  {
    route: 'PUT /api/users/:id',
    url: (b) => `/api/users/${b.agentId}`,
    body: () => ({ name: 'Taken Over', email: 'taken@a.example', password: 'owned1', profile: 'admin' }),
    status: 404,
    error: 'ERR_NO_USER_FOUND',
  },
  { route: 'DELETE /api/users/:id', url: (b) => `/api/users/${b.agentId}`, status: 404, error: 'ERR_NO_USER_FOUND' },
  { route: 'GET /api/queue/:id', url: (b) => `/api/queue/${b.queueId}`, status: 404, error: 'ERR_NO_QUEUE_FOUND' },
  {
    route: 'PUT /api/queue/:id',
    url: (b) => `/api/queue/${b.queueId}`,
    body: () => ({ name: 'Hijacked', color: '#666666' }),
    status: 404,
    error: 'ERR_NO_QUEUE_FOUND',
  },
  { route: 'DELETE /api/queue/:id', url: (b) => `/api/queue/${b.queueId}`, status: 404, error: 'ERR_NO_QUEUE_FOUND' },
  { route: 'GET /api/companies/:id', url: (b) => `/api/companies/${b.companyId}`, status: 404, error: 'ERR_NO_COMPANY_FOUND' },
  {
    route: 'PUT /api/companies/:id',
    url: (b) => `/api/companies/${b.companyId}`,
    body: (b) => ({ name: 'Renamed B', email: 'b@a.example', planId: b.planId, dueDate: '2000-01-01', status: false }),
    status: 403,
    error: 'ERR_NO_PERMISSION',
  },
  { route: 'DELETE /api/companies/:id', url: (b) => `/api/companies/${b.companyId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  {
    route: 'PUT /api/companies/:id/schedules',
    url: (b) => `/api/companies/${b.companyId}/schedules`,
    body: () => ({ schedules }),
    status: 404,
    error: 'ERR_NO_COMPANY_FOUND',
  },
  { route: 'GET /api/companies/listPlan/:companyId', url: (b) => `/api/companies/listPlan/${b.companyId}`, status: 404, error: 'ERR_NO_COMPANY_FOUND' },
  { route: 'GET /api/plans/:id', url: (b) => `/api/plans/${b.planId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'PUT /api/plans/:id', url: (b) => `/api/plans/${b.planId}`, body: () => ({ name: 'Free for all', users: 0 }), status: 403 },
  { route: 'DELETE /api/plans/:id', url: (b) => `/api/plans/${b.planId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'GET /api/whatsapp/:id', url: (b) => `/api/whatsapp/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  {
    route: 'PUT /api/whatsapp/:id',
    url: (b) => `/api/whatsapp/${b.whatsappId}`,
    body: () => ({ name: 'Hijacked', isDefault: false, greetingMessage: 'owned' }),
    status: 404,
    error: 'ERR_NO_WAPP_FOUND',
  },
  { route: 'POST /api/whatsappsession/:id', url: (b) => `/api/whatsappsession/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { route: 'PUT /api/whatsappsession/:id', url: (b) => `/api/whatsappsession/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { route: 'DELETE /api/whatsappsession/:id', url: (b) => `/api/whatsappsession/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { route: 'DELETE /api/whatsapp/:id', url: (b) => `/api/whatsapp/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { route: 'GET /api/media/:fileName', url: (b) => `/api/media/${b.mediaName}`, status: 404, error: 'ERR_NOT_FOUND' },
  // Meta's webhook is public: B's connection is no Cloud connection, so it is unknown to everyone.
  { route: 'GET /api/webhooks/whatsapp-cloud/:connectionId', url: (b) => `/api/webhooks/whatsapp-cloud/${b.whatsappId}`, status: 404 },
  { route: 'POST /api/webhooks/whatsapp-cloud/:connectionId', url: (b) => `/api/webhooks/whatsapp-cloud/${b.whatsappId}`, status: 404 },
  // Settings are addressed by key, always within the caller's company: A's change stays in A.
  { route: 'PUT /api/settings/:key', url: () => '/api/settings/userCreation', body: () => ({ value: 'disabled' }), status: 200 },
  { route: 'PUT /api/settings/:key', url: () => '/api/settings/userRating', body: () => ({ value: 'enabled' }), status: 200 },
];

/**
 * Path prefixes whose routes with an id must all be probed above. A module joins by adding its
 * prefix and its probes; once every module has, this list can go and the check cover all routes.
 */
const GUARDED = [
  '/api/users/', '/api/queue/', '/api/companies/', '/api/plans/', '/api/settings/',
  '/api/whatsapp/', '/api/whatsappsession/', '/api/media/', '/api/webhooks/', '/api/simulator/',
];

/** Ids of B sent inside bodies: refused as invalid fields, never linked. */
const BODY_PROBES: Array<Omit<Probe, 'route'> & { method: 'POST' | 'PUT' }> = [
  {
    method: 'POST',
    url: () => '/api/users',
    body: (b) => ({ name: 'Cross Link', email: 'cross@a.example', password: 'secret123', queueIds: [b.queueId] }),
    status: 400,
    error: 'ERR_VALIDATION',
  },
  {
    method: 'POST',
    url: () => '/api/whatsapp',
    body: (b) => ({ name: 'Cross Link', queueIds: [b.queueId] }),
    status: 400,
    error: 'ERR_VALIDATION',
  },
];

/** 'METHOD /path' of every registered route with a path parameter (read from Fastify's route tree). */
function routesWithParams(t: TestApp): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('');
    if (!match[3] || !path.includes(':')) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

let t: TestApp;
let a: TestCompany;
let adminA: ApiClient;
let adminB: ApiClient;
let b: Ids;

/** Everything B's admin can read about B. */
async function snapshotOfB() {
  const reads = [
    '/api/users',
    '/api/users/list',
    `/api/users/${b.agentId}`,
    `/api/users/${b.adminId}`,
    '/api/queue',
    `/api/queue/${b.queueId}`,
    `/api/companies/${b.companyId}`,
    `/api/companies/listPlan/${b.companyId}`,
    '/api/settings',
    '/api/whatsapp',
    `/api/whatsapp/${b.whatsappId}`,
  ];
  const answers = await Promise.all(reads.map((url) => adminB.get(url)));
  for (const res of answers) expect(res.statusCode).toBe(200);
  return answers.map((res) => res.json());
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  a = await t.createCompany();
  const companyB = await t.createCompany({ dueDate: '2999-01-01' });
  adminA = t.as(await t.login(a.email, a.password));
  adminB = t.as(await t.login(companyB.email, companyB.password));
  await adminA.post('/api/queue', { name: 'Fila A', color: '#aaaaaa' });
  const queueId = (await adminB.post('/api/queue', { name: 'Fila B', color: '#bbbbbb' })).json().id;
  const agent = await adminB.post('/api/users', { name: 'Agent B', email: 'agent@b.example', password: 'secret123', queueIds: [queueId] });
  expect((await adminB.put(`/api/companies/${companyB.companyId}/schedules`, { schedules })).statusCode).toBe(200);
  const whatsappId = (await adminB.post('/api/whatsapp', { name: 'Conexão B', queueIds: [queueId] })).json().id;
  const mediaName = await t.ctx.media.save(companyB.companyId, { data: Buffer.from('B only'), mimeType: 'image/png' });
  b = { companyId: companyB.companyId, planId: companyB.planId, adminId: companyB.adminId, agentId: agent.json().id, queueId, whatsappId, mediaName };
});
afterAll(() => t.close());

describe('tenancy', () => {
  it('covers every route that takes an id in the modules it guards', () => {
    const probed = [...new Set(PROBES.map((p) => p.route))].sort();
    const registered = [...new Set(routesWithParams(t))].filter((route) => GUARDED.some((prefix) => route.split(' ')[1].startsWith(prefix))).sort();
    // A new route with an id in these modules fails here until it gets a probe; a stale probe fails too.
    expect(registered, 'routes with an id must each have a tenancy probe in PROBES').toEqual(probed);
  });

  it("company A's admin cannot read or change company B through B's ids", async () => {
    const before = await snapshotOfB();
    for (const probe of PROBES) {
      const method = probe.route.split(' ')[0];
      const url = probe.url(b);
      const res =
        method === 'GET'
          ? await adminA.get(url)
          : method === 'DELETE'
            ? await adminA.delete(url)
            : method === 'PUT'
              ? await adminA.put(url, probe.body?.(b))
              : await adminA.post(url, probe.body?.(b));
      expect(res.statusCode, `${probe.route} -> ${url}`).toBe(probe.status);
      if (probe.error) expect(res.json().error, `${probe.route} -> ${url}`).toBe(probe.error);
    }
    for (const probe of BODY_PROBES) {
      const res = probe.method === 'POST' ? await adminA.post(probe.url(b), probe.body?.(b)) : await adminA.put(probe.url(b), probe.body?.(b));
      expect(res.statusCode).toBe(probe.status);
      expect(res.json().error).toBe(probe.error);
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it("company A's own edits cannot pull in B's queues", async () => {
    const mine = (await adminA.post('/api/users', { name: 'Agent A', email: 'agent@a.example', password: 'secret123' })).json();
    const res = await adminA.put(`/api/users/${mine.id}`, { name: 'Agent A', email: 'agent@a.example', queueIds: [b.queueId] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { queueIds: 'invalid' } });
  });

  it("company A's lists never show B's rows", async () => {
    const users = (await adminA.get('/api/users')).json().users as Array<{ companyId: number }>;
    const list = (await adminA.get('/api/users/list')).json() as Array<{ companyId: number }>;
    expect([...users, ...list].every((u) => u.companyId === a.companyId)).toBe(true);
    const queues = (await adminA.get('/api/queue')).json() as Array<{ id: number }>;
    expect(queues.map((q) => q.id)).not.toContain(b.queueId);
  });
});
