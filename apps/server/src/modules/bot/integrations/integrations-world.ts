/** The stage of the queue integrations' conversation tests: an integration on a connection's only queue. */
import { expect } from 'vitest';
import type { QueueIntegration } from '@atende/contract';
import { connectionWith, customer, queueWith } from '../../../test/bot-world.js';
import { settle, type World } from '../../../test/conversation-world.js';

let numbers = 0;

export async function integrationWith(w: World, fields: Record<string, unknown>): Promise<QueueIntegration> {
  const res = await w.admin.post('/api/queueIntegration', { name: `Integração ${++numbers}`, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A queue answered by the integration, on a connection of its own, and a new customer of it. */
export async function stage(w: World, integrationId: number) {
  const queueId = await queueWith(w, `Fila ${++numbers}`, { integrationId });
  const whatsappId = await connectionWith(w, [queueId]);
  return { queueId, whatsappId, customer: customer(w, whatsappId, `55119${String(Date.now()).slice(-6)}${String(++numbers).padStart(2, '0')}`) };
}

/** Lets spaced-out messages fall due and go. */
export async function drain(w: World, steps = 5, stepMs = 1_000) {
  for (let i = 0; i < steps; i++) {
    await w.clock.advance(stepMs);
    await settle(w);
  }
}

export async function notesOf(w: World, ticketId: number) {
  return w.t.database.db.selectFrom('ticketNotes').select(['note', 'userId']).where('ticketId', '=', ticketId).execute();
}
