import type { Contact, Message, MessagePage, QuickMessage, Tag, Ticket, TicketNote } from '@atende/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ticketQuery, useApplyTicket } from '../tickets';

/**
 * The ticket screen's server state: the messages of one ticket (pages of 20, page 1 the newest,
 * each page oldest first), its notes and the quick messages it offers (tag and user options
 * come from the tags and users features).
 */
export const ticketScreenKeys = {
  messages: (ticketId: number) => ['messages', ticketId] as const,
  notes: (ticketId: number) => ['ticket-notes', ticketId] as const,
  quickMessages: ['quick-messages', 'options'] as const,
};

export type MessagePages = InfiniteData<MessagePage, number>;

function messagesQuery(ticketId: number) {
  return infiniteQueryOptions({
    queryKey: ticketScreenKeys.messages(ticketId),
    queryFn: ({ pageParam, signal }) => api.get<MessagePage>(`/messages/${ticketId}`, { pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: MessagePage, pages: MessagePage[]) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useMessages(ticketId: number | undefined) {
  return useInfiniteQuery({ ...messagesQuery(ticketId ?? 0), enabled: Boolean(ticketId) });
}

/**
 * Asks for a ticket's newest messages as the agent clicks it, so they travel while the ticket
 * screen is being drawn (nothing is asked for when they are cached and fresh).
 */
export function prefetchMessages(queryClient: QueryClient, ticketId: number): void {
  void queryClient.prefetchInfiniteQuery(messagesQuery(ticketId));
}

/**
 * A ticket opened by its address (a reload, a shared link): the page of its newest messages,
 * asked for by the address as the page opened, fills both the ticket and its conversation, so the
 * screen finds them in the cache instead of asking once drawn. The ticket is in flight from now
 * on (the screen waits for it rather than asking again); a refusal stays for the screen to report.
 */
export function prefetchTicketScreen(queryClient: QueryClient, uuid: string, newestPage: Promise<MessagePage>): void {
  void queryClient.prefetchQuery({
    ...ticketQuery(uuid),
    queryFn: () =>
      newestPage.then((page) => {
        queryClient.setQueryData<MessagePages>(ticketScreenKeys.messages(page.ticket.id), { pages: [page], pageParams: [1] });
        return page.ticket;
      }),
  });
}

/**
 * A message created or changed (live event or our own answer) goes into the cached pages: a
 * change replaces the message where it is, a new one joins the newest page.
 */
export function mergeMessage(data: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((m) => m.id === message.id)) return page;
    found = true;
    return { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) };
  });
  if (found) return { ...data, pages };
  const [newest, ...older] = pages;
  const messages = [...newest.messages, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return { ...data, pages: [{ ...newest, messages, count: newest.count + 1 }, ...older] };
}

export function useMergeMessages() {
  const queryClient = useQueryClient();
  return (ticketId: number, messages: Message[]) =>
    queryClient.setQueryData<MessagePages>(ticketScreenKeys.messages(ticketId), (data) => messages.reduce(mergeMessage, data));
}

export interface TextToSend {
  body: string;
  quotedMsg?: Pick<Message, 'id'> | null;
}

/** Text as JSON, or files as multipart `medias` with the text as the caption. */
export function useSendMessage(ticketId: number) {
  const merge = useMergeMessages();
  return useMutation({
    mutationFn: async ({ body, quotedMsg, files }: TextToSend & { files?: File[] }): Promise<Message[]> => {
      const idempotencyKey = crypto.randomUUID();
      if (!files?.length) return [await api.post<Message>(`/messages/${ticketId}`, { body, quotedMsg: quotedMsg ? { id: quotedMsg.id } : null, fromMe: true, read: true, idempotencyKey })];
      const form = new FormData();
      form.append('body', body);
      form.append('idempotencyKey', idempotencyKey);
      if (quotedMsg) form.append('quotedMsg', JSON.stringify({ id: quotedMsg.id }));
      for (const file of files) form.append('medias', file, file.name);
      return api.post<Message[]>(`/messages/${ticketId}`, form);
    },
    onSuccess: (messages) => merge(ticketId, messages),
  });
}

export function useDeleteMessage(ticketId: number) {
  const merge = useMergeMessages();
  return useMutation({
    mutationFn: (message: Pick<Message, 'id'>) => api.delete<Message>(`/messages/${message.id}`),
    onSuccess: (message) => {
      if (message) merge(ticketId, [message]);
    },
  });
}

export function useTicketNotes(ticket: Pick<Ticket, 'id' | 'contactId'> | undefined) {
  return useQuery({
    queryKey: ticketScreenKeys.notes(ticket?.id ?? 0),
    queryFn: ({ signal }) => api.get<TicketNote[]>('/ticket-notes/list', { ticketId: ticket?.id, contactId: ticket?.contactId }, { signal }),
    enabled: Boolean(ticket),
  });
}

export function useAddNote(ticket: Pick<Ticket, 'id' | 'contactId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api.post<TicketNote>('/ticket-notes', { note, ticketId: ticket.id, contactId: ticket.contactId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketScreenKeys.notes(ticket.id) }),
  });
}

export function useDeleteNote(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: Pick<TicketNote, 'id'>) => api.delete(`/ticket-notes/${note.id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketScreenKeys.notes(ticketId) }),
  });
}

/** POST /tags/sync: the ticket's tags become exactly these; the screen shows them at once. */
export function useSyncTags(ticket: Ticket) {
  const applyTicket = useApplyTicket();
  return useMutation({
    mutationFn: (tags: Pick<Tag, 'id' | 'name' | 'color'>[]) =>
      api.post<Ticket['tags']>('/tags/sync', { ticketId: ticket.id, tags: tags.map((t) => ({ id: t.id })) }),
    onSuccess: (tags) => applyTicket({ ...ticket, tags }),
  });
}

export function useQuickMessages(enabled: boolean) {
  return useQuery({
    queryKey: ticketScreenKeys.quickMessages,
    queryFn: ({ signal }) => api.get<QuickMessage[]>('/quick-messages/list', undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The full contact of the drawer (extra info included). */
export function useContactDetails(contactId: number | undefined) {
  return useQuery({
    queryKey: ['contacts', 'detail', contactId ?? 0],
    queryFn: ({ signal }) => api.get<Contact>(`/contacts/${contactId}`, undefined, { signal }),
    enabled: Boolean(contactId),
  });
}
