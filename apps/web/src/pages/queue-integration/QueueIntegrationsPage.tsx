import { UI, type QueueIntegration } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { SearchField } from '../../components/SearchField';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import { useDeleteIntegration, useIntegrationsPage } from '../../features/queue-integrations/api';
import { IntegrationDialog } from '../../features/queue-integrations/components/IntegrationDialog';
import { IntegrationsTable } from '../../features/queue-integrations/components/IntegrationsTable';
import { useIntegrationsLive } from '../../features/queue-integrations/useIntegrationsLive';

type DialogState = { open: false } | { open: true; integrationId: number | null };

export default function QueueIntegrationsPage() {
  const { t } = useTranslation('queueIntegrations');
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useIntegrationsPage(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const remove = useDeleteIntegration();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<QueueIntegration>(remove, t('deleted'));
  useIntegrationsLive();
  const { rows, onScroll } = useInfiniteRows(list, (page) => page.queueIntegrations);

  return (
    <PageContainer
      title={t('title')}
      testId="integrations-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="integrations-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, integrationId: null })} data-testid="integrations-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {(list.isFetching || remove.isPending) && <LinearProgress />}
      <IntegrationsTable integrations={rows} loading={list.isPending} onEdit={(i) => setDialog({ open: true, integrationId: i.id })} onDelete={setToDelete} />
      {dialog.open && <IntegrationDialog integrationId={dialog.integrationId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog open={toDelete !== null} title={t('deleteTitle', { name: toDelete?.name ?? '' })} busy={remove.isPending} onClose={() => setToDelete(null)} onConfirm={confirmDelete}>
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
