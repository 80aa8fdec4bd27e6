import type { Message, MessagePage } from '@atende/contract';

/** A line of the message list: a message, a day separator, or the end of one attendance and start of the next (lesson 4). */
export type MessageRow =
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'day'; key: string; day: string }
  | { kind: 'cycle'; key: string }
  | { kind: 'ended'; key: string };

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
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The rows of the list and where the newest page begins: the virtualised list keeps that row in
 * place when older pages are prepended (react-virtuoso's firstItemIndex).
 */
export function buildRows(pages: MessagePage[], options: { closed?: boolean } = {}): { rows: MessageRow[]; anchor: number } {
  const messages = messagesOf(pages);
  const firstOfNewest = pages[0]?.messages[0]?.id;
  const rows: MessageRow[] = [];
  let anchor = 0;
  let previous: Message | undefined;
  for (const message of messages) {
    const day = localDay(message.createdAt);
    if (previous && previous.cycleId !== null && message.cycleId !== null && previous.cycleId !== message.cycleId) {
      rows.push({ kind: 'cycle', key: `cycle-${message.id}` });
    }
    if (!previous || localDay(previous.createdAt) !== day) rows.push({ kind: 'day', key: `day-${day}-${message.id}`, day });
    if (message.id === firstOfNewest) anchor = rows.length;
    rows.push({ kind: 'message', key: `m-${message.id}`, message });
    previous = message;
  }
  if (options.closed && rows.length > 0) rows.push({ kind: 'ended', key: 'ended' });
  return { rows, anchor };
}
