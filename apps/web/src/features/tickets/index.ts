export { ticketQuery, ticketsKeys, useApplyTicket, useContactSearch, useDeleteTicket, useTicket, useTicketAction, type TicketActionRequest } from './api';
export { UnreadTicketsPopover } from './components/UnreadTicketsPopover';
