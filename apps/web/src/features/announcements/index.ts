export { AnnouncementsPopover } from './components/AnnouncementsPopover';
