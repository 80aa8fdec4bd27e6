import type { WebhookSubscription, WebhookSubscriptionWithSecret } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { toastError } from '../../../lib/errors';
import { useDeleteWebhook, useRotateWebhookSecret, useSendWebhookTest, useWebhooks, useWebhooksLive } from '../api';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { WebhookDialog } from './WebhookDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';

function RowAction({ title, testId, onClick, children }: { title: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={title} onClick={onClick} data-testid={testId}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** Settings > Webhooks: the company's programs hear what happens in the inbox. */
export function WebhooksSettingsTab() {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();
  const [editing, setEditing] = useState<{ webhook: WebhookSubscription | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<WebhookSubscription>(remove, t('deleted'));
  useWebhooksLive((off) => toast.warning(t('switchedOff', { url: off.url }), { toastId: `webhook-off-${off.id}` }));

  const showSecret = (withSecret: WebhookSubscriptionWithSecret) => setSecret(withSecret.secret);
  const sendTest = (webhook: WebhookSubscription) =>
    test.mutate(webhook.id, {
      onSuccess: (delivery) => {
        if (delivery.status === 'delivered') toast.success(t('test.delivered', { code: delivery.statusCode }));
        else toast.error(t('test.failed', { reason: delivery.statusCode ?? delivery.error ?? '' }));
        setLogOf(webhook);
      },
      onError: toastError,
    });
  const rows = webhooks.data ?? [];

  return (
    <Box sx={{ p: 2 }} data-testid="webhooks-tab">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ webhook: null })} data-testid="webhook-add">
          {t('add')}
        </Button>
      </Box>
      <Table size="small" data-testid="webhooks-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.url')}</TableCell>
            <TableCell>{t('columns.events')}</TableCell>
            <TableCell>{t('columns.status')}</TableCell>
            <TableCell align="center">{t('columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((webhook) => (
            <TableRow key={webhook.id} hover data-testid={`webhook-row-${webhook.id}`}>
              <TableCell sx={{ wordBreak: 'break-all' }} data-testid="webhook-cell-url">
                {webhook.url}
              </TableCell>
              <TableCell>{webhook.events.map((event) => t(`events.${event}`)).join(', ')}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  data-testid="webhook-cell-status"
                  color={webhook.active ? 'success' : webhook.disabledReason ? 'error' : 'default'}
                  label={webhook.active ? t('status.active') : webhook.disabledReason ? t('status.failures') : t('status.inactive')}
                />
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <RowAction title={t('test.send')} testId={`webhook-test-${webhook.id}`} onClick={() => sendTest(webhook)}>
                  <SendIcon fontSize="small" />
                </RowAction>
                <RowAction title={t('deliveries.open')} testId={`webhook-log-${webhook.id}`} onClick={() => setLogOf(webhook)}>
                  <HistoryIcon fontSize="small" />
                </RowAction>
                <RowAction title={t('secret.rotate')} testId={`webhook-rotate-${webhook.id}`} onClick={() => rotate.mutate(webhook.id, { onSuccess: showSecret, onError: toastError })}>
                  <KeyIcon fontSize="small" />
                </RowAction>
                <RowAction title={tc('edit')} testId={`webhook-edit-${webhook.id}`} onClick={() => setEditing({ webhook })}>
                  <EditIcon fontSize="small" />
                </RowAction>
                <RowAction title={tc('delete')} testId={`webhook-delete-${webhook.id}`} onClick={() => setToDelete(webhook)}>
                  <DeleteIcon fontSize="small" />
                </RowAction>
              </TableCell>
            </TableRow>
          ))}
          {!webhooks.isLoading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="webhooks-empty">
                {tc('noRecords')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <WebhookDialog open={editing !== null} webhook={editing?.webhook ?? null} onClose={() => setEditing(null)} onCreated={showSecret} />
      <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDialog webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmationDialog open={toDelete !== null} title={t('deleteTitle', { url: toDelete?.url ?? '' })} busy={remove.isPending} onClose={() => setToDelete(null)} onConfirm={confirmDelete}>
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </Box>
  );
}
