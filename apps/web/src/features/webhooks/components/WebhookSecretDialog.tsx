import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField';

/** The signing secret, shown this once: the server never lists it again. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  return (
    <Dialog open={secret !== null} onClose={onClose} fullWidth maxWidth="sm" data-testid="webhook-secret-dialog">
      <DialogTitle>{t('secret.title')}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('secret.once')}
        </Alert>
        <CopyField label={t('secret.label')} value={secret ?? ''} testId="webhook-secret" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('secret.howTo')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-close">
          {tc('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
