import type { Message, MessagePage } from '@atende/contract';

/** A line of the message list: a message, a day separator, or the end of one attendance and start of the next. */
export type MessageRow =
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'day'; key: string; day: string }
  | { kind: 'cycle'; key: string }
  | { kind: 'ended'; key: string };

/** ISO timestamps of one format order as strings; a plain comparison is far cheaper than localeCompare over 10k messages. */
function byTime(a: Message, b: Message): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id - b.id;
}

/** Pages come newest first, each oldest first; a message already seen (offsets shift as messages arrive) counts once. */
export function messagesOf(pages: MessagePage[]): Message[] {
  const seen = new Set<number>();
  const out: Message[] = [];
  for (const page of [...pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.sort(byTime);
}

function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const newConversation = (previous: Message, message: Message) =>
  previous.cycleId !== null && message.cycleId !== null && previous.cycleId !== message.cycleId;

/**
 * The rows of a run of messages in order, as if nothing came before them (so they open with a
 * day separator); `days[i]` is the local day of `messages[i]`.
 */
interface Segment {
  messages: Message[];
  days: string[];
  rows: MessageRow[];
}

function segmentOf(messages: Message[]): Segment {
  const rows: MessageRow[] = [];
  const days: string[] = [];
  let previous: Message | undefined;
  let previousDay = '';
  for (const message of messages) {
    const day = localDay(message.createdAt);
    if (previous && newConversation(previous, message)) rows.push({ kind: 'cycle', key: `cycle-${message.id}` });
    if (day !== previousDay) rows.push({ kind: 'day', key: `day-${day}-${message.id}`, day });
    rows.push({ kind: 'message', key: `m-${message.id}`, message });
    days.push(day);
    previous = message;
    previousDay = day;
  }
  return { messages, days, rows };
}

/**
 * A page's rows are built once and kept with the page: the cache returns the same page object
 * until it changes (a live message or an edit replaces it), so loading an older page builds only
 * that page's rows and the rest are reused as they were.
 */
const segments = new WeakMap<MessagePage, Segment | null>();

function inOrder(messages: Message[]): boolean {
  for (let i = 1; i < messages.length; i++) if (byTime(messages[i - 1], messages[i]) > 0) return false;
  return true;
}

/** The page's own rows, or null when its messages are not in order by themselves. */
function pageSegment(page: MessagePage): Segment | null {
  let segment = segments.get(page);
  if (segment === undefined) {
    segment = inOrder(page.messages) ? segmentOf(page.messages) : null;
    segments.set(page, segment);
  }
  return segment;
}

/**
 * The rows of the list and where the newest page begins: the virtualised list keeps that row in
 * place when older pages are prepended (react-virtuoso's firstItemIndex).
 */
export function buildRows(pages: MessagePage[], options: { closed?: boolean } = {}): { rows: MessageRow[]; anchor: number } {
  const rows = joinPages(pages) ?? segmentOf(messagesOf(pages)).rows;
  const firstOfNewest = pages[0]?.messages[0]?.id;
  let anchor = 0;
  // The newest page is at the end: look for its first message from there.
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (row.kind === 'message' && row.message.id === firstOfNewest) {
      anchor = i;
      break;
    }
  }
  if (options.closed && rows.length > 0) rows.push({ kind: 'ended', key: 'ended' });
  return { rows, anchor };
}

/**
 * The pages' rows joined oldest first, reusing each page's built rows; only the seams between
 * pages are decided here (is it the same day, did a conversation end). A message already shown by
 * an older page is left out of the newer one (its page's rows are then built again, without it).
 * Null when the pages overlap in time out of order, for the full sort to decide.
 */
function joinPages(pages: MessagePage[]): MessageRow[] | null {
  const rows: MessageRow[] = [];
  const seen = new Set<number>();
  let last: Message | undefined;
  let lastDay = '';
  for (let p = pages.length - 1; p >= 0; p--) {
    let segment = pageSegment(pages[p]);
    if (!segment) return null;
    if (segment.messages.some((m) => seen.has(m.id))) segment = segmentOf(segment.messages.filter((m) => !seen.has(m.id)));
    if (segment.messages.length === 0) continue;
    const first = segment.messages[0];
    if (last && byTime(last, first) > 0) return null;
    let start = 0;
    if (last && newConversation(last, first)) rows.push({ kind: 'cycle', key: `cycle-${first.id}` });
    // The page opens with a day separator; the older page may already have shown that day.
    if (segment.days[0] === lastDay) start = 1;
    for (let i = start; i < segment.rows.length; i++) rows.push(segment.rows[i]);
    for (const message of segment.messages) seen.add(message.id);
    last = segment.messages[segment.messages.length - 1];
    lastDay = segment.days[segment.days.length - 1];
  }
  return rows;
}
