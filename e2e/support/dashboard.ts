import { expect, type APIRequestContext } from '@playwright/test';
import type { SeededCompany } from './api';

/** Helpers of the dashboard journey: attendances made the way customers and agents make them. */

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).token;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A simulator connection of the company, scanned and CONNECTED. */
export async function connectedSimulator(request: APIRequestContext, adminToken: string, connection: Record<string, unknown> = {}): Promise<number> {
  const created = await request.post('/api/whatsapp', { headers: auth(adminToken), data: { name: 'Simulada Dashboard', provider: 'simulator', ...connection } });
  expect(created.ok(), await created.text()).toBe(true);
  const id: number = (await created.json()).id;
  const status = async () => (await (await request.get(`/api/whatsapp/${id}`, { headers: auth(adminToken) })).json()).status;
  await expect.poll(status).toBe('qrcode');
  expect((await request.post(`/api/simulator/connections/${id}/scan`, { headers: auth(adminToken) })).status()).toBe(204);
  await expect.poll(status).toBe('CONNECTED');
  return id;
}

/** An agent who sees queue-less tickets (the connection has no queue). */
export async function seedAttendant(request: APIRequestContext, adminToken: string, name: string) {
  const agent = { name, email: `dash-${Date.now().toString(36)}@example.com`, password: 'senha-segura1' };
  const res = await request.post('/api/users', { headers: auth(adminToken), data: { ...agent, profile: 'user', allTicket: 'enabled' } });
  expect(res.ok(), await res.text()).toBe(true);
  return { id: (await res.json()).id as number, token: await tokenOf(request, agent.email, agent.password) };
}

/** A customer writes; answers the id of the ticket that message opened. */
export async function customerWrites(request: APIRequestContext, adminToken: string, whatsappId: number, from: string, name: string): Promise<number> {
  const sent = await request.post('/api/simulator/messages', { headers: auth(adminToken), data: { whatsappId, from, name, body: `Olá, sou ${name}` } });
  expect(sent.ok(), await sent.text()).toBe(true);
  let ticketId = 0;
  await expect
    .poll(async () => {
      const page = await (await request.get('/api/tickets', { headers: auth(adminToken), params: { showAll: 'true', searchParam: from } })).json();
      ticketId = page.tickets?.[0]?.id ?? 0;
      return ticketId;
    })
    .toBeGreaterThan(0);
  return ticketId;
}

export async function act(request: APIRequestContext, token: string, ticketId: number, action: 'accept' | 'finish') {
  const res = await request.put(`/api/tickets/${ticketId}`, { headers: auth(token), data: { action } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Three customers write to a fresh company; its agent accepts two and finishes one of them.
 * Everything happens now, so any period that includes today holds exactly these.
 */
export async function seedAttendances(request: APIRequestContext, company: SeededCompany, agentName: string) {
  const adminToken = await tokenOf(request, company.admin.email, company.admin.password);
  const whatsappId = await connectedSimulator(request, adminToken);
  const agent = await seedAttendant(request, adminToken, agentName);
  const suffix = String(Date.now()).slice(-6);
  const [first, second] = [
    await customerWrites(request, adminToken, whatsappId, `5511970${suffix}`, 'Cliente Um'),
    await customerWrites(request, adminToken, whatsappId, `5511971${suffix}`, 'Cliente Dois'),
    await customerWrites(request, adminToken, whatsappId, `5511972${suffix}`, 'Cliente Três'),
  ];
  await act(request, agent.token, first, 'accept');
  await act(request, agent.token, first, 'finish');
  await act(request, agent.token, second, 'accept');
  return { agentId: agent.id };
}
