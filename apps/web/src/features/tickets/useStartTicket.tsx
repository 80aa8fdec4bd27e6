import { can, type QueueRef } from '@atende/contract';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { toastError } from '../../lib/errors';
import { useCreateTicket } from './api';
import { holderNotice, openTicketHolder } from './holderNotice';

/**
 * Opens or starts the contact's ticket and goes to it (the tickets feature's create). Admins
 * need no queue; anyone else opens it in their only queue, or picks one when they have several
 * ('Selecione uma fila'). A live ticket held by the caller opens; one held by
 * someone else gives the notice of who holds it.
 */
export function useStartTicket(): { start: (contactId: number) => void; busy: boolean; queueChoice: ReactNode } {
  const { t } = useTranslation('contacts');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [choosingFor, setChoosingFor] = useState<number | null>(null);
  const create = useCreateTicket();

  // Without a queue the server picks none; without the user's default connection, the company's.
  function open(contactId: number, queueId: number | null) {
    create.mutate(
      { contactId, ...(queueId !== null && { queueId }), ...(user?.whatsappId && { whatsappId: user.whatsappId }) },
      {
        onSuccess: (ticket) => void navigate(`/tickets/${ticket.uuid}`),
        onError: (err) => {
          const holder = openTicketHolder(err);
          if (holder && holder.userId === user?.id) void navigate(`/tickets/${holder.uuid}`);
          else if (holder) toast.warning(holderNotice(holder), { toastId: `holder-${holder.ticketId}` });
          else toastError(err);
        },
      },
    );
  }

  const queues: QueueRef[] = user?.queues ?? [];

  function start(contactId: number) {
    if (can(user, 'tickets-manager:showall')) return open(contactId, null);
    if (queues.length === 0) return void toast.error(t('selectQueue'));
    if (queues.length === 1) return open(contactId, queues[0].id);
    setChoosingFor(contactId);
  }

  function choose(queueId: number) {
    if (choosingFor !== null) open(choosingFor, queueId);
    setChoosingFor(null);
  }

  const queueChoice = (
    <Dialog open={choosingFor !== null} onClose={() => setChoosingFor(null)} data-testid="ticket-queue-choice">
      <DialogTitle>{t('chooseQueue')}</DialogTitle>
      <List sx={{ pt: 0 }}>
        {queues.map((queue) => (
          <ListItemButton key={queue.id} onClick={() => choose(queue.id)} data-testid={`ticket-queue-${queue.id}`}>
            <ListItemText primary={queue.name} />
          </ListItemButton>
        ))}
      </List>
    </Dialog>
  );

  return { start, busy: create.isPending, queueChoice };
}
