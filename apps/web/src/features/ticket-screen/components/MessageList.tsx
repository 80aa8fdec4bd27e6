import type { Ticket } from '@atende/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useSessionUser } from '../../../app/auth';
import { useStableHandler } from '../../../components/useStableHandler';
import { formatDate } from '../../../lib/dates';
import { useMessages } from '../api';
import { buildRows, type MessageRow } from '../messageRows';
import { bubbleStyles, MessageBubble, type MessageActions } from './MessageBubble';

/** Far below any index the list reaches: older pages are prepended by lowering it (react-virtuoso's firstItemIndex). */
const START_INDEX = 1_000_000;
/** The next (older) page loads within 50 px of the top. */
const TOP_THRESHOLD_PX = 50;
/**
 * Up to this many rows (a page of messages and its separators, a few times over) are all drawn in
 * the list's first pass, so the newest message is on the screen at once and the list only has to
 * scroll to its end. Asking react-virtuoso for its initial item instead hides the rows for several
 * frames while it measures and scrolls to it.
 */
const DRAWN_AT_ONCE = 80;

function Marker({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <Box sx={{ px: 3, py: 1 }} data-testid={testId}>
      <Divider>
        <Typography variant="caption" color="text.secondary">
          {children}
        </Typography>
      </Divider>
    </Box>
  );
}

function RowView({ row, myUserId, actions }: { row: MessageRow; myUserId: number; actions: MessageActions }) {
  const { t } = useTranslation('ticketScreen');
  switch (row.kind) {
    case 'day':
      return (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }} data-testid="day-separator">
          <Chip size="small" label={formatDate(row.day)} />
        </Box>
      );
    case 'cycle':
      return (
        <Marker testId="conversation-marker">
          {t('markers.ended')} · {t('markers.newConversation')}
        </Marker>
      );
    case 'ended':
      return <Marker testId="conversation-ended">{t('markers.ended')}</Marker>;
    default:
      return <MessageBubble message={row.message} myUserId={myUserId} {...actions} />;
  }
}

const conversationStyles = (theme: Theme) => ({ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', ...bubbleStyles(theme) }) as const;

interface ListContext {
  loadingOlder: boolean;
}

// Declared once: components made anew on each render would be mounted again each time.
const LIST_PARTS = {
  Header: ({ context }: { context: ListContext }) =>
    context.loadingOlder ? (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
        <CircularProgress size={20} />
      </Box>
    ) : (
      <Box sx={{ height: 8 }} />
    ),
  Footer: () => <Box sx={{ height: 8 }} />,
};

interface Props extends MessageActions {
  ticket: Pick<Ticket, 'id' | 'status'>;
  /** Called once the conversation (or its absence) has been drawn. */
  onDrawn?: () => void;
}

/**
 * The conversation, virtualised so 10 000 messages scroll like 20 and never freeze the browser: newest at the
 * bottom, older pages loaded near the top without moving what the agent is reading.
 */
export function MessageList({ ticket, onReply, onDelete, onDrawn }: Props) {
  const { t } = useTranslation('ticketScreen');
  const me = useSessionUser();
  const query = useMessages(ticket.id);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const pages = query.data?.pages;
  const { rows, anchor } = useMemo(() => buildRows(pages ?? [], { closed: ticket.status === 'closed' }), [pages, ticket.status]);
  const actions = useMemo(() => ({ onReply, onDelete }), [onReply, onDelete]);

  // Until the agent scrolls, the list stays pinned to the newest message while rows are measured
  // and pages come in; older pages load only on the agent's own scroll near the top (or while the
  // whole conversation fits on the screen). Loading them while the list is still placing itself
  // left it short of the newest message.
  const listRef = useRef<VirtuosoHandle>(null);
  const userScrolled = useRef(false);
  const atTop = useRef(false);
  // Stable and always reading the query as it is now: the list calls it from its own callbacks and a frame later.
  const loadOlder = useStableHandler(() => {
    // Called again before the list has drawn the first call's state: wait for that page, do not restart it.
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  });
  // The whole conversation fits on the screen: fill it with older pages. Judged on the rows as
  // measured and drawn: before that an empty list is at both ends at once, and asking for an older
  // page then only delayed the newest messages.
  const scroller = useRef<HTMLElement | null>(null);
  const measured = useRef(false);
  const fillScreen = useStableHandler(() => {
    const element = scroller.current;
    if (!measured.current || userScrolled.current || !element) return;
    if (element.scrollHeight <= element.clientHeight) loadOlder();
  });
  // Decided when the list first has rows: react-virtuoso reads its initial placement once.
  const drawnAtOnce = useRef<number | null>(null);
  if (drawnAtOnce.current === null && rows.length > 0) drawnAtOnce.current = rows.length <= DRAWN_AT_ONCE ? rows.length : 0;
  const onUserScroll = useCallback(() => {
    userScrolled.current = true;
    if (atTop.current) loadOlder();
  }, [loadOlder]);

  // Drawn: rows measured on the screen (totalListHeightChanged below), or nothing to show.
  const drawnEmpty = !query.isPending && rows.length === 0;
  useEffect(() => {
    if (drawnEmpty) onDrawn?.();
  }, [drawnEmpty, onDrawn]);

  if (query.isPending) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  if (rows.length === 0) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="messages-empty">
        <Typography color="text.secondary">{t('message.none')}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={conversationStyles}>
      <Virtuoso
        ref={listRef}
        style={{ flex: 1 }}
        data-testid="message-list"
        data={rows}
        firstItemIndex={START_INDEX - anchor}
        {...(drawnAtOnce.current ? { initialItemCount: drawnAtOnce.current } : { initialTopMostItemIndex: { index: rows.length - 1, align: 'end' as const } })}
        computeItemKey={(_, row) => row.key}
        atTopThreshold={TOP_THRESHOLD_PX}
        atTopStateChange={(top) => {
          atTop.current = top;
          if (top && userScrolled.current) loadOlder();
        }}
        scrollerRef={(element) => {
          scroller.current = element instanceof HTMLElement ? element : null;
        }}
        atBottomStateChange={(bottom) => {
          if (bottom) fillScreen();
        }}
        totalListHeightChanged={(height) => {
          measured.current = height > 0;
          if (height > 0) onDrawn?.();
          if (!userScrolled.current) listRef.current?.scrollToIndex({ index: 'LAST', align: 'end' });
          // Whether it still fits is known once the list has placed itself at the end.
          requestAnimationFrame(fillScreen);
        }}
        onWheel={onUserScroll}
        onTouchMove={onUserScroll}
        onKeyDown={onUserScroll}
        onPointerDown={onUserScroll}
        followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        context={{ loadingOlder: isFetchingNextPage }}
        components={LIST_PARTS}
        itemContent={(_, row) => <RowView row={row} myUserId={me.id} actions={actions} />}
      />
    </Box>
  );
}
