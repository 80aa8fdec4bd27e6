import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HeaderPopover } from '../../../components/HeaderPopover';
import { useFirstScreenShown } from '../../../app/firstScreen';
import { useTicketsList } from '../api';
import { byListOrder, ticketsOf } from '../ticketsCache';
import { useTicketNotifications } from '../useTicketNotifications';
import { useTicketsLive } from '../useTicketsLive';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { plainText } from '../../../lib/whatsappText';

const UNREAD = { withUnreadMessages: true };

/**
 * The top bar's notifications: the unread tickets the user may see, kept live,
 * with their count on the bell and in the page title; a click opens the ticket.
 */
export function UnreadTicketsPopover() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const list = useTicketsList(UNREAD, useFirstScreenShown());
  const tickets = useMemo(() => ticketsOf(list.data).sort(byListOrder), [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;
  useTicketsLive();
  useTicketNotifications(count);

  return (
    <HeaderPopover
      label={t('topbar.notifications')}
      testId="notifications"
      icon={
        <Badge badgeContent={count} color="secondary" data-testid="notifications-count" data-count={count}>
          <NotificationsIcon />
        </Badge>
      }
    >
      {(close) =>
        tickets.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }} data-testid="notifications-empty">
            {t('topbar.noNotifications')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {tickets.map((ticket) => (
              <ListItemButton
                key={ticket.id}
                divider
                data-testid={`notification-ticket-${ticket.id}`}
                onClick={() => {
                  close();
                  void navigate(`/tickets/${ticket.uuid}`);
                }}
              >
                <ListItemAvatar>
                  <Badge badgeContent={ticket.unreadMessages} color="success">
                    <ContactAvatar name={ticket.contact.name} picture={ticket.contact.profilePicUrl} />
                  </Badge>
                </ListItemAvatar>
                <ListItemText
                  primary={ticket.contact.name}
                  secondary={plainText(ticket.lastMessage)}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
        )
      }
    </HeaderPopover>
  );
}
