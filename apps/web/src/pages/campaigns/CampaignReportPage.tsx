import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageLoader } from '../../components/PageLoader';
import { CampaignReportView, useCampaign, useCampaignsLive, useReloadWhenFinished } from '../../features/campaigns';
import { toastError } from '../../lib/errors';

export default function CampaignReportPage() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const campaignId = Number(useParams().campaignId);
  const report = useCampaign(Number.isInteger(campaignId) && campaignId > 0 ? campaignId : null);
  useCampaignsLive();
  const { refetch } = report;
  useReloadWhenFinished(campaignId, () => void refetch());

  useEffect(() => {
    if (report.error) toastError(report.error);
  }, [report.error]);

  return (
    <PageContainer
      title={t('report.title', { name: report.data?.name ?? '' })}
      testId="campaign-report-page"
      actions={
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/campaigns')} data-testid="campaign-report-back">
          {t('report.back')}
        </Button>
      }
    >
      {report.data ? <CampaignReportView report={report.data} /> : report.isPending && <PageLoader />}
    </PageContainer>
  );
}
