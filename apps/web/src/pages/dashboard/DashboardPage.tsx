import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** The counters, filters and charts of spec core §2 "Dashboard" come with the tickets module. */
export default function DashboardPage() {
  const { t } = useTranslation('shell');
  return <ComingSoon title={t('menu.dashboard')} />;
}
