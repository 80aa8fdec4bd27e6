import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { conversationDrawn, useFirstScreenShown } from '../../app/firstScreen';
import { ticketScreen, ticketsManager, ticketUuidOfAddress } from './parts';
import { useLoadedCode } from '../../components/lazyPreloaded';
import { prefetchMessages } from '../../features/ticket-screen/api';
import { ConversationPreviewContext, type ConversationPreview } from '../../features/tickets/conversationPreview';

// The list is what the page shows first; the conversation's code comes in while the list is
// awaited (or when a ticket is opened), not before the list can show.
const TicketScreen = ticketScreen.Component;
const TicketsManager = ticketsManager.Component;
// Opened on a ticket's address, the conversation is drawn with the page, not one suspension later.
if (ticketUuidOfAddress(window.location.pathname)) void ticketScreen.preload();
const TicketPeekDialog = lazy(() => import('../../features/ticket-screen/components/TicketPeekDialog').then((module) => ({ default: module.TicketPeekDialog })));

/** The list fetches a clicked ticket's messages early and lets admins peek, through the ticket screen. */
const conversationPreview: ConversationPreview = { prefetch: prefetchMessages, PeekDialog: TicketPeekDialog };

function PaneLoader() {
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress />
    </Box>
  );
}

type NarrowTab = 'ticket' | 'tickets';

function TicketPane({ uuid, onDrawn }: { uuid: string | undefined; onDrawn: () => void }) {
  const { t } = useTranslation('tickets');
  if (uuid) {
    return (
      <Suspense fallback={<PaneLoader />}>
        <TicketScreen key={uuid} uuid={uuid} onDrawn={onDrawn} />
      </Suspense>
    );
  }
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, p: 3 }} data-testid="ticket-empty">
      <ForumOutlinedIcon sx={{ fontSize: 56 }} color="disabled" />
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('noTicketSelected')}
      </Typography>
    </Box>
  );
}

/**
 * /tickets/:ticketId?: list left and ticket right; under 600 px (the side menu's overlay
 * breakpoint) the two become the tabs 'Ticket' and 'Atendimentos'.
 */
export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  const { ticketId } = useParams();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<NarrowTab>(ticketId ? 'ticket' : 'tickets');
  const [shownTicket, setShownTicket] = useState(ticketId);
  // The lists (and their code) wait until what the address asked for has been drawn.
  const firstScreenShown = useFirstScreenShown();
  const listShown = useLoadedCode(ticketsManager, firstScreenShown) && firstScreenShown;
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void ticketScreen.preload());
  }, []);
  // Opening a ticket (from the list, a notification or the address) shows it.
  if (shownTicket !== ticketId) {
    setShownTicket(ticketId);
    setTab(ticketId ? 'ticket' : 'tickets');
  }

  if (narrow) {
    return (
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="tickets-page" data-layout="narrow">
        <Paper square variant="outlined">
          <Tabs value={tab} onChange={(_e, value: NarrowTab) => setTab(value)} variant="fullWidth">
            <Tab value="ticket" label={t('narrow.ticket')} data-testid="tickets-narrow-ticket" />
            <Tab value="tickets" label={t('narrow.tickets')} data-testid="tickets-narrow-list" />
          </Tabs>
        </Paper>
        <Box sx={{ flex: 1, minHeight: 0, display: tab === 'tickets' ? 'flex' : 'none', flexDirection: 'column' }}>
          {listShown && (
            <ConversationPreviewContext.Provider value={conversationPreview}>
              <TicketsManager selectedUuid={ticketId} narrow />
            </ConversationPreviewContext.Provider>
          )}
        </Box>
        {tab === 'ticket' && (
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
            <TicketPane uuid={ticketId} onDrawn={conversationDrawn} />
          </Box>
        )}
      </Box>
    );
  }

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', p: 1, gap: 1 }} data-testid="tickets-page" data-layout="split">
      <Box sx={{ width: { sm: '45%', md: '38%', lg: 440 }, minWidth: 300, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        {listShown && (
          <ConversationPreviewContext.Provider value={conversationPreview}>
            <TicketsManager selectedUuid={ticketId} narrow={false} />
          </ConversationPreviewContext.Provider>
        )}
      </Box>
      <Paper variant="outlined" square sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <TicketPane uuid={ticketId} onDrawn={conversationDrawn} />
      </Paper>
    </Box>
  );
}
