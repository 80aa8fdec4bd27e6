import { describe, expect, it } from 'vitest';
import { flag } from './common.js';
import { messageSendInput } from './messages.js';
import { planInput } from './plans.js';
import { ticketListQuery } from './tickets.js';

describe('yes/no fields', () => {
  it('reads true/false, 1/0 and their text forms as booleans', () => {
    for (const yes of [true, 1, '1', 'true']) expect(flag.parse(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false']) expect(flag.parse(no)).toBe(false);
  });

  it('refuses anything else', () => {
    for (const bad of [2, -1, 'yes', 'no', '', 'TRUE', null, undefined, {}, []]) expect(flag.safeParse(bad).success).toBe(false);
  });

  it('applies to the inputs’ yes/no fields without loosening the others', () => {
    expect(messageSendInput.parse({ body: 'hi', read: 1, fromMe: 0 })).toMatchObject({ read: true, fromMe: false });
    expect(messageSendInput.safeParse({ body: 'hi', read: 2 }).success).toBe(false);
    expect(messageSendInput.safeParse({ body: 1, read: 1 }).success).toBe(false);
    expect(planInput.parse({ name: 'Basic', users: 1, connections: 1, queues: 1, value: 0, useKanban: 0 }).useKanban).toBe(false);
    expect(ticketListQuery.parse({ showAll: '1', withUnreadMessages: 'false' })).toMatchObject({ showAll: true, withUnreadMessages: false });
    expect(ticketListQuery.parse({}).showAll).toBe(false);
  });
});
