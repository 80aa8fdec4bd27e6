import type { Campaign } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import { CampaignDialog, CampaignsTable, useCampaignCommand, useCampaignsLive, useCampaignsPage, useDeleteCampaign } from '../../features/campaigns';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; campaignId: number | null };

export default function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const query = useCampaignsPage();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const remove = useDeleteCampaign();
  const command = useCampaignCommand();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Campaign>(remove, t('deleted'));
  useCampaignsLive();
  const { rows: campaigns, onScroll } = useInfiniteRows(query, (page) => page.records);

  // A refused cancel or restart shows the server's reason as a toast.
  const run = (campaign: Campaign, which: 'cancel' | 'restart') =>
    command.mutate(
      { id: campaign.id, command: which },
      { onSuccess: () => toast.success(t(which === 'cancel' ? 'cancelled' : 'restarted')), onError: toastError },
    );

  return (
    <PageContainer
      title={t('title')}
      testId="campaigns-page"
      onScroll={onScroll}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, campaignId: null })} data-testid="campaigns-add">
          {t('add')}
        </Button>
      }
    >
      {(query.isFetching || remove.isPending || command.isPending) && <LinearProgress />}
      <CampaignsTable
        campaigns={campaigns}
        loading={query.isPending}
        onStop={(campaign) => run(campaign, 'cancel')}
        onRestart={(campaign) => run(campaign, 'restart')}
        onReport={(campaign) => void navigate(`/campaign/${campaign.id}/report`)}
        onEdit={(campaign) => setDialog({ open: true, campaignId: campaign.id })}
        onDelete={setToDelete}
      />
      {dialog.open && <CampaignDialog open campaignId={dialog.campaignId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
