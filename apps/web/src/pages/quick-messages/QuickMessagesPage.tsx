import { can, UI, type QuickMessage } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useDeleteQuickMessage, useQuickMessagesList } from '../../features/quick-messages/api';
import { QuickMessageDialog } from '../../features/quick-messages/components/QuickMessageDialog';
import { QuickMessagesTable } from '../../features/quick-messages/components/QuickMessagesTable';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; quickMessageId: number | null };

export default function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useQuickMessagesList(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<QuickMessage | null>(null);
  const deleteReply = useDeleteQuickMessage();

  const records = useMemo(() => {
    const seen = new Set<number>();
    return (list.data?.pages ?? []).flatMap((page) => page.records ?? []).filter((r) => !seen.has(r.id) && seen.add(r.id));
  }, [list.data]);

  function handleScroll(event: UIEvent<HTMLDivElement>) {
    const pane = event.currentTarget;
    const nearBottom = pane.scrollHeight - (pane.scrollTop + pane.clientHeight) < UI.listBottomPx;
    if (nearBottom && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }

  function confirmDelete() {
    if (!toDelete) return;
    deleteReply.mutate(toDelete.id, {
      onSuccess: () => toast.success(t('deleted')),
      onError: toastError,
      onSettled: () => setToDelete(null),
    });
  }

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  // The server lets only the author or an admin change a reply; others see shared ones read-only.
  const mayChange = (reply: QuickMessage) => reply.userId === user?.id || can(user, 'quick-messages:manageOthers');

  return (
    <PageContainer
      title={t('title')}
      testId="quick-messages-page"
      onScroll={handleScroll}
      actions={
        <>
          <TextField
            size="small"
            placeholder={tc('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              htmlInput: { 'data-testid': 'quick-messages-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" color="action" />
                  </InputAdornment>
                ),
              },
            }}
          />
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
