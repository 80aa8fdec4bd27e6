import type { TagTicket } from '@atende/contract';
import { format, isValid, parseISO } from 'date-fns';
import i18n from 'i18next';

type Cell = string | number | null;

/** Dates as dd/MM/yyyy, times as HH:mm. */
export function formatDateTime(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : value;
}

/** The rows of the tag tickets spreadsheet: a header, then one row per ticket. */
export function tagTicketsSheet(tickets: TagTicket[]): Cell[][] {
  const t = (key: string) => i18n.t(`tickets.${key}`, { ns: 'tags' });
  const header = ['id', 'status', 'contact', 'tags', 'lastMessage', 'unreadMessages', 'createdAt', 'updatedAt'].map(t);
  return [
    header,
    ...tickets.map((ticket) => [
      ticket.id,
      i18n.t(`status.${ticket.status}`, { ns: 'tags' }),
      `${ticket.contact.name} (${ticket.contact.number})`,
      ticket.tags.map((tag) => tag.name).join(', '),
      ticket.lastMessage,
      ticket.unreadMessages,
      formatDateTime(ticket.createdAt),
      formatDateTime(ticket.updatedAt),
    ]),
  ];
}

/** Writes the spreadsheet and hands it to the browser; the writer loads only when asked for. */
export async function downloadTagTickets(tagName: string, tickets: TagTicket[]): Promise<void> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const safeName = tagName.replace(/[^\p{L}\p{N}_-]+/gu, '_');
  await writeExcelFile(tagTicketsSheet(tickets)).toFile(`tag-${safeName}.xlsx`);
}
