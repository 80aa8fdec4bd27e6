export { ContactDialog } from './components/ContactDialog';
