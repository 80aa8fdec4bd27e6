import { can, type Ticket } from '@atende/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useSessionUser } from '../../../app/auth';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { lazyPreloaded, useLoadedCode } from '../../../components/lazyPreloaded';
import { toastError } from '../../../lib/errors';
import { ScheduleTicketButton } from '../../schedules';
import { useDeleteTicket, useTicketAction, type TicketActionRequest } from '../../tickets';
import type { TransferTicketDialogProps } from './TransferTicketDialog';

// The transfer form (with its users' and queues' lookups) loads when first opened, not with every header.
const transferDialog = lazyPreloaded<TransferTicketDialogProps>(() => import('./TransferTicketDialog').then((module) => ({ default: module.TransferTicketDialog })));
const TransferTicketDialog = transferDialog.Component;

type Simple = 'accept' | 'return' | 'finish' | 'reopen';

/**
 * What the agent can do with the ticket in its state: accept a waiting one,
 * return or finish or transfer an open one, reopen a closed one; delete with permission.
 * Finishing and returning leave the screen for the list; accepting and reopening stay.
 */
export function TicketActions({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketScreen');
  const me = useSessionUser();
  const navigate = useNavigate();
  const action = useTicketAction();
  const remove = useDeleteTicket();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const mayDelete = can(me, 'ticket-options:deleteTicket');
  const transferCodeIn = useLoadedCode(transferDialog, transferring);

  const run = (name: Simple) => {
    setMenu(null);
    const request = { ticket, action: name } as TicketActionRequest;
    action.mutate(request, {
      onSuccess: () => {
        if (name === 'finish' || name === 'return') navigate('/tickets');
      },
      onError: toastError,
    });
  };

  const doDelete = () =>
    remove.mutate(ticket, {
      onSuccess: () => {
        setConfirmDelete(false);
        toast.success(t('deleted'), { toastId: `ticket-deleted-${ticket.id}` });
        navigate('/tickets');
      },
      onError: toastError,
    });

  const busy = action.isPending;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }} data-testid="ticket-actions">
      <ScheduleTicketButton ticket={ticket} />
      {ticket.status === 'pending' && (
        <Button variant="contained" size="small" disabled={busy} onClick={() => run('accept')} data-testid="ticket-accept">
          {t('actions.accept')}
        </Button>
      )}
      {ticket.status === 'open' && (
        <>
          <Button size="small" disabled={busy} onClick={() => run('return')} data-testid="ticket-return">
            {t('actions.return')}
          </Button>
          <Button variant="contained" size="small" disabled={busy} onClick={() => run('finish')} data-testid="ticket-finish">
            {t('actions.finish')}
          </Button>
        </>
      )}
      {ticket.status === 'closed' && (
        <Button variant="contained" size="small" disabled={busy} onClick={() => run('reopen')} data-testid="ticket-reopen">
          {t('actions.reopen')}
        </Button>
      )}
      {(ticket.status !== 'closed' || mayDelete) && (
        <IconButton aria-label={t('actions.more')} onClick={(e) => setMenu(e.currentTarget)} data-testid="ticket-more">
          <MoreVertIcon />
        </IconButton>
      )}
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {ticket.status !== 'closed' && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setTransferring(true);
            }}
            data-testid="ticket-transfer"
          >
            {t('actions.transfer')}
          </MenuItem>
        )}
        {mayDelete && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setConfirmDelete(true);
            }}
            sx={{ color: 'error.main' }}
            data-testid="ticket-delete"
          >
            <DeleteOutlineIcon fontSize="small" sx={{ mr: 1 }} />
            {t('actions.delete')}
          </MenuItem>
        )}
      </Menu>
      {transferring && transferCodeIn && (
        <TransferTicketDialog
          ticket={ticket}
          open
          onClose={() => setTransferring(false)}
          onTransferred={(updated) => {
            if (updated.status !== 'open' || updated.userId !== me.id) navigate('/tickets');
          }}
        />
      )}
      <ConfirmationDialog open={confirmDelete} title={t('actions.deleteTitle', { id: ticket.id })} busy={remove.isPending} onClose={() => setConfirmDelete(false)} onConfirm={doDelete}>
        {t('actions.deleteText')}
      </ConfirmationDialog>
    </Box>
  );
}
