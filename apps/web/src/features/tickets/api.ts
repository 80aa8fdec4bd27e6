import type { ContactListItem, SessionUser, Ticket, TicketAction, TicketListView, TicketPage, TicketUpdateInput } from '@atende/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../lib/api';

/**
 * The tickets' server state, shared by the ticket manager (lists) and the ticket screen (one
 * ticket). Lists live under `tickets.list`, one ticket under `tickets.detail`; both are kept in
 * step by the live events and by the answers of the actions below.
 */
export const ticketsKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  list: (filters: object) => ['tickets', 'list', filters] as const,
  detail: (uuid: string) => ['tickets', 'detail', uuid] as const,
};

/** The filters of one list of the manager: those of GET /tickets it uses. */
export type TicketListFilters = Pick<TicketListView, 'status' | 'searchParam' | 'showAll' | 'queueIds' | 'tags' | 'users' | 'withUnreadMessages'>;

export type TicketPages = InfiniteData<TicketPage>;

function listParams(filters: TicketListFilters, pageNumber: number): QueryParams {
  const ids = (list: number[] | undefined) => (list?.length ? list.join(',') : undefined);
  return {
    pageNumber,
    status: filters.status,
    searchParam: filters.searchParam || undefined,
    showAll: filters.showAll ? true : undefined,
    withUnreadMessages: filters.withUnreadMessages ? true : undefined,
    queueIds: ids(filters.queueIds),
    tags: ids(filters.tags),
    users: ids(filters.users),
  };
}

function listQuery(filters: TicketListFilters) {
  return infiniteQueryOptions({
    queryKey: ticketsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => api.get<TicketPage>('/tickets', listParams(filters, pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TicketPage, pages: TicketPage[]) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One list of the manager, 40 per page; live events keep it current (useTicketsLive). */
export function useTicketsList(filters: TicketListFilters, enabled = true) {
  return useInfiniteQuery({ ...listQuery(filters), enabled });
}

/** The filters the manager opens with: the user's queues, not 'show all'. */
export function startingFilters(user: Pick<SessionUser, 'queues'>): Pick<TicketListFilters, 'showAll' | 'queueIds'> {
  return { showAll: false, queueIds: user.queues.map((q) => q.id) };
}

/**
 * Asks for the first page of the two lists the manager opens on (assigned and waiting) before
 * its code has even loaded, so the list shows as soon as the page is drawn.
 */
export function prefetchStartingLists(queryClient: QueryClient, user: Pick<SessionUser, 'queues'>): void {
  for (const status of ['open', 'pending'] as const) void queryClient.prefetchInfiniteQuery(listQuery({ ...startingFilters(user), status }));
}

/**
 * POST /tickets (new-ticket dialog, contacts page): the ticket opens for the current user. The
 * queue and connection are sent as given; left out, the server picks them.
 */
export function useCreateTicket() {
  const applyTicket = useApplyTicket();
  return useMutation({
    mutationFn: (input: { contactId: number; queueId?: number | null; whatsappId?: number | null }) =>
      api.post<Ticket>('/tickets', { ...input, status: 'open' }),
    onSuccess: (ticket) => applyTicket(ticket),
  });
}

/** The contact picker of the new-ticket dialog (GET /contacts/list), from 3 typed characters. */
export function useContactSearch(search: string) {
  return useQuery({
    queryKey: ['contacts', 'picker', search],
    queryFn: ({ signal }) => api.get<ContactListItem[]>('/contacts/list', { searchParam: search }, { signal }),
    enabled: search.length >= 3,
  });
}

/** The ticket as the most recently fetched list that holds it has it (lists are kept live), and when that was. */
function listedTicket(queryClient: QueryClient, uuid: string): { ticket: Ticket; at: number } | undefined {
  let found: { ticket: Ticket; at: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketsKeys.lists })) {
    const at = query.state.dataUpdatedAt;
    if (found && at <= found.at) continue;
    const data = query.state.data as TicketPages | undefined;
    for (const page of data?.pages ?? []) {
      const ticket = page.tickets?.find((t) => t.uuid === uuid);
      if (ticket) {
        found = { ticket, at };
        break;
      }
    }
  }
  return found;
}

/**
 * One ticket by its uuid (the address of the ticket screen), company-scoped by the server. A
 * ticket opened from a list starts from the list's copy, so the screen shows it and asks for its
 * messages at once instead of waiting for this request first; the ticket is fetched again only
 * when that copy is older than the cache's freshness.
 */
/** One ticket by its uuid; another queue's answers 403, an unknown one 404: neither is retried. */
export function ticketQuery(uuid: string) {
  return queryOptions({
    queryKey: ticketsKeys.detail(uuid),
    queryFn: ({ signal }) => api.get<Ticket>(`/tickets/u/${uuid}`, undefined, { signal }),
    retry: false,
  });
}

export function useTicket(uuid: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    ...ticketQuery(uuid ?? ''),
    enabled: Boolean(uuid),
    initialData: () => (uuid ? listedTicket(queryClient, uuid)?.ticket : undefined),
    initialDataUpdatedAt: () => (uuid ? listedTicket(queryClient, uuid)?.at : undefined),
  });
}

/** What an agent does to a ticket; `transfer` carries the queue and optional user and connection. */
export type TicketActionRequest =
  | { ticket: Pick<Ticket, 'id' | 'uuid'>; action: Exclude<TicketAction, 'transfer' | 'finish'> }
  | { ticket: Pick<Ticket, 'id' | 'uuid'>; action: 'finish'; skipRating?: boolean }
  | {
      ticket: Pick<Ticket, 'id' | 'uuid'>;
      action: 'transfer';
      queueId: number;
      userId?: number | null;
      whatsappId?: number | null;
    };

function bodyOf(request: TicketActionRequest): TicketUpdateInput {
  const { ticket: _ticket, ...body } = request;
  return body;
}

/** The cache after a ticket changed: the screen shows the answer at once, lists refetch. */
export function useApplyTicket() {
  const queryClient = useQueryClient();
  return (ticket: Ticket) => {
    queryClient.setQueryData(ticketsKeys.detail(ticket.uuid), ticket);
    return queryClient.invalidateQueries({ queryKey: ticketsKeys.lists });
  };
}

/** accept, return, finish, reopen, transfer: `PUT /tickets/{id}` with the action's name. */
export function useTicketAction() {
  const applyTicket = useApplyTicket();
  return useMutation({
    mutationFn: (request: TicketActionRequest) => api.put<Ticket>(`/tickets/${request.ticket.id}`, bodyOf(request)),
    onSuccess: (ticket) => applyTicket(ticket),
  });
}

/** `DELETE /tickets/{id}` (permission ticket-options:deleteTicket). */
export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: Pick<Ticket, 'id' | 'uuid'>) => api.delete(`/tickets/${ticket.id}`),
    onSuccess: (_answer, ticket) => {
      queryClient.removeQueries({ queryKey: ticketsKeys.detail(ticket.uuid) });
      return queryClient.invalidateQueries({ queryKey: ticketsKeys.lists });
    },
  });
}
