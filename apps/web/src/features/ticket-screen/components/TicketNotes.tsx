import type { Ticket } from '@atende/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatShortDateTime } from '../../../lib/dates';
import { toastError } from '../../../lib/errors';
import { useAddNote, useDeleteNote, useTicketNotes } from '../api';

/** A note needs at least 2 characters. */
export const NOTE_MIN_LENGTH = 2;

/** Internal notes on the ticket's contact, never sent to the customer. */
export function TicketNotes({ ticket }: { ticket: Pick<Ticket, 'id' | 'contactId'> }) {
  const { t } = useTranslation('ticketScreen');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notes = useTicketNotes(ticket);
  const add = useAddNote(ticket);
  const remove = useDeleteNote(ticket.id);

  const save = () => {
    const text = note.trim();
    if (text.length < NOTE_MIN_LENGTH) {
      setError(t('notes.tooShort'));
      return;
    }
    add.mutate(text, {
      onSuccess: () => {
        setNote('');
        setError(null);
        toast.success(t('notes.added'));
      },
      onError: toastError,
    });
  };

  return (
    <Box data-testid="ticket-notes">
      <TextField
        label={t('notes.label')}
        placeholder={t('notes.placeholder')}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        size="small"
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          if (error) setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'note-text' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button size="small" onClick={() => { setNote(''); setError(null); }} disabled={!note}>
          {t('notes.clear')}
        </Button>
        <Button size="small" variant="contained" onClick={save} disabled={add.isPending} data-testid="note-save">
          {t('notes.save')}
        </Button>
      </Box>
      <List dense>
        {(notes.data ?? []).map((item) => (
          <ListItem
            key={item.id}
            divider
            data-testid={`note-${item.id}`}
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('notes.delete')}
                title={t('notes.delete')}
                disabled={remove.isPending}
                onClick={() => remove.mutate(item, { onSuccess: () => toast.success(t('notes.deleted')), onError: toastError })}
                data-testid={`note-delete-${item.id}`}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            }
          >
            <ListItemText
              primary={<Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{item.note}</Typography>}
              secondary={`${item.user?.name ?? ''} · ${formatShortDateTime(item.createdAt)}`}
            />
          </ListItem>
        ))}
        {notes.data?.length === 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('notes.none')}
          </Typography>
        )}
      </List>
    </Box>
  );
}
