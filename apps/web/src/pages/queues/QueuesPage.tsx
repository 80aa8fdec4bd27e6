import type { Queue } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { PageContainer } from '../../components/PageContainer';
import { useDeleteQueue, useQueues } from '../../features/queues/api';
import QueueDialog from '../../features/queues/components/QueueDialog';
import { QueuesTable } from '../../features/queues/components/QueuesTable';
import { useQueuesLive } from '../../features/queues/useQueuesLive';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; queueId: number | null };

export default function QueuesPage() {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const list = useQueues();
  const deleteQueue = useDeleteQueue();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Queue>(deleteQueue, t('deleted'));
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  useQueuesLive();

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  return (
    <PageContainer
      title={t('title')}
      testId="queues-page"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, queueId: null })} data-testid="queues-add">
          {t('add')}
        </Button>
      }
    >
      {(list.isFetching || deleteQueue.isPending) && <LinearProgress />}
      <QueuesTable
        queues={list.data ?? []}
        loading={list.isPending}
        onEdit={(queue) => setDialog({ open: true, queueId: queue.id })}
        onDelete={setToDelete}
      />
      {dialog.open && <QueueDialog queueId={dialog.queueId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleteQueue.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
