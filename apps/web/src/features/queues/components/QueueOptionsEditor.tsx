import type { QueueOption } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { toastError } from '../../../lib/errors';
import { useDeleteQueueOption, useQueueOptionTree, useSaveQueueOption } from '../api';
import { QueueOptionForm, type OptionText } from './QueueOptionForm';
import { nextOrdinal } from '../optionOrdinals';
import { QueueOptionItem, type OptionEditing } from './QueueOptionItem';

/**
 * The queue's chatbot menu: options with a title and a message, nested at any
 * depth, numbered 1, 1.1, 1.2... Each change is saved at once through /queue-options; a queue
 * not saved yet has no options to hang them on.
 */
export function QueueOptionsEditor({ queueId }: { queueId: number | null }) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const tree = useQueueOptionTree(queueId);
  const save = useSaveQueueOption(queueId ?? 0);
  const remove = useDeleteQueueOption(queueId ?? 0);
  const [editing, setEditing] = useState<OptionEditing>(null);
  const [toDelete, setToDelete] = useState<QueueOption | null>(null);

  useEffect(() => {
    if (tree.error) toastError(tree.error);
  }, [tree.error]);

  if (queueId === null) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="queue-options-unsaved">
        {t('options.saveQueueFirst')}
      </Typography>
    );
  }

  const roots = tree.data ?? [];

  function saveText(text: OptionText) {
    if (!editing || queueId === null) return;
    const request =
      editing.kind === 'new'
        ? { id: null, input: { queueId, parentId: editing.parentId ?? -1, ...text } }
        : { id: editing.id, input: text };
    save.mutate(request, { onSuccess: () => setEditing(null), onError: toastError });
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success(t('options.deleted')),
      onError: toastError,
      onSettled: () => setToDelete(null),
    });
  }

  const item = { editing, busy: save.isPending, onEdit: setEditing, onDelete: setToDelete, onSave: saveText, onCancel: () => setEditing(null) };

  return (
    <Box data-testid="queue-options">
      {tree.isFetching && <LinearProgress />}
      {roots.map((option) => (
        <QueueOptionItem key={option.id} option={option} ordinal={option.option} {...item} />
      ))}
      {editing?.kind === 'new' && editing.parentId === null ? (
        <QueueOptionForm ordinal={nextOrdinal(roots, null)} initial={{ title: '', message: '' }} busy={save.isPending} onSave={saveText} onCancel={() => setEditing(null)} />
      ) : (
        <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new', parentId: null })} data-testid="queue-option-add" sx={{ mt: 1 }}>
          {t('options.add')}
        </Button>
      )}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('options.deleteTitle', { title: toDelete?.title ?? '' })}
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')} {toDelete?.children.length ? t('options.deleteChildren') : ''}
      </ConfirmationDialog>
    </Box>
  );
}
