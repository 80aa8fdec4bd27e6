import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from './PageContainer';

/** What a route of the product shows until its feature is built: a page, never a crash or a 404. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={title} testId="coming-soon">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, p: 6, textAlign: 'center' }}>
        <ConstructionIcon color="disabled" sx={{ fontSize: 56 }} />
        <Typography variant="h6">{t('comingSoonTitle')}</Typography>
        <Typography color="text.secondary">{t('comingSoonText')}</Typography>
      </Box>
    </PageContainer>
  );
}
