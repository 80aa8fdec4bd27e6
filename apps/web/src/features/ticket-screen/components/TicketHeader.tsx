import type { Ticket } from '@atende/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TagPicker } from './TagPicker';
import { TicketActions } from './TicketActions';
import { ContactAvatar } from '../../../components/ContactAvatar';

/**
 * The contact (a click opens the drawer), who holds the ticket, and its actions on the first row;
 * queue, connection and tags on the second. The contact keeps room for a name: when the row is
 * too narrow for it and the actions, the actions wrap below instead of squeezing the name.
 */
export function TicketHeader({ ticket, onContactClick }: { ticket: Ticket; onContactClick: () => void }) {
  const { t } = useTranslation('ticketScreen');
  const navigate = useNavigate();
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }} data-testid="ticket-header">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, flexWrap: 'wrap' }}>
        <IconButton aria-label={t('header.back')} onClick={() => navigate('/tickets')} sx={{ display: { md: 'none' } }}>
          <ArrowBackIcon />
        </IconButton>
        <ButtonBase onClick={onContactClick} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, borderRadius: 1, p: 0.5, textAlign: 'left', minWidth: 0, flex: '1 1 240px' }} data-testid="ticket-contact">
          <ContactAvatar name={ticket.contact.name} picture={ticket.contact.profilePicUrl} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" noWrap title={ticket.contact.name} data-testid="ticket-contact-name">
              {ticket.contact.name} <Typography component="span" variant="caption" color="text.secondary">#{ticket.id}</Typography>
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="ticket-assignee">
              {ticket.user ? t('header.assignedTo', { name: ticket.user.name }) : t(`header.status.${ticket.status}`)}
            </Typography>
          </Box>
        </ButtonBase>
        <Box sx={{ ml: 'auto' }}>
          <TicketActions ticket={ticket} />
        </Box>
      </Box>
      <Box sx={{ px: 2, pb: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="ticket-header-details">
        {ticket.queue && <Chip size="small" label={ticket.queue.name} sx={{ bgcolor: ticket.queue.color, color: '#fff' }} data-testid="ticket-queue" />}
        {ticket.whatsapp && <Chip size="small" variant="outlined" label={ticket.whatsapp.name} />}
        <Box sx={{ flex: '1 1 200px', minWidth: 0, display: 'flex' }}>
          <TagPicker ticket={ticket} />
        </Box>
      </Box>
    </Box>
  );
}
