import { UI, type ContactList } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { SearchField } from '../../components/SearchField';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import {
  ContactListDialog,
  ContactListsTable,
  downloadExampleSpreadsheet,
  useContactListsLive,
  useContactListsPage,
  useDeleteContactList,
} from '../../features/contact-lists';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; list: ContactList | null };

export default function ContactListsPage() {
  const { t } = useTranslation('contactLists');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const query = useContactListsPage(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const deleteList = useDeleteContactList();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<ContactList>(deleteList, t('deleted'));
  useContactListsLive();
  const { rows: lists, onScroll } = useInfiniteRows(query, (page) => page.records);

  return (
    <PageContainer
      title={t('title')}
      testId="contact-lists-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="contact-lists-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, list: null })} data-testid="contact-lists-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {(query.isFetching || deleteList.isPending) && <LinearProgress />}
      <ContactListsTable
        lists={lists}
        loading={query.isPending}
        onDownloadExample={() => downloadExampleSpreadsheet().catch(toastError)}
        onOpen={(list) => void navigate(`/contact-lists/${list.id}/contacts`)}
        onEdit={(list) => setDialog({ open: true, list })}
        onDelete={setToDelete}
      />
      {dialog.open && <ContactListDialog open list={dialog.list} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleteList.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
