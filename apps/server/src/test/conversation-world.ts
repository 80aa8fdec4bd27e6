import { expect } from 'vitest';
import type { Connection } from '@atende/contract';
import { ManualClock } from '../channels/whatsapp/clock.js';
import type { InboundMessage } from '../channels/whatsapp/provider.js';
import { SimulatorNetwork } from '../channels/whatsapp/simulator/network.js';
import type { ChannelSource } from '../modules/connections/connections.events.js';
import { writeSetting } from '../modules/settings/settings.service.js';
import { startTestApp, unique, type ApiClient, type TestApp, type TestCompany, type TestSession } from './harness.js';
import { eventually, liveSockets } from './live-sockets.js';

/**
 * A company with simulator connections on a manual clock, its admin and agents: the stage of the
 * conversation engine's tests. The platform clock and the simulated network share one time.
 */
export interface World {
  t: TestApp;
  clock: ManualClock;
  network: SimulatorNetwork;
  company: TestCompany;
  adminSession: TestSession;
  admin: ApiClient;
  sockets: ReturnType<typeof liveSockets>;
  url(): string;
}

export interface Agent {
  id: number;
  session: TestSession;
  api: ApiClient;
}

export async function startWorld(options: { env?: Record<string, string>; listen?: boolean } = {}): Promise<World> {
  const clock = new ManualClock(Date.UTC(2025, 0, 6, 13, 0, 0));
  const network = new SimulatorNetwork({ clock, ackDelays: { delivered: 1_000, read: 3_000 } });
  const t = await startTestApp({
    env: { LOGIN_MAX_PER_IP: '100000', SIMULATOR: '1', ...options.env },
    clock: { now: () => new Date(clock.now()) },
    whatsapp: { simulator: network, simulatorSession: { openDelayMs: 300, reconnect: { maxRetries: 3, baseDelayMs: 1_000, jitter: 0 } } },
    worker: true,
  });
  let url = '';
  if (options.listen) url = await t.listen();
  const company = await t.createCompany();
  const adminSession = await t.login(company.email, company.password);
  return { t, clock, network, company, adminSession, admin: t.as(adminSession), sockets: liveSockets(() => url), url: () => url };
}

export async function createQueue(world: World, name = unique('Fila'), api = world.admin): Promise<number> {
  const color = `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;
  const res = await api.post('/api/queue', { name: name.slice(0, 40), color });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

export async function createAgent(world: World, queueIds: number[], extra: Record<string, unknown> = {}, api = world.admin): Promise<Agent> {
  const input = { name: unique('Agente').slice(0, 40), email: `${unique('agent')}@example.com`, password: 'secret123', queueIds, ...extra };
  const res = await api.post('/api/users', input);
  expect(res.statusCode, res.body).toBe(200);
  const session = await world.t.login(input.email, input.password);
  return { id: res.json().id, session, api: world.t.as(session) };
}

/** A simulator connection with these queues, scanned and CONNECTED. */
export async function pairedConnection(world: World, queueIds: number[] = [], api = world.admin): Promise<number> {
  const body: Record<string, unknown> = { name: unique('Simulada'), provider: 'simulator', queueIds };
  if (queueIds.length > 1) body.greetingMessage = 'Escolha uma fila';
  const res = await api.post('/api/whatsapp', body);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  await eventually(async () => expect(((await api.get(`/api/whatsapp/${id}`)).json() as Connection).status).toBe('qrcode'));
  expect((await api.post(`/api/simulator/connections/${id}/scan`)).statusCode).toBe(204);
  await world.clock.advance(300);
  await eventually(async () => expect(((await api.get(`/api/whatsapp/${id}`)).json() as Connection).status).toBe('CONNECTED'));
  return id;
}

export async function setSetting(world: World, key: Parameters<typeof writeSetting>[2], value: string, companyId = world.company.companyId) {
  await writeSetting(world.t.database.db, companyId, key, value, new Date());
}

/** Waits until inbound lanes and the outbox have nothing left to do. */
export async function settle(world: World): Promise<void> {
  await world.clock.settle(5);
  await world.t.parts.inbound.idle?.();
  await world.t.parts.integrationAgent.idle();
  await world.t.parts.outbox.runDue();
  await world.t.parts.inbound.idle?.();
}

/** The engine's handler as a provider session would call it (bypassing the simulator). */
export function handlerSource(world: World, whatsappId: number, companyId = world.company.companyId): ChannelSource {
  const session = world.t.ctx.sessions.session(whatsappId)!;
  return { whatsappId, companyId, provider: 'simulator', session };
}

let seq = 0;
export function inboundEvent(chatId: string, overrides: Partial<InboundMessage> = {}): InboundMessage {
  return {
    providerMessageId: `TEST${Date.now()}${++seq}`,
    chatId,
    fromMe: false,
    timestamp: Date.UTC(2025, 0, 6, 13, 0, 0) + seq,
    pushName: 'Cliente',
    kind: 'text',
    body: `mensagem ${seq}`,
    isGroup: false,
    history: false,
    ...overrides,
  };
}

export async function ticketOf(world: World, whatsappId: number, number: string) {
  return world.t.database.db
    .selectFrom('tickets')
    .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
    .selectAll('tickets')
    .where('tickets.whatsappId', '=', whatsappId)
    .where('contacts.number', '=', number)
    .executeTakeFirst();
}

export async function messagesOf(world: World, ticketId: number) {
  return world.t.database.db.selectFrom('messages').selectAll().where('ticketId', '=', ticketId).orderBy('sentAt').orderBy('id').execute();
}
