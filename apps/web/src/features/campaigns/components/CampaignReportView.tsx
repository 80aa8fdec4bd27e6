import type { CampaignReport } from '@atende/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../../../lib/dates';

/** Delivered out of valid contacts, 0 to 100 (an empty audience shows an empty bar). */
export function deliveredPercent(report: Pick<CampaignReport, 'counts'>): number {
  const { validContacts, delivered } = report.counts;
  return validContacts > 0 ? Math.min(100, Math.round((delivered / validContacts) * 100)) : 0;
}

/** The report: status, delivered of valid contacts with its bar, and a card per figure. */
export function CampaignReportView({ report }: { report: CampaignReport }) {
  const { t } = useTranslation('campaigns');
  const { counts } = report;
  const cards: { key: string; label: string; value: string | number }[] = [
    { key: 'valid', label: t('report.validContacts'), value: counts.validContacts },
    { key: 'delivered', label: t('report.deliveredCard'), value: counts.delivered },
    ...(report.confirmation
      ? [
          { key: 'requested', label: t('report.confirmationRequested'), value: counts.confirmationRequested },
          { key: 'confirmed', label: t('report.confirmed'), value: counts.confirmed },
        ]
      : []),
    { key: 'connection', label: t('report.connection'), value: report.whatsapp?.name ?? t('notDefined') },
    { key: 'list', label: t('report.contactList'), value: report.contactList?.name ?? report.tagList?.name ?? t('notDefined') },
    { key: 'scheduled', label: t('report.scheduledAt'), value: report.scheduledAt ? formatShortDateTime(report.scheduledAt) : t('notScheduled') },
    { key: 'completed', label: t('report.completedAt'), value: report.completedAt ? formatShortDateTime(report.completedAt) : t('notCompleted') },
  ];
  return (
    <Box sx={{ p: 2 }} data-testid="campaign-report">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Chip label={t(`status.${report.status}`)} color={report.status === 'FINALIZADA' ? 'success' : 'primary'} data-testid="campaign-report-status" />
        <Typography data-testid="campaign-report-delivered">{t('report.delivered', { delivered: counts.delivered, valid: counts.validContacts })}</Typography>
      </Box>
      <LinearProgress variant="determinate" value={deliveredPercent(report)} sx={{ height: 10, borderRadius: 1 }} data-testid="campaign-report-progress" />
      <Grid container spacing={2} sx={{ mt: 2 }}>
        {cards.map((card) => (
          <Grid key={card.key} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card variant="outlined" data-testid={`campaign-report-card-${card.key}`}>
              <CardContent>
                <Typography variant="caption" color="text.secondary">
                  {card.label}
                </Typography>
                <Typography variant="h6">{card.value}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
