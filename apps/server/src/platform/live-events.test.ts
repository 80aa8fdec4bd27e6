/**
 * Every emit is typed by the contract's LiveEventMap: the entity decides the payload. The
 * `@ts-expect-error` lines are checked by `npm run typecheck` (tsconfig.test.json): if a wrong
 * payload ever compiled again, the directive itself would fail the typecheck.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { companyEvent, rooms, type LiveEventMap, type Tag, type TagEventPayload, type Ticket } from '@atende/contract';
import type { LiveChannel } from './live.js';

function recordingChannel() {
  const sent: Array<{ event: string; payload: unknown }> = [];
  const live: Pick<LiveChannel, 'toCompany' | 'toRoom'> = {
    toCompany: (companyId, entity, payload) => void sent.push({ event: companyEvent(companyId, entity), payload }),
    toRoom: (_room, companyId, entity, payload) => void sent.push({ event: companyEvent(companyId, entity), payload }),
  };
  return { live, sent };
}

const tag: Tag = { id: 3, name: 'VIP', color: '#aa0000', kanban: 0, userId: null };

describe('typed live events', () => {
  it('sends the payload of its entity under company-{id}-{entity}', () => {
    const { live, sent } = recordingChannel();
    live.toCompany(7, 'tag', { action: 'update', tag });
    live.toRoom(rooms.admins(7), 7, 'tag', { action: 'delete', tagId: 3 });
    expect(sent).toEqual([
      { event: 'company-7-tag', payload: { action: 'update', tag } },
      { event: 'company-7-tag', payload: { action: 'delete', tagId: 3 } },
    ]);
  });

  it('does not compile a payload that is not its entity’s', () => {
    const { live } = recordingChannel();
    const wrongCalls = () => {
      // @ts-expect-error a tag is deleted by tagId
      live.toCompany(7, 'tag', { action: 'delete', contactId: 3 });
      // @ts-expect-error a contact event carries a contact, not a tag
      live.toCompany(7, 'contact', { action: 'update', tag });
      // @ts-expect-error a ticket event carries a whole ticket
      live.toRoom(rooms.user(1), 7, 'ticket', { action: 'update', ticket: { id: 1 } });
      // @ts-expect-error no such live entity
      live.toCompany(7, 'chats', { action: 'update' });
      // @ts-expect-error a chat's new message comes with the message itself
      live.toRoom(rooms.user(1), 7, 'chat', { action: 'new-message', chatId: 3 });
    };
    expect(wrongCalls).toBeTypeOf('function');
    expectTypeOf<LiveEventMap['tag']>().toEqualTypeOf<TagEventPayload>();
    expectTypeOf<Parameters<typeof live.toCompany<'ticket'>>[2]>().toEqualTypeOf<LiveEventMap['ticket']>();
    expectTypeOf<Extract<LiveEventMap['ticket'], { action: 'update' }>['ticket']>().toEqualTypeOf<Ticket>();
  });
});
