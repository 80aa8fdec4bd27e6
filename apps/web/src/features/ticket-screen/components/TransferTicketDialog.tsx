import { can, type Ticket } from '@atende/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../app/auth';
import { toastError } from '../../../lib/errors';
import { useQueueOptions } from '../../queues';
import { useTicketAction } from '../../tickets';
import { useConnectionOptions } from '../../users';
import { useUserOptions } from '../../users';

export interface TransferTicketDialogProps {
  ticket: Pick<Ticket, 'id' | 'uuid' | 'queueId'>;
  open: boolean;
  onClose: () => void;
  /** Called with the ticket as it is after the transfer. */
  onTransferred?: (ticket: Ticket) => void;
}

function OptionalSelect({ label, value, onChange, options, none, testId }: { label: string; value: number | ''; onChange: (v: number | '') => void; options: { id: number; name: string }[]; none: string; testId: string }) {
  return (
    <TextField select fullWidth margin="dense" label={label} value={value} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))} slotProps={{ htmlInput: { 'data-testid': testId } }}>
      <MenuItem value="">
        <em>{none}</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A queue is required, a user and a connection are optional; without a user the
 * ticket waits (pending) in the queue. Admins may pick anyone; others a member of the queue.
 */
export function TransferTicketDialog({ ticket, open, onClose, onTransferred }: TransferTicketDialogProps) {
  const { t } = useTranslation('ticketScreen');
  const me = useSessionUser();
  const [queueId, setQueueId] = useState<number | ''>('');
  const [userId, setUserId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [missingQueue, setMissingQueue] = useState(false);
  const queues = useQueueOptions(open);
  const users = useUserOptions(open);
  const connections = useConnectionOptions(open);
  const transfer = useTicketAction();
  const anyUser = can(me, 'ticket-options:transferToUser');

  useEffect(() => {
    if (!open) return;
    setQueueId(ticket.queueId ?? '');
    setUserId('');
    // Empty keeps the ticket's connection.
    setWhatsappId('');
    setMissingQueue(false);
  }, [open, ticket.queueId]);

  const userOptions = (users.data ?? []).filter((u) => anyUser || u.id === me.id || (queueId !== '' && u.queues?.some((q) => q.id === queueId)));

  const submit = () => {
    if (queueId === '') {
      setMissingQueue(true);
      return;
    }
    transfer.mutate(
      { ticket, action: 'transfer', queueId, userId: userId === '' ? null : userId, whatsappId: whatsappId === '' ? null : whatsappId },
      {
        onSuccess: (updated) => {
          onClose();
          onTransferred?.(updated);
        },
        onError: toastError,
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="transfer-dialog">
      <DialogTitle>{t('transfer.title')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          required
          label={t('transfer.queue')}
          value={queueId}
          error={missingQueue}
          helperText={missingQueue ? t('transfer.queueRequired') : ' '}
          onChange={(e) => {
            setQueueId(Number(e.target.value));
            setMissingQueue(false);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'transfer-queue' } }}
        >
          {(queues.data ?? []).map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
        <OptionalSelect label={t('transfer.user')} value={userId} onChange={setUserId} options={userOptions} none={t('transfer.noUser')} testId="transfer-user" />
        <OptionalSelect label={t('transfer.connection')} value={whatsappId} onChange={setWhatsappId} options={connections.data ?? []} none={t('transfer.sameConnection')} testId="transfer-connection" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={transfer.isPending} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
