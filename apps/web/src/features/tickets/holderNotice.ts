import type { OpenTicketHolder } from '@atende/contract';
import i18n from 'i18next';
import { ApiError } from '../../lib/api';

/**
 * Starting a ticket for a contact who already has a live one answers
 * ERR_OTHER_OPEN_TICKET with who holds it. Null for any other failure.
 */
export function openTicketHolder(err: unknown): OpenTicketHolder | null {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const details = err.details as Partial<OpenTicketHolder>;
  if (typeof details.uuid !== 'string' || typeof details.ticketId !== 'number') return null;
  return {
    ticketId: details.ticketId,
    uuid: details.uuid,
    userId: details.userId ?? null,
    userName: details.userName ?? null,
    queueName: details.queueName ?? null,
  };
}

/** The notice of who holds the contact's live ticket, in the current language. */
export function holderNotice(holder: OpenTicketHolder): string {
  const queue = holder.queueName ?? i18n.t('holder.noQueue', { ns: 'tickets' });
  if (holder.userName) return i18n.t('holder.withUser', { ns: 'tickets', user: holder.userName, queue });
  return i18n.t('holder.waiting', { ns: 'tickets', queue });
}
