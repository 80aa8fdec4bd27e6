import { z } from 'zod';
import { flag, isoDate, recordId } from './common.js';
import type { Contact } from './contacts.js';
import type { Tag } from './tags.js';

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

const oneId = recordId();

/** Lists in query strings come as JSON ('[1,2]') or comma lists ('1,2'). */
const idList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .optional()
  .transform((value, ctx): number[] => {
    if (value === undefined || value === '') return [];
    let items: unknown[];
    if (Array.isArray(value)) items = value;
    else {
      try {
        const parsed: unknown = value.trim().startsWith('[') ? JSON.parse(value) : value.split(',');
        items = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
    }
    const ids = items.map((item) => oneId.safeParse(typeof item === 'object' && item && 'id' in item ? (item as { id: unknown }).id : item));
    if (ids.some((id) => !id.success)) {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return ids.map((id) => id.data as number);
  });

const boolFlag = flag.optional().transform((v) => v === true);

/** GET /tickets filters. */
export const ticketListQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  status: z.enum(TICKET_STATUSES).optional(),
  tags: idList,
  users: idList,
  queueIds: idList,
  whatsappIds: idList,
  showAll: boolFlag,
  withUnreadMessages: boolFlag,
  /** Created on this day (YYYY-MM-DD). */
  date: isoDate.optional(),
  /** Updated on this day (YYYY-MM-DD). */
  updatedAt: isoDate.optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;
/** The list's filters once read: lists of ids, flags as booleans. */
export type TicketListFilters = z.output<typeof ticketListQuery>;

/** POST /tickets (new-ticket dialog): opens a ticket for a contact. */
export const ticketCreateInput = z.object({
  contactId: recordId(),
  queueId: recordId().nullable().optional(),
  whatsappId: recordId().nullable().optional(),
  userId: recordId().nullable().optional(),
  status: z.enum(TICKET_STATUSES).default('open'),
});

export const TICKET_ACTIONS = ['accept', 'return', 'finish', 'reopen', 'transfer'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

/**
 * PUT /tickets/{id}. `action` names what the agent did; without it the classic payload
 * (status, userId, queueId, whatsappId) is read as the matching action.
 */
export const ticketUpdateInput = z.object({
  action: z.enum(TICKET_ACTIONS).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  userId: recordId().nullable().optional(),
  queueId: recordId().nullable().optional(),
  whatsappId: recordId().nullable().optional(),
  useIntegration: flag.optional(),
  promptId: recordId().nullable().optional(),
  integrationId: recordId().nullable().optional(),
  /** Finish without asking the customer for a rating even when userRating is enabled. */
  skipRating: flag.optional(),
});
export type TicketUpdateInput = z.input<typeof ticketUpdateInput>;

export interface Ticket {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  contactId: number;
  contact: Pick<Contact, 'id' | 'name' | 'number' | 'profilePicUrl' | 'isGroup' | 'email'>;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  tags: Pick<Tag, 'id' | 'name' | 'color'>[];
  chatbot: boolean;
  isGroup: boolean;
  useIntegration: boolean;
  promptId: number | null;
  integrationId: number | null;
  lastMessage: string;
  lastMessageAt: string;
  unreadMessages: number;
  createdAt: string;
  updatedAt: string;
}

/** ERR_OTHER_OPEN_TICKET details: who holds the contact's live ticket. */
export interface OpenTicketHolder {
  ticketId: number;
  uuid: string;
  userId: number | null;
  userName: string | null;
  queueName: string | null;
}

/** GET /tickets. */
export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

/**
 * `company-{id}-ticket` payloads, sent only to users who may see the ticket. A ticket leaves a
 * client's lists only on `delete`: when its status, queue or owner changes, those who could see
 * it before hear `delete` and those who see it now hear `update` (both, in that order, for a user
 * who sees it before and after), so every list is rebuilt from where the ticket is now.
 */
export type TicketEvent =
  | { action: 'update'; ticket: Ticket }
  | { action: 'delete'; ticketId: number }
  | { action: 'updateUnread'; ticketId: number; unreadMessages: number };
