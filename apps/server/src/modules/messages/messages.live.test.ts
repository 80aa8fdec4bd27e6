import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEvent, type Contact, type MessageEvent } from '@atende/contract';
import { createQueue, pairedConnection, settle, startWorld, type World } from '../../test/conversation-world.js';
import { eventually } from '../../test/live-sockets.js';

/** A message event names its sender: the contact as the contacts API answers it, for notifications. */
let w: World;
let whatsappId: number;

beforeAll(async () => {
  w = await startWorld({ listen: true });
  whatsappId = await pairedConnection(w, [await createQueue(w)]);
});
afterAll(async () => {
  w.sockets.closeAll();
  await w.t.close();
});

describe('message events', () => {
  it('carry the contact beside the message and the ticket, for the customer’s messages and the agent’s', async () => {
    const heard = w.sockets.record(await w.sockets.connect(w.adminSession));
    const messageEvent = companyEvent(w.company.companyId, 'appMessage');
    const events = () => heard.filter((h) => h.event === messageEvent).map((h) => h.payload as MessageEvent);
    const number = '5511966660001';

    w.network.customerSends({ connectionId: whatsappId, from: number, name: 'Rita Souza', body: 'primeira' });
    const [first] = await eventually(() => {
      expect(events()).toHaveLength(1);
      return events();
    });
    expect(first.contact).toMatchObject({ name: 'Rita Souza', number, isGroup: false, companyId: w.company.companyId });
    expect(first.ticket.contactId).toBe(first.contact.id);
    await settle(w); // the profile picture arrives after the first message

    // A known contact writing again (the store's fast path), then the agent answering.
    w.network.customerSends({ connectionId: whatsappId, from: number, name: 'Rita Souza', body: 'segunda' });
    await eventually(() => expect(events().map((e) => e.message.body)).toContain('segunda'));
    await w.admin.post(`/api/messages/${first.ticket.id}`, { body: 'resposta' });
    await settle(w);
    await eventually(() => expect(events().map((e) => e.message.body)).toContain('resposta'));
    const listed = (await w.admin.get(`/api/contacts/${first.contact.id}`)).json() as Contact;
    for (const event of events().slice(1)) expect(event.contact).toEqual(listed);
  });
});
