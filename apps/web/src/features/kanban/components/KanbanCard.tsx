import type { KanbanTicket } from '@atende/contract';
import { useDraggable } from '@dnd-kit/core';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LaneId } from '../board';
import { plainText } from '../../../lib/whatsappText';

/** The card's own button must act as a button, never start a drag. */
const keepFromDrag = (event: SyntheticEvent) => event.stopPropagation();

/** What a card shows: ticket number, contact name and number, last message, and the way to the ticket. */
export function CardContent({ ticket }: { ticket: KanbanTicket }) {
  const { t } = useTranslation('kanban');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('ticketNumber', { id: ticket.id })}
        </Typography>
        <Badge color="success" badgeContent={ticket.unreadMessages} sx={{ mr: 1 }} />
      </Box>
      <Typography variant="body2" noWrap data-testid="kanban-card-contact">
        {ticket.contact.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" noWrap>
        {ticket.contact.number}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap title={plainText(ticket.lastMessage)} sx={{ mt: 0.5, minHeight: '1.43em' }}>
        {plainText(ticket.lastMessage)}
      </Typography>
      <Button
        component={Link}
        to={`/tickets/${ticket.uuid}`}
        size="small"
        variant="outlined"
        sx={{ mt: 1 }}
        onKeyDown={keepFromDrag}
        onPointerDown={keepFromDrag}
        data-testid={`kanban-card-open-${ticket.id}`}
      >
        {t('viewTicket')}
      </Button>
    </>
  );
}

interface Props {
  ticket: KanbanTicket;
  laneId: LaneId;
}

/** A card that can be dragged with the mouse, a finger, or the keyboard (space, arrows, space). */
export const KanbanCard = memo(function KanbanCard({ ticket, laneId }: Props) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${laneId}:${ticket.id}`, data: { ticketId: ticket.id, laneId } });
  return (
    <Box sx={{ px: 1, pb: 1 }}>
      <Paper
        ref={setNodeRef}
        variant="outlined"
        {...attributes}
        {...listeners}
        sx={{ p: 1.25, cursor: 'grab', opacity: isDragging ? 0.4 : 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
        data-testid={`kanban-card-${ticket.id}`}
      >
        <CardContent ticket={ticket} />
      </Paper>
    </Box>
  );
});
