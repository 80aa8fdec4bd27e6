import { can, type QueueRef, type Ticket } from '@atende/contract';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { holderNotice, openTicketHolder } from '../tickets/holderNotice';

interface StartTicket {
  contactId: number;
  queueId: number | null;
}

/**
 * Opens or starts the contact's ticket and goes to it: POST /tickets with status open. Admins
 * need no queue; anyone else opens it in their only queue, or picks one when they have several
 * (spec core §5 'Selecione uma fila'). A live ticket held by the caller opens; one held by
 * someone else gives the notice of who holds it (spec core §8).
 */
export function useStartTicket(): { start: (contactId: number) => void; busy: boolean; queueChoice: ReactNode } {
  const { t } = useTranslation('contacts');
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choosingFor, setChoosingFor] = useState<number | null>(null);

  const create = useMutation({
    mutationFn: ({ contactId, queueId }: StartTicket) =>
      api.post<Ticket>('/tickets', {
        contactId,
        status: 'open',
        ...(queueId !== null && { queueId }),
        ...(user?.whatsappId && { whatsappId: user.whatsappId }),
      }),
    onSuccess: (ticket) => {
      void queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
      void navigate(`/tickets/${ticket.uuid}`);
    },
    onError: (err) => {
      const holder = openTicketHolder(err);
      if (holder && holder.userId === user?.id) void navigate(`/tickets/${holder.uuid}`);
      else if (holder) toast.warning(holderNotice(holder), { toastId: `holder-${holder.ticketId}` });
      else toastError(err);
    },
  });

  const queues: QueueRef[] = user?.queues ?? [];

  function start(contactId: number) {
    if (can(user, 'tickets-manager:showall')) return create.mutate({ contactId, queueId: null });
    if (queues.length === 0) return void toast.error(t('selectQueue'));
    if (queues.length === 1) return create.mutate({ contactId, queueId: queues[0].id });
    setChoosingFor(contactId);
  }

  function choose(queueId: number) {
    if (choosingFor !== null) create.mutate({ contactId: choosingFor, queueId });
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
