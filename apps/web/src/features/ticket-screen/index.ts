export { TicketPeekDialog } from './components/TicketPeekDialog';
