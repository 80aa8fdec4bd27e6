import type { Message, Ticket } from '@atende/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { lazyPreloaded, useLoadedCode } from '../../../components/lazyPreloaded';
import { ApiError } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { useTicket } from '../../tickets';
import { useDeleteMessage } from '../api';
import { useTicketLive } from '../useTicketLive';
import { MessageInput } from './MessageInput';
import { MessageList } from './MessageList';
import { TicketHeader } from './TicketHeader';

// The contact's drawer and its edit form load when first opened, not with every conversation.
const contactDrawer = lazyPreloaded<{ ticket: Ticket; onClose: () => void }>(() => import('./ContactDrawer').then((module) => ({ default: module.ContactDrawer })));
const ContactDrawer = contactDrawer.Component;

/** Another queue's ticket answers 403 ERR_NO_PERMISSION; an unknown (or other company's) one 404. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'ERR_NO_PERMISSION' || error.status === 403 || error.status === 404);
}

/**
 * The ticket screen (header, messages, input, contact drawer) for one ticket,
 * addressed by its uuid. The ticket manager shows it in its right pane (or its Ticket tab).
 */
export function TicketScreen({ uuid, onDrawn }: { uuid: string; onDrawn?: () => void }) {
  const { t } = useTranslation('ticketScreen');
  const navigate = useNavigate();
  const query = useTicket(uuid);
  const ticket = query.data;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerCodeIn = useLoadedCode(contactDrawer, drawerOpen);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const deleteMessage = useDeleteMessage(ticket?.id ?? 0);

  useEffect(() => {
    if (!query.error) return;
    onDrawn?.();
    if (isRefusal(query.error)) toast.error(t('accessDenied'), { toastId: 'ticket-access-denied' });
    else toastError(query.error);
    navigate('/tickets', { replace: true });
  }, [query.error, navigate, t, onDrawn]);

  // Another ticket: no reply or confirmation carries over.
  useEffect(() => {
    setReplyTo(null);
    setDeleting(null);
  }, [uuid]);

  useTicketLive(ticket, {
    onDeleted: () => {
      toast.info(t('deleted'), { toastId: `ticket-deleted-${ticket?.id}` });
      navigate('/tickets', { replace: true });
    },
    onRemoved: () => navigate('/tickets', { replace: true }),
  });

  const onReply = useCallback((message: Message) => setReplyTo(message), []);
  const onDelete = useCallback((message: Message) => setDeleting(message), []);
  const clearReply = useCallback(() => setReplyTo(null), []);

  if (!ticket) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' }} data-testid="ticket-screen" data-uuid={uuid}>
        {query.isPending && <CircularProgress />}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0, overflow: 'hidden' }} data-testid="ticket-screen" data-uuid={uuid} data-status={ticket.status}>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, bgcolor: 'background.default' }}>
        <TicketHeader ticket={ticket} onContactClick={() => setDrawerOpen((open) => !open)} />
        <MessageList ticket={ticket} onDrawn={onDrawn} onReply={ticket.status === 'open' ? onReply : undefined} onDelete={onDelete} />
        <MessageInput ticket={ticket} replyTo={replyTo} onClearReply={clearReply} />
      </Box>
      {drawerOpen && drawerCodeIn && <ContactDrawer ticket={ticket} onClose={() => setDrawerOpen(false)} />}
      <ConfirmationDialog
        open={Boolean(deleting)}
        title={t('message.deleteTitle')}
        busy={deleteMessage.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteMessage.mutate(deleting, {
            onSuccess: () => setDeleting(null),
            onError: (err) => {
              setDeleting(null);
              toastError(err);
            },
          })
        }
      >
        {t('message.deleteText')}
      </ConfirmationDialog>
    </Box>
  );
}
