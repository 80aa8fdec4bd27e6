export { ScheduleTicketButton } from './components/ScheduleTicketButton';
