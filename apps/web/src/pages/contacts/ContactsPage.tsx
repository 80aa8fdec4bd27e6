import { can, UI, type Contact } from '@atende/contract';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import ImportContactsIcon from '@mui/icons-material/ImportContacts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { PageContainer } from '../../components/PageContainer';
import { SearchField } from '../../components/SearchField';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import { useContactsList, useDeleteContact, useImportContacts } from '../../features/contacts/api';
import { ContactDialog } from '../../features/contacts/components/ContactDialog';
import { ContactsTable } from '../../features/contacts/components/ContactsTable';
import { downloadContactsCsv } from '../../features/contacts/exportContacts';
import { useContactsLive } from '../../features/contacts/useContactsLive';
import { useStartTicket } from '../../features/tickets/useStartTicket';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; contactId: number | null };

export default function ContactsPage() {
  const { t } = useTranslation('contacts');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useContactsList(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [confirmImport, setConfirmImport] = useState(false);
  const [exporting, setExporting] = useState(false);
  const deleteContact = useDeleteContact();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Contact>(deleteContact, t('deleted'));
  const importContacts = useImportContacts();
  const ticket = useStartTicket();
  useContactsLive();

  const { rows: contacts, onScroll } = useInfiniteRows(list, (page) => page.contacts);

  function runImport() {
    importContacts.mutate(undefined, {
      onSuccess: ({ imported }) => toast.success(t('imported', { count: imported })),
      onError: toastError,
      onSettled: () => setConfirmImport(false),
    });
  }

  async function runExport() {
    setExporting(true);
    try {
      await downloadContactsCsv();
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  }

  const creating = dialog.open && dialog.contactId === null;
  const busy = list.isFetching || deleteContact.isPending || importContacts.isPending || exporting || ticket.busy;

  return (
    <PageContainer
      title={t('title')}
      testId="contacts-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="contacts-search" />
          <Button variant="outlined" startIcon={<ImportContactsIcon />} onClick={() => setConfirmImport(true)} data-testid="contacts-import">
            {t('import')}
          </Button>
          <Button variant="outlined" startIcon={<CloudDownloadIcon />} onClick={() => void runExport()} disabled={exporting} data-testid="contacts-export">
            {t('export')}
          </Button>
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({ open: true, contactId: null })} data-testid="contacts-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {busy && <LinearProgress />}
      <ContactsTable
        contacts={contacts}
        loading={list.isPending}
        mayDelete={can(user, 'contacts-page:deleteContact')}
        onOpenTicket={(contact) => ticket.start(contact.id)}
        onEdit={(contact) => setDialog({ open: true, contactId: contact.id })}
        onDelete={setToDelete}
      />
      {dialog.open && (
        <ContactDialog
          open
          contactId={dialog.contactId}
          initialValues={creating && /^\+?[\d\s()-]{8,}$/.test(search.trim()) ? { number: search.trim() } : undefined}
          onClose={() => setDialog({ open: false })}
          // A contact added here goes on to its ticket; an edit stays on the list.
          onSaved={creating ? (contact) => ticket.start(contact.id) : undefined}
        />
      )}
      {ticket.queueChoice}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleteContact.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {t('deleteText')}
      </ConfirmationDialog>
      <ConfirmationDialog
        open={confirmImport}
        title={t('importTitle')}
        busy={importContacts.isPending}
        onClose={() => setConfirmImport(false)}
        onConfirm={runImport}
      >
        {t('importText')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
