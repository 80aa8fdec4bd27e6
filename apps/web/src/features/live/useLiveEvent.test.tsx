/**
 * A listener's payload type follows from the entity it listens to (the contract's LiveEventMap).
 * The `@ts-expect-error` lines are checked by `npm run typecheck`: a handler that reads what its
 * entity does not carry must not compile.
 */
import type { ContactEventPayload, MessageEvent, TicketEvent } from '@atende/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { useLiveEvent } from './useLiveEvent';

type HandlerOf<E extends Parameters<typeof useLiveEvent>[0]> = Parameters<typeof useLiveEvent<E>>[1];

describe('useLiveEvent', () => {
  it('hands each entity’s handler that entity’s payload', () => {
    expectTypeOf<Parameters<HandlerOf<'ticket'>>[0]>().toEqualTypeOf<TicketEvent>();
    expectTypeOf<Parameters<HandlerOf<'appMessage'>>[0]>().toEqualTypeOf<MessageEvent>();
    expectTypeOf<Parameters<HandlerOf<'contact'>>[0]>().toEqualTypeOf<ContactEventPayload>();

    const wrongListeners = () => {
      // @ts-expect-error a tag event carries no ticket
      useLiveEvent('tag', (payload) => payload.ticket);
      // @ts-expect-error a ticket handler cannot listen to contacts
      useLiveEvent('contact', (payload: TicketEvent) => payload.action);
      // @ts-expect-error no such live entity
      useLiveEvent('chats', () => undefined);
    };
    expect(wrongListeners).toBeTypeOf('function');
  });
});
