import type { WebhookSubscription } from '@atende/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { formatDateTime } from '../../../lib/dates';
import { useWebhookDeliveries } from '../api';

const STATUS_COLOR = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

/** The webhook's latest deliveries: when, what, how the receiver answered, and the next try. */
export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: WebhookSubscription | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const deliveries = useWebhookDeliveries(webhook?.id ?? null);
  const rows = deliveries.data ?? [];
  return (
    <Dialog open={webhook !== null} onClose={onClose} fullWidth maxWidth="md" data-testid="webhook-deliveries-dialog">
      <DialogTitle sx={{ wordBreak: 'break-all' }}>{t('deliveries.title', { url: webhook?.url ?? '' })}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {deliveries.isLoading ? (
          <PageLoader />
        ) : (
          <Table size="small" stickyHeader data-testid="webhook-deliveries-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('deliveries.time')}</TableCell>
                <TableCell>{t('deliveries.event')}</TableCell>
                <TableCell>{t('deliveries.status')}</TableCell>
                <TableCell align="center">{t('deliveries.statusCode')}</TableCell>
                <TableCell align="center">{t('deliveries.attempts')}</TableCell>
                <TableCell>{t('deliveries.nextAttempt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((delivery) => (
                <TableRow key={delivery.id} data-testid={`webhook-delivery-${delivery.id}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(delivery.createdAt)}</TableCell>
                  <TableCell data-testid="delivery-cell-event">{t(`events.${delivery.event}`)}</TableCell>
                  <TableCell>
                    <Tooltip title={delivery.error ?? delivery.responseExcerpt ?? ''}>
                      <Chip size="small" color={STATUS_COLOR[delivery.status]} label={t(`deliveryStatus.${delivery.status}`)} />
                    </Tooltip>
                  </TableCell>
                  <TableCell align="center" data-testid="delivery-cell-code">
                    {delivery.statusCode ?? '—'}
                  </TableCell>
                  <TableCell align="center">{delivery.attempts}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : '—'}</TableCell>
                </TableRow>
              ))}
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                    {t('deliveries.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="webhook-deliveries-close">
          {tc('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
