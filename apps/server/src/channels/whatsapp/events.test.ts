import { describe, expect, it } from 'vitest';
import { ProviderEvents, SerialDelivery } from './events.js';
import type { InboundMessage } from './provider.js';

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

function message(chatId: string, body: string): InboundMessage {
  return { providerMessageId: `${chatId}-${body}`, chatId, fromMe: false, body, kind: 'text', timestamp: 0 } as InboundMessage;
}

/** A listener whose work for each body finishes only when the test says so. */
function gatedListener(events: ProviderEvents) {
  const log: string[] = [];
  const gates = new Map<string, () => void>();
  const gate = (name: string) => new Promise<void>((resolve) => gates.set(name, resolve));
  const held = new Set<string>();
  events.on('message', async (event) => {
    log.push(`start ${event.body}`);
    if (held.has(event.body)) await gate(event.body);
    log.push(`end ${event.body}`);
  });
  events.on('status', async (event) => {
    log.push(`status ${event.status}`);
  });
  return { log, hold: (body: string) => held.add(body), release: (body: string) => gates.get(body)?.(), started: (body: string) => gates.has(body) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SerialDelivery', () => {
  it('keeps one chat in order while another chat goes ahead of a slow one', async () => {
    const events = new ProviderEvents();
    const delivery = new SerialDelivery(events, silent);
    const listener = gatedListener(events);
    listener.hold('a1');
    void delivery.pushLazy('message', 'a', async () => message('a', 'a1'));
    void delivery.pushLazy('message', 'a', async () => message('a', 'a2'));
    void delivery.pushLazy('message', 'b', async () => message('b', 'b1'));
    for (let i = 0; i < 5; i++) await tick();
    // b1 was delivered although a1 is still being stored; a2 waits for a1.
    expect(listener.log).toEqual(['start a1', 'start b1', 'end b1']);
    listener.release('a1');
    await delivery.idle();
    expect(listener.log).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2', 'end a2']);
  });

  it('delivers an event without a chat after everything before it and before everything after it', async () => {
    const events = new ProviderEvents();
    const delivery = new SerialDelivery(events, silent);
    const listener = gatedListener(events);
    listener.hold('a1');
    void delivery.pushLazy('message', 'a', async () => message('a', 'a1'));
    void delivery.push('status', { status: 'DISCONNECTED', retries: 0 });
    void delivery.pushLazy('message', 'b', async () => message('b', 'b1'));
    for (let i = 0; i < 5; i++) await tick();
    expect(listener.log).toEqual(['start a1']);
    listener.release('a1');
    await delivery.idle();
    expect(listener.log).toEqual(['start a1', 'end a1', 'status DISCONNECTED', 'start b1', 'end b1']);
  });

  it('logs a failing listener and goes on with the same chat', async () => {
    const events = new ProviderEvents();
    const errors: unknown[] = [];
    const delivery = new SerialDelivery(events, { ...silent, error: (entry: unknown) => errors.push(entry) } as never);
    const seen: string[] = [];
    events.on('message', async (event) => {
      if (event.body === 'boom') throw new Error('boom');
      seen.push(event.body);
    });
    void delivery.pushLazy('message', 'a', async () => message('a', 'boom'));
    void delivery.pushLazy('message', 'a', async () => message('a', 'after'));
    await delivery.idle();
    expect(seen).toEqual(['after']);
    expect(errors).toHaveLength(1);
  });
});
