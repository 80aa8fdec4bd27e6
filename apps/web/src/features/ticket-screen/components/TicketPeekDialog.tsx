import type { Ticket } from '@atende/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { MessageList } from './MessageList';

interface Props {
  ticket: Pick<Ticket, 'id' | 'status'> & { contact: Pick<Ticket['contact'], 'name'> };
  open: boolean;
  onClose: () => void;
}

/**
 * An admin's read-only look at a conversation (the peek icon), e.g. a waiting
 * ticket that cannot be opened by a click: no input, no reply, no deletion.
 */
export function TicketPeekDialog({ ticket, open, onClose }: Props) {
  const { t } = useTranslation('ticketScreen');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="ticket-peek-dialog">
      <DialogTitle>{t('peek.title', { name: ticket.contact.name })}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box sx={{ height: '60vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>{open && <MessageList ticket={ticket} />}</Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('peek.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
