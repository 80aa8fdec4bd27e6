import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** Stands in for every private route whose feature is not built yet; `titleKey` is a shell menu key. */
export default function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('shell');
  return <ComingSoon title={t(`menu.${titleKey}`)} />;
}
