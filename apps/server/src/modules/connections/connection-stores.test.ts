import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../channels/whatsapp/clock.js';
import { MemoryAuthStore } from '../../channels/whatsapp/memory-auth-store.js';
import { silentLogger, type ProviderSession } from '../../channels/whatsapp/provider.js';
import { SimulatorNetwork } from '../../channels/whatsapp/simulator/network.js';
import { createSimulatorSession } from '../../channels/whatsapp/simulator/simulator-provider.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { databaseSendLedger } from './connection-stores.js';

/**
 * The send ledger keeps, per connection and idempotency key, the send WhatsApp already took: a
 * process that starts again after sending (but before the message row said so) answers the send
 * from it instead of sending a second message. The simulator counts every send it is given.
 */
let t: TestApp;
let whatsappId: number;
let otherId: number;
const CUSTOMER = '5531988887777';

beforeAll(async () => {
  t = await startTestApp();
  const company = await t.createCompany();
  const admin = t.as(await t.login(company.email, company.password));
  whatsappId = (await admin.post('/api/whatsapp', { name: 'Loja' })).json().id;
  otherId = (await admin.post('/api/whatsapp', { name: 'Filial' })).json().id;
});
afterAll(async () => {
  await t.close();
});

async function pairedSession(network: SimulatorNetwork, clock: ManualClock): Promise<ProviderSession> {
  const session = createSimulatorSession({
    connectionId: whatsappId, companyId: 1, authStore: new MemoryAuthStore(), logger: silentLogger, clock, network,
    sendLedger: databaseSendLedger(t.database.db, whatsappId),
  });
  await session.start();
  network.scan(whatsappId);
  await clock.advance(1_000);
  expect(session.status).toBe('CONNECTED');
  return session;
}

describe('the send ledger', () => {
  it("answers a connection's recorded send after a restart, and nothing for another connection or key", async () => {
    await databaseSendLedger(t.database.db, whatsappId).put('ledger-key', { providerMessageId: '3EB0ABC', timestamp: 1_700_000_000_000 });
    expect(await databaseSendLedger(t.database.db, whatsappId).get('ledger-key')).toEqual({ providerMessageId: '3EB0ABC', timestamp: 1_700_000_000_000 });
    expect(await databaseSendLedger(t.database.db, whatsappId).get('other-key')).toBeUndefined();
    expect(await databaseSendLedger(t.database.db, otherId).get('ledger-key')).toBeUndefined();
  });

  it('a send repeated by the next process after a restart reaches WhatsApp once', async () => {
    const clock = new ManualClock();
    const network = new SimulatorNetwork({ clock });
    const before = await pairedSession(network, clock);
    const first = await before.sendText({ to: CUSTOMER, body: 'pedido confirmado', idempotencyKey: 'msg-41' });
    await before.stop();

    const after = await pairedSession(network, clock);
    const again = await after.sendText({ to: CUSTOMER, body: 'pedido confirmado', idempotencyKey: 'msg-41' });
    expect(again.providerMessageId).toBe(first.providerMessageId);
    expect(network.sendsOf(whatsappId)).toBe(1);
    expect(network.conversation(whatsappId, CUSTOMER).filter((e) => e.direction === 'out')).toHaveLength(1);

    // Another key is another message, with an id of its own.
    const next = await after.sendText({ to: CUSTOMER, body: 'saiu para entrega', idempotencyKey: 'msg-42' });
    expect(next.providerMessageId).not.toBe(first.providerMessageId);
    expect(network.sendsOf(whatsappId)).toBe(2);
    await after.stop();
  });
});
