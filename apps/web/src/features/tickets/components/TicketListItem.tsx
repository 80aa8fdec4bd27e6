import { can, type Ticket } from '@atende/contract';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../app/auth';
import { formatTimeOrDate } from '../../../lib/dates';
import type { TicketActionRequest } from '../api';
import { ConversationPreviewContext } from '../conversationPreview';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { plainText } from '../../../lib/whatsappText';

/** Under 600 px a contact name longer than 10 characters shows 10 and an ellipsis. */
export const NARROW_NAME_LENGTH = 10;

export function displayName(name: string, narrow: boolean): string {
  return narrow && name.length > NARROW_NAME_LENGTH ? `${name.slice(0, NARROW_NAME_LENGTH)}...` : name;
}

interface Props {
  ticket: Ticket;
  selected: boolean;
  narrow: boolean;
  busy: boolean;
  onOpen: (ticket: Ticket) => void;
  onAction: (request: TicketActionRequest) => void;
}

function Tag({ label, color, testId }: { label: string; color?: string; testId: string }) {
  return (
    <Chip
      size="small"
      label={label}
      data-testid={testId}
      sx={{ height: 18, fontSize: 11, maxWidth: 120, ...(color && { bgcolor: color, color: 'common.white' }) }}
    />
  );
}

/**
 * One row of the ticket list. A row draws again only when its
 * own ticket or state changes, not each time a page of the list arrives or another row is opened.
 */
export const TicketListItem = memo(function TicketListItem({ ticket, selected, narrow, busy, onOpen, onAction }: Props) {
  const { t } = useTranslation('tickets');
  const pending = ticket.status === 'pending';
  // Only admins peek, read-only, e.g. at a waiting ticket a click does not open.
  const canPeek = can(useSessionUser(), 'ticket:peek');
  const [peeking, setPeeking] = useState(false);
  const { PeekDialog: TicketPeekDialog } = useContext(ConversationPreviewContext);
  const act = (action: 'accept' | 'finish' | 'reopen') => (event: React.MouseEvent) => {
    event.stopPropagation();
    onAction({ ticket, action });
  };

  return (
    <>
    <ListItemButton
      component="div"
      selected={selected}
      // A waiting ticket is accepted, never opened by a click.
      onClick={pending ? undefined : () => onOpen(ticket)}
      disableRipple={pending}
      data-testid={`ticket-item-${ticket.id}`}
      data-status={ticket.status}
      data-unread={ticket.unreadMessages}
      sx={{ gap: 1, py: 1, pl: 1.5, position: 'relative', alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider', cursor: pending ? 'default' : 'pointer' }}
    >
      <Tooltip title={ticket.queue?.name ?? t('noQueue')}>
        <Box
          data-testid={`ticket-queue-bar-${ticket.id}`}
          sx={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 6, bgcolor: ticket.queue?.color ?? 'grey.500' }}
        />
      </Tooltip>
      <ContactAvatar name={ticket.contact.name} picture={ticket.contact.profilePicUrl} sx={{ mt: 0.5 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid={`ticket-name-${ticket.id}`}>
            {displayName(ticket.contact.name, narrow)}
          </Typography>
          {ticket.chatbot && (
            <Tooltip title={t('chatbot')}>
              <SmartToyIcon fontSize="small" color="action" data-testid={`ticket-chatbot-${ticket.id}`} />
            </Tooltip>
          )}
          <Typography variant="caption" color={ticket.unreadMessages > 0 ? 'success.main' : 'text.secondary'} data-testid={`ticket-time-${ticket.id}`}>
            {formatTimeOrDate(ticket.updatedAt)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid={`ticket-last-message-${ticket.id}`}>
            {plainText(ticket.lastMessage)}
          </Typography>
          <Badge badgeContent={ticket.unreadMessages} color="success" max={999} data-testid={`ticket-unread-${ticket.id}`} sx={{ mr: 1 }} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {ticket.whatsapp && <Tag label={ticket.whatsapp.name} testId={`ticket-connection-${ticket.id}`} />}
          {ticket.user && <Tag label={ticket.user.name} color="#546e7a" testId={`ticket-user-${ticket.id}`} />}
          <Tag label={ticket.queue?.name ?? t('noQueue')} color={ticket.queue?.color ?? '#9e9e9e'} testId={`ticket-queue-${ticket.id}`} />
          {ticket.tags.map((tag) => (
            <Tag key={tag.id} label={tag.name} color={tag.color} testId={`ticket-tag-${ticket.id}-${tag.id}`} />
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignSelf: 'center' }}>
        {canPeek && (
          <IconButton
            size="small"
            aria-label={t('actions.peek')}
            title={t('actions.peek')}
            onClick={(event) => {
              event.stopPropagation();
              setPeeking(true);
            }}
            sx={{ alignSelf: 'center' }}
            data-testid={`ticket-peek-${ticket.id}`}
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        )}
        {pending && (
          <Button size="small" variant="contained" color="success" disabled={busy} onClick={act('accept')} data-testid={`ticket-accept-${ticket.id}`}>
            {t('actions.accept')}
          </Button>
        )}
        {ticket.status !== 'closed' && (
          <Button size="small" variant="outlined" color="error" disabled={busy} onClick={act('finish')} data-testid={`ticket-finish-${ticket.id}`}>
            {t('actions.finish')}
          </Button>
        )}
        {ticket.status === 'closed' && (
          <Button size="small" variant="outlined" disabled={busy} onClick={act('reopen')} data-testid={`ticket-reopen-${ticket.id}`}>
            {t('actions.reopen')}
          </Button>
        )}
      </Box>
    </ListItemButton>
    {/* Outside the row: clicks in the dialog must not reach the row's open-on-click. */}
    {peeking && (
      <Suspense fallback={null}>
        <TicketPeekDialog ticket={ticket} open onClose={() => setPeeking(false)} />
      </Suspense>
    )}
    </>
  );
});
