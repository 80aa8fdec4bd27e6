import type { Plan, SessionUser } from '@atende/contract';

export const fullPlan: Plan = {
  id: 1,
  name: 'Completo',
  users: 10,
  connections: 5,
  queues: 10,
  value: 99,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};

export function sessionUser(overrides: Partial<SessionUser> = {}, plan: Partial<Plan> = {}): SessionUser {
  return {
    id: 7,
    name: 'Ana Souza',
    email: 'ana@acme.test',
    profile: 'admin',
    allTicket: 'desabled',
    whatsappId: null,
    companyId: 3,
    super: false,
    online: true,
    queues: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    company: {
      id: 3,
      name: 'Acme',
      dueDate: '2030-12-31',
      trialExpiration: null,
      email: 'acme@example.com',
      settings: [],
      plan: { ...fullPlan, ...plan },
    },
    ...overrides,
  };
}

/** A JSON answer as fetch would give it. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An unsigned JWT carrying `claims`; the client never verifies signatures. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
