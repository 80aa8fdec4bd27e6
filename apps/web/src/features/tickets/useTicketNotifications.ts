import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { useLiveEvent } from '../live';
import { readVolume } from '../../lib/useVolume';
import { plainText } from '../../lib/whatsappText';
import { askNotificationPermission, playChime, showDesktopNotification } from './notify';
import { fitsList } from './ticketsCache';

/**
 * Tells the agent about new customer messages on the tickets they handle or may accept (their
 * own, and the waiting ones of their queues): a chime, a desktop notification while the tab is
 * hidden, and the count of unread tickets in the page title.
 */
export function useTicketNotifications(unreadTickets: number): void {
  const { t } = useTranslation('tickets');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const viewing = useMatch('/tickets/:ticketId')?.params.ticketId;

  useEffect(() => askNotificationPermission(), []);

  useLiveEvent('appMessage', (event) => {
    if (event?.action !== 'create' || !event.ticket || event.message.fromMe || !user) return;
    const { ticket, message } = event;
    if (fitsList(ticket, {}, user) !== true) return;
    // The agent is reading this very conversation: nothing to announce.
    if (viewing === ticket.uuid && !document.hidden) return;
    playChime(readVolume());
    if (document.hidden) {
      showDesktopNotification(t('notifications.newMessage', { name: ticket.contact.name }), {
        body: plainText(message.body),
        tag: ticket.uuid,
        icon: ticket.contact.profilePicUrl || undefined,
        onClick: () => void navigate(`/tickets/${ticket.uuid}`),
      });
    }
  });

  useEffect(() => {
    const title = tc('appName');
    document.title = unreadTickets > 0 ? t('notifications.title', { count: unreadTickets, title }) : title;
  }, [unreadTickets, t, tc]);
}
