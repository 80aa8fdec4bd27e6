import type { APIRequestContext } from '@playwright/test';

export const SUPER = { email: 'super@atende.local', password: 'super-secret-1' };
export const DEMO_ADMIN = { email: 'admin@demo.atende.local', password: 'atende-demo' };
export const DEMO_AGENT = { email: 'agente@demo.atende.local', password: 'atende-demo' };

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export async function token(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`login ${email}: ${res.status()} ${await res.text()}`);
  return (await res.json()).token;
}

export interface SeededCompany {
  companyId: number;
  name: string;
  admin: { email: string; password: string };
}

/**
 * A company of its own for one journey, created by the super user through the API, so journeys
 * never share data. Logging in as the super user here does not disturb the browser's sessions.
 */
export async function seedCompany(
  request: APIRequestContext,
  options: { plan?: Record<string, unknown>; dueDate?: string | null } = {},
): Promise<SeededCompany> {
  const superToken = await token(request, SUPER.email, SUPER.password);
  const headers = { authorization: `Bearer ${superToken}` };
  const planRes = await request.post('/api/plans', { headers, data: { name: unique('Plano'), users: 10, connections: 5, queues: 10, value: 99, ...options.plan } });
  if (!planRes.ok()) throw new Error(`plan: ${planRes.status()} ${await planRes.text()}`);
  const plan = await planRes.json();
  const name = unique('Empresa');
  const admin = { email: `${unique('admin')}@example.com`, password: 'senha-segura1' };
  const dueDate = options.dueDate === undefined ? new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) : options.dueDate;
  const companyRes = await request.post('/api/companies', {
    headers,
    data: { name, email: admin.email, password: admin.password, planId: plan.id, dueDate, recurrence: 'MENSAL', status: true },
  });
  if (!companyRes.ok()) throw new Error(`company: ${companyRes.status()} ${await companyRes.text()}`);
  return { companyId: (await companyRes.json()).id, name, admin };
}

/** A plain agent in a seeded company. */
export async function seedAgent(request: APIRequestContext, company: SeededCompany, name = 'Agente Teste') {
  const adminToken = await token(request, company.admin.email, company.admin.password);
  const agent = { name, email: `${unique('agent')}@example.com`, password: 'senha-segura1' };
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...agent, profile: 'user' },
  });
  if (!res.ok()) throw new Error(`agent: ${res.status()} ${await res.text()}`);
  return agent;
}
