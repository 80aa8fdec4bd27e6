import type { KanbanBoard, KanbanTicket } from '@atende/contract';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../../lib/errors';
import { kanbanKeys, moveTicketToLane, useKanbanBoard, useKanbanLanes } from '../api';
import { lanesOf, tagsAfterMove, withTicketTags, type Lane, type LaneId } from '../board';
import { useKanbanLive } from '../useKanbanLive';
import { CardContent } from './KanbanCard';
import { KanbanLane, LANE_WIDTH } from './KanbanLane';
import { laneKeyboardCoordinates } from './laneKeyboard';

interface DragData {
  ticketId: number;
  laneId: LaneId;
}

interface Move {
  ticket: KanbanTicket;
  target: Lane;
}

/**
 * The board: the open lane and one lane per kanban tag, cards of the user's queues. Dropping a card
 * on another lane moves it at once and asks the server to move the ticket (one transaction); a
 * refusal puts the card back. Other users' moves arrive live.
 */
export function KanbanBoardView({ queueIds }: { queueIds: readonly number[] }) {
  const { t } = useTranslation('kanban');
  const queryClient = useQueryClient();
  const board = useKanbanBoard(queueIds);
  const kanbanTags = useKanbanLanes();
  useKanbanLive(queueIds);
  const [dragged, setDragged] = useState<KanbanTicket | null>(null);

  const tags = useMemo(() => kanbanTags.data ?? [], [kanbanTags.data]);
  const lanes = useMemo(() => lanesOf(board.data?.tickets ?? [], tags), [board.data, tags]);
  const boardKey = kanbanKeys.board(queueIds);

  useEffect(() => {
    if (board.error) toastError(board.error);
    else if (kanbanTags.error) toastError(kanbanTags.error);
  }, [board.error, kanbanTags.error]);

  const setTags = (ticketId: number, ticketTags: KanbanTicket['tags']) =>
    queryClient.setQueryData<KanbanBoard>(boardKey, (data) => withTicketTags(data, ticketId, ticketTags));

  const move = useMutation({
    mutationFn: ({ ticket, target }: Move) => moveTicketToLane(ticket.id, target.tag?.id ?? null),
    onMutate: async ({ ticket, target }: Move) => {
      await queryClient.cancelQueries({ queryKey: boardKey });
      setTags(ticket.id, tagsAfterMove(ticket, target, tags));
    },
    onSuccess: (ticketTags, { ticket, target }) => {
      setTags(ticket.id, ticketTags);
      toast.success(target.tag ? t('moved') : t('backToOpen'));
    },
    onError: (error, { ticket }) => {
      setTags(ticket.id, ticket.tags);
      toastError(error);
      void queryClient.invalidateQueries({ queryKey: kanbanKeys.all });
    },
  });

  const sensors = useSensors(
    // A few pixels of movement before a drag starts: a click on the card's button stays a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // On a touch screen a swipe scrolls the lane; a press held a moment picks the card up.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const ticketOf = (data: unknown) => {
    const id = (data as DragData | undefined)?.ticketId;
    return board.data?.tickets.find((ticket) => ticket.id === id) ?? null;
  };
  const titleOf = (laneId: unknown) => {
    const lane = lanes.find((l) => l.id === laneId);
    return lane ? (lane.tag?.name ?? t('openLane')) : '';
  };

  function onDragStart(event: DragStartEvent) {
    setDragged(ticketOf(event.active.data.current));
  }

  function onDragEnd(event: DragEndEvent) {
    setDragged(null);
    const from = (event.active.data.current as DragData | undefined)?.laneId;
    const target = lanes.find((lane) => lane.id === event.over?.id);
    const ticket = ticketOf(event.active.data.current);
    if (!ticket || !target || target.id === from) return;
    move.mutate({ ticket, target });
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('a11y.picked', { id: ticketOf(active.data.current)?.id, lane: titleOf((active.data.current as DragData).laneId) }),
    onDragOver: ({ active, over }) =>
      over ? t('a11y.over', { id: ticketOf(active.data.current)?.id, lane: titleOf(over.id) }) : t('a11y.outside', { id: ticketOf(active.data.current)?.id }),
    onDragEnd: ({ active, over }) =>
      over ? t('a11y.dropped', { id: ticketOf(active.data.current)?.id, lane: titleOf(over.id) }) : t('a11y.cancelled', { id: ticketOf(active.data.current)?.id }),
    onDragCancel: ({ active }) => t('a11y.cancelled', { id: ticketOf(active.data.current)?.id }),
  };

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="kanban-board">
      {(board.isFetching || kanbanTags.isFetching || move.isPending) && <LinearProgress data-testid="kanban-loading" />}
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('a11y.instructions') } }}
      >
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1 }}>
          {!board.isPending && !kanbanTags.isPending && lanes.map((lane) => <KanbanLane key={lane.id} lane={lane} />)}
        </Box>
        <DragOverlay>
          {dragged && (
            <Paper elevation={6} sx={{ p: 1.25, width: LANE_WIDTH - 16, cursor: 'grabbing' }}>
              <CardContent ticket={dragged} />
            </Paper>
          )}
        </DragOverlay>
      </DndContext>
    </Box>
  );
}
