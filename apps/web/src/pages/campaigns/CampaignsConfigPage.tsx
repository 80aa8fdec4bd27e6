import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { CampaignSettingsForm, useCampaignSettings } from '../../features/campaigns';
import { toastError } from '../../lib/errors';

export default function CampaignsConfigPage() {
  const { t } = useTranslation('campaigns');
  const settings = useCampaignSettings();
  useEffect(() => {
    if (settings.error) toastError(settings.error);
  }, [settings.error]);
  return (
    <PageContainer title={t('settings.title')} testId="campaigns-config-page">
      <CampaignSettingsForm settings={settings.data?.settings} />
    </PageContainer>
  );
}
