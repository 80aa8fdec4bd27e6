import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PageContainer } from '../../components/PageContainer';
import { useHelps } from '../../features/helps/api';
import { HelpsGallery } from '../../features/helps/components/HelpsGallery';

/** The help videos for everyone: the title with their count, then the cards. */
export default function HelpsPage() {
  const { t } = useTranslation('helps');
  const helps = useHelps();
  const count = helps.data?.length ?? 0;

  useEffect(() => {
    if (helps.error) toast.error(t('loadFailed'), { toastId: 'helps-load-failed' });
  }, [helps.error, t]);

  return (
    <PageContainer title={t('galleryTitle', { count })} testId="helps-page">
      {helps.isFetching && <LinearProgress />}
      <HelpsGallery helps={helps.data ?? []} loading={helps.isPending} />
    </PageContainer>
  );
}
