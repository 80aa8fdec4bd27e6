import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, token } from './api';

/**
 * The demo company's side of a ticket journey, played through the API as its admin: the simulated
 * WhatsApp line, customers writing on it and the tickets they open. The browser plays the agent,
 * so nothing here logs the agent in (a second login would end the browser's session).
 */
export interface DemoDesk {
  headers: { authorization: string };
  whatsappId: number;
}

export async function demoDesk(request: APIRequestContext): Promise<DemoDesk> {
  const headers = { authorization: `Bearer ${await token(request, DEMO_ADMIN.email, DEMO_ADMIN.password)}` };
  const status = async () => {
    const list: { id: number; name: string; status: string }[] = await (await request.get('/api/whatsapp', { headers })).json();
    const line = list.find((c) => c.name === 'WhatsApp Demo');
    if (!line) throw new Error('the demo company has no simulated connection');
    return line;
  };
  const line = await status();
  // The simulated phone scans the QR once per server start; a journey before may have done it.
  // A QR nobody scanned for minutes expires (the line shows DISCONNECTED or TIMEOUT): ask a new one.
  await expect
    .poll(async () => {
      const now = await status();
      if (now.status === 'qrcode') await request.post(`/api/simulator/connections/${now.id}/scan`, { headers });
      if (now.status === 'DISCONNECTED' || now.status === 'TIMEOUT') await request.put(`/api/whatsappsession/${now.id}`, { headers, data: {} });
      return now.status;
    })
    .toBe('CONNECTED');
  return { headers, whatsappId: line.id };
}

/** A customer number no other journey uses. */
export function customerNumber(): string {
  return `55119${String(Date.now()).slice(-8)}`;
}

export async function customerWrites(request: APIRequestContext, desk: DemoDesk, from: string, name: string, body: string) {
  const res = await request.post('/api/simulator/messages', { headers: desk.headers, data: { whatsappId: desk.whatsappId, from, name, body } });
  expect(res.ok(), await res.text()).toBe(true);
}

export interface TicketRef {
  id: number;
  uuid: string;
  status: string;
  queueId: number | null;
}

/** The ticket of a customer's number, once the inbound message was stored. */
export async function ticketOfNumber(request: APIRequestContext, desk: DemoDesk, number: string): Promise<TicketRef> {
  let found: TicketRef | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/tickets', { headers: desk.headers, params: { searchParam: number, showAll: 'true' } });
      found = ((await res.json()).tickets as TicketRef[])[0];
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export async function queueId(request: APIRequestContext, desk: DemoDesk, name: string): Promise<number> {
  const queues: { id: number; name: string }[] = await (await request.get('/api/queue', { headers: desk.headers })).json();
  const queue = queues.find((q) => q.name === name);
  if (!queue) throw new Error(`no queue ${name}`);
  return queue.id;
}

/** Sends a waiting ticket to a queue with nobody assigned, as the customer's choice in the menu would. */
export async function sendToQueue(request: APIRequestContext, desk: DemoDesk, ticket: TicketRef, queue: number) {
  const res = await request.put(`/api/tickets/${ticket.id}`, { headers: desk.headers, data: { action: 'transfer', queueId: queue, userId: null } });
  expect(res.ok(), await res.text()).toBe(true);
}
