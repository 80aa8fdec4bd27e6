import { can, UI, type QuickMessage } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { PageContainer } from '../../components/PageContainer';
import { SearchField } from '../../components/SearchField';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import { useDeleteQuickMessage, useQuickMessagesList } from '../../features/quick-messages/api';
import { QuickMessageDialog } from '../../features/quick-messages/components/QuickMessageDialog';
import { QuickMessagesTable } from '../../features/quick-messages/components/QuickMessagesTable';

type DialogState = { open: false } | { open: true; quickMessageId: number | null };

export default function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useQuickMessagesList(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const deleteReply = useDeleteQuickMessage();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<QuickMessage>(deleteReply, t('deleted'));

  const { rows: records, onScroll } = useInfiniteRows(list, (page) => page.records);

  // The server lets only the author or an admin change a reply; others see shared ones read-only.
  const mayChange = (reply: QuickMessage) => reply.userId === user?.id || can(user, 'quick-messages:manageOthers');

  return (
    <PageContainer
      title={t('title')}
      testId="quick-messages-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="quick-messages-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, quickMessageId: null })} data-testid="quick-messages-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {(list.isFetching || deleteReply.isPending) && <LinearProgress />}
      <QuickMessagesTable
        records={records}
        loading={list.isPending}
        mayChange={mayChange}
        onEdit={(reply) => setDialog({ open: true, quickMessageId: reply.id })}
        onDelete={setToDelete}
      />
      {dialog.open && <QuickMessageDialog open quickMessageId={dialog.quickMessageId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { shortcode: toDelete?.shortcode ?? '' })}
        busy={deleteReply.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
