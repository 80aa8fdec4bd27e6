import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the ticket manager (spec core §2 "Ticket manager") is built. */
export default function TicketsPage() {
  const { t } = useTranslation('shell');
  return <ComingSoon title={t('menu.tickets')} />;
}
