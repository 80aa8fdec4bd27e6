import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { SubscriptionView } from '../../features/platform';

export default function SubscriptionPage() {
  const { t } = useTranslation('platform');
  return (
    <PageContainer title={t('subscription.title')} testId="subscription-page">
      <SubscriptionView />
    </PageContainer>
  );
}
