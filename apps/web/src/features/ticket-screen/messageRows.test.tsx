import type { Message } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { aMessage, aPage } from '../../test/tickets';
import { buildRows, type MessageRow } from './messageRows';

/** Messages `from`..`to`, a minute apart around noon of one day, unless `at` says when. */
function run(from: number, to: number, at: (id: number) => Partial<Message> = () => ({})): Message[] {
  const out: Message[] = [];
  for (let id = from; id <= to; id++) {
    out.push(aMessage(id, { createdAt: new Date(Date.UTC(2026, 10, 20, 10) + id * 60_000).toISOString(), ...at(id) }));
  }
  return out;
}

const shape = (rows: MessageRow[]) => rows.map((r) => (r.kind === 'message' ? r.message.id : r.kind === 'day' ? `day ${r.day}` : r.kind));
const noon = (day: number) => `2026-11-${day}T12:00:00.000Z`;

describe('the rows of the message list', () => {
  it('shows one day separator per day and one marker per new conversation across the pages loaded', () => {
    // Newest page first: 5-8 today (5 ends yesterday's conversation, 6 starts a new one); 1-4 yesterday.
    const newest = aPage([
      aMessage(5, { createdAt: '2026-11-19T12:30:00.000Z', cycleId: 1 }),
      aMessage(6, { createdAt: noon(20), cycleId: 2 }),
      aMessage(7, { createdAt: '2026-11-20T12:01:00.000Z', cycleId: 2 }),
    ]);
    const older = aPage(run(1, 4, (id) => ({ createdAt: `2026-11-19T12:0${id}:00.000Z`, cycleId: 1 })), { hasMore: false });
    const { rows, anchor } = buildRows([newest, older]);
    expect(shape(rows)).toEqual(['day 2026-11-19', 1, 2, 3, 4, 5, 'cycle', 'day 2026-11-20', 6, 7]);
    // The newest page begins at message 5: the list keeps it in place while older pages come in.
    expect(rows[anchor]).toMatchObject({ kind: 'message', message: { id: 5 } });
  });

  it('shows a message once when an older page repeats it (new messages shifted the pages)', () => {
    const newest = aPage(run(21, 41));
    const older = aPage(run(1, 21));
    const { rows } = buildRows([newest, older]);
    expect(shape(rows)).toEqual(['day 2026-11-20', ...Array.from({ length: 41 }, (_, i) => i + 1)]);
  });

  it('keeps a conversation in time order even when pages arrive out of order', () => {
    const newest = aPage([aMessage(3, { createdAt: noon(20) }), aMessage(4, { createdAt: noon(21) })]);
    const older = aPage([aMessage(1, { createdAt: noon(19) }), aMessage(2, { createdAt: noon(22) })]);
    expect(shape(buildRows([newest, older]).rows)).toEqual(['day 2026-11-19', 1, 'day 2026-11-20', 3, 'day 2026-11-21', 4, 'day 2026-11-22', 2]);
  });

  it('ends a closed ticket with the end-of-attendance marker', () => {
    expect(shape(buildRows([aPage(run(1, 2))], { closed: true }).rows)).toEqual(['day 2026-11-20', 1, 2, 'ended']);
  });

  it('loading an older page leaves the rows already shown as they were', () => {
    const newest = aPage(run(41, 60));
    const middle = aPage(run(21, 40));
    const before = buildRows([newest, middle]).rows;
    const after = buildRows([newest, middle, aPage(run(1, 20))]).rows;
    // Same row objects, not copies: nothing of the pages already loaded is worked out again.
    const shownBefore = before.slice(1);
    expect(after.slice(after.length - shownBefore.length)).toEqual(shownBefore);
    after.slice(after.length - shownBefore.length).forEach((row, i) => expect(row).toBe(shownBefore[i]));
  });
});
