import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSessionUser } from '../../../app/auth';
import { daysUntil, formatDate } from '../../../lib/dates';

/**
 * /subscription, read-only: the trial's days left (from the company's trialExpiration), the
 * billing email, and the way to subscribe (the invoices page).
 */
export function SubscriptionView() {
  const { t } = useTranslation('platform');
  const { company } = useSessionUser();
  const days = daysUntil(company.trialExpiration);
  const trialText = days === null ? t('subscription.noTrial') : days >= 0 ? t('subscription.trialDaysLeft', { count: days }) : t('subscription.trialEnded');

  return (
    <Box sx={{ p: 2, maxWidth: 560 }} data-testid="subscription">
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="subtitle2" color="text.secondary">
            {t('subscription.trial')}
          </Typography>
          <Typography variant="h6" data-testid="subscription-trial">
            {trialText}
          </Typography>
          {company.dueDate && (
            <Typography variant="body2" color="text.secondary" data-testid="subscription-due">
              {t('subscription.dueDate', { date: formatDate(company.dueDate) })}
            </Typography>
          )}
        </Box>
        <TextField
          label={t('subscription.billingEmail')}
          value={company.email}
          fullWidth
          slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'subscription-email' } }}
        />
        <Button variant="contained" component={RouterLink} to="/financeiro" data-testid="subscription-subscribe">
          {t('subscription.subscribe')}
        </Button>
      </Paper>
    </Box>
  );
}
