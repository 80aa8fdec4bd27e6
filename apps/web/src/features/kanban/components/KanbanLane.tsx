import { useDroppable } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { Lane } from '../board';
import { KanbanCard } from './KanbanCard';

export const LANE_WIDTH = 300;
const OPEN_LANE_COLOR = '#5c6bc0';

/**
 * One lane, coloured by its tag: a drop target as a whole, its cards virtualised (only those on
 * screen are in the page), so a lane of thousands of tickets scrolls as smoothly as one of ten.
 */
export function KanbanLane({ lane }: { lane: Lane }) {
  const { t } = useTranslation('kanban');
  const { setNodeRef, isOver } = useDroppable({ id: lane.id });
  // Cards already known when the lane mounts are drawn in its first pass, not after a measuring pass.
  const [firstCards] = useState(() => Math.min(lane.tickets.length, 8));
  const color = lane.tag?.color ?? OPEN_LANE_COLOR;
  const title = lane.tag?.name ?? t('openLane');
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{
        width: LANE_WIDTH,
        flex: '0 0 auto',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        borderTop: 4,
        borderTopColor: color,
        bgcolor: isOver ? 'action.hover' : 'background.default',
      }}
      data-testid={`kanban-lane-${lane.id}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1 }}>
        <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, flex: '0 0 auto' }} />
        <Typography variant="subtitle1" component="h2" noWrap sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid={`kanban-lane-count-${lane.id}`}>
          {lane.tickets.length}
        </Typography>
      </Box>
      {lane.tickets.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center', flex: 1 }}>
          {t('emptyLane')}
        </Typography>
      ) : (
        <Virtuoso
          style={{ flex: 1 }}
          data={lane.tickets}
          computeItemKey={(_index, ticket) => ticket.id}
          initialItemCount={firstCards}
          itemContent={(_index, ticket) => <KanbanCard ticket={ticket} laneId={lane.id} />}
        />
      )}
    </Paper>
  );
}
