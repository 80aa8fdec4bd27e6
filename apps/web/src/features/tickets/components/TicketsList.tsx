import { UI, type Ticket } from '@atende/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { toastError } from '../../../lib/errors';
import type { TicketActionRequest } from '../api';
import { byListOrder, ticketsOf } from '../ticketsCache';
import type { useTicketsList } from '../api';
import { TicketListItem } from './TicketListItem';

/** About a screenful of rows. */
const FIRST_ROWS = 10;

interface Props {
  list: ReturnType<typeof useTicketsList>;
  selectedUuid: string | undefined;
  narrow: boolean;
  busyTicketId: number | null;
  onOpen: (ticket: Ticket) => void;
  onAction: (request: TicketActionRequest) => void;
  testId: string;
}

/**
 * A virtualised ticket list: only the rows on screen are in the page, and the next
 * page loads when the user scrolls within 100 px of the bottom.
 */
export function TicketsList({ list, selectedUuid, narrow, busyTicketId, onOpen, onAction, testId }: Props) {
  const { t } = useTranslation('tickets');
  // Pages arrive in the server's order; sorting again keeps unread tickets on top across pages.
  const tickets = useMemo(() => ticketsOf(list.data).sort(byListOrder), [list.data]);
  // Tickets already known when the list mounts are drawn in its first pass, not after a measuring pass.
  const [firstRows] = useState(() => Math.min(tickets.length, FIRST_ROWS));

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  function loadMore() {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      {list.isFetching && <LinearProgress data-testid={`${testId}-loading`} />}
      {!list.isPending && tickets.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid={`${testId}-empty`}>
          {t('empty')}
        </Typography>
      ) : (
        <Virtuoso
          style={{ flex: 1 }}
          data={tickets}
          computeItemKey={(_index, ticket) => ticket.id}
          initialItemCount={firstRows}
          // The last row is drawn once it comes within 100 px of the bottom; then the next page loads.
          increaseViewportBy={{ top: 0, bottom: UI.listBottomPx }}
          rangeChanged={(range) => range.endIndex >= tickets.length - 1 && loadMore()}
          itemContent={(_index, ticket) => (
            <TicketListItem
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              narrow={narrow}
              busy={busyTicketId === ticket.id}
              onOpen={onOpen}
              onAction={onAction}
            />
          )}
        />
      )}
    </Box>
  );
}
