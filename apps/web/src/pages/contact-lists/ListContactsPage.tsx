import { can, UI, type ContactListImportReport, type ListContact } from '@atende/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { SearchField } from '../../components/SearchField';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import {
  downloadExampleSpreadsheet,
  ImportDialog,
  ImportReportDialog,
  ListContactDialog,
  ListContactsTable,
  useContactList,
  useContactListsLive,
  useDeleteListContact,
  useImportContactList,
  useListContactsPage,
} from '../../features/contact-lists';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; contactId: number | null };

export default function ListContactsPage() {
  const { t } = useTranslation('contactLists');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const listId = Number(useParams().contactListId) || 0;
  const list = useContactList(listId || null);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const query = useListContactsPage(listId, searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [importing, setImporting] = useState(false);
  const [report, setReport] = useState<ContactListImportReport | null>(null);
  const importList = useImportContactList();
  const deleteContact = useDeleteListContact();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<ListContact>(deleteContact, t('contactDeleted'));
  useContactListsLive();
  const { rows: contacts, onScroll } = useInfiniteRows(query, (page) => page.contacts);

  function runImport(file: File) {
    importList.mutate(
      { listId, file },
      {
        onSuccess: (answer) => setReport(answer),
        onError: toastError,
        onSettled: () => setImporting(false),
      },
    );
  }

  const downloadExample = () => void downloadExampleSpreadsheet().catch(toastError);

  return (
    <PageContainer
      title={list.data?.name ?? ''}
      testId="list-contacts-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="list-contacts-search" />
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate('/contact-lists')} data-testid="list-contacts-back">
            {t('lists')}
          </Button>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} data-testid="list-contacts-import">
            {t('import.button')}
          </Button>
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({ open: true, contactId: null })} data-testid="list-contacts-add">
            {tc('add')}
          </Button>
        </>
      }
    >
      {(query.isFetching || importList.isPending || deleteContact.isPending) && <LinearProgress />}
      <ListContactsTable
        contacts={contacts}
        loading={query.isPending}
        mayDelete={can(user, 'contacts-page:deleteContact')}
        onEdit={(contact) => setDialog({ open: true, contactId: contact.id })}
        onDelete={setToDelete}
      />
      {dialog.open && <ListContactDialog open listId={listId} contactId={dialog.contactId} onClose={() => setDialog({ open: false })} />}
      <ImportDialog open={importing} busy={importList.isPending} onDownloadExample={downloadExample} onClose={() => setImporting(false)} onConfirm={runImport} />
      <ImportReportDialog report={report} onClose={() => setReport(null)} />
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('contactDeleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleteContact.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
