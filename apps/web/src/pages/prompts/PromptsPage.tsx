import type { Prompt } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { toastError } from '../../lib/errors';
import { useDeletePrompt, usePrompts } from '../../features/prompts/api';
import { PromptDialog } from '../../features/prompts/components/PromptDialog';
import { PromptsTable } from '../../features/prompts/components/PromptsTable';

type DialogState = { open: false } | { open: true; promptId: number | null };

export default function PromptsPage() {
  const { t } = useTranslation('prompts');
  const { t: tc } = useTranslation();
  const prompts = usePrompts();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<Prompt | null>(null);
  const deletePrompt = useDeletePrompt();

  // The delete answers a message: it is shown as information, not as a success.
  function confirmDelete() {
    if (!toDelete) return;
    deletePrompt.mutate(toDelete.id, {
      onSuccess: () => toast.info(t('deleted')),
      onError: toastError,
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <PageContainer
      title={t('title')}
      testId="prompts-page"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, promptId: null })} data-testid="prompts-add">
          {t('add')}
        </Button>
      }
    >
      {(prompts.isFetching || deletePrompt.isPending) && <LinearProgress />}
      <PromptsTable prompts={prompts.data ?? []} loading={prompts.isPending} onEdit={(p) => setDialog({ open: true, promptId: p.id })} onDelete={setToDelete} />
      {dialog.open && <PromptDialog open promptId={dialog.promptId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deletePrompt.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
