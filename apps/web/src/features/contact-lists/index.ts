export * from './api';
export { ContactListDialog } from './components/ContactListDialog';
export { ContactListsTable } from './components/ContactListsTable';
export { ImportDialog } from './components/ImportDialog';
export { ImportReportDialog } from './components/ImportReportDialog';
export { ListContactDialog } from './components/ListContactDialog';
export { ListContactsTable } from './components/ListContactsTable';
export { useContactListsLive } from './useContactListsLive';
