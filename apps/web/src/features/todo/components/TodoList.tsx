import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useTasks } from '../useTasks';

export function TodoList() {
  const { t } = useTranslation('todo');
  const { tasks, addTask, updateTask, removeTask } = useTasks();
  const [text, setText] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const saved = editingId === null ? addTask(text) : updateTask(editingId, text);
    if (!saved) return;
    setText('');
    setEditingId(null);
  }

  function startEditing(id: number, current: string) {
    setEditingId(id);
    setText(current);
  }

  function handleRemove(id: number) {
    removeTask(id);
    if (editingId === id) {
      setEditingId(null);
      setText('');
    }
  }

  return (
    <Box sx={{ p: 2 }}>
      <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <TextField
          size="small"
          fullWidth
          label={t('placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'todo-input', maxLength: 1000 } }}
        />
        <Button type="submit" variant="contained" data-testid="todo-add">
          {editingId === null ? t('add') : t('update')}
        </Button>
      </Box>
      {tasks.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }} data-testid="todo-empty">
          {t('empty')}
        </Typography>
      ) : (
        <List dense>
          {tasks.map((task, index) => (
            <ListItem
              key={task.id}
              divider
              data-testid={`todo-item-${index}`}
              sx={task.id === editingId ? { bgcolor: 'action.selected' } : undefined}
              secondaryAction={
                <>
                  <IconButton aria-label={t('edit')} onClick={() => startEditing(task.id, task.text)} data-testid={`todo-edit-${index}`}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('delete')} onClick={() => handleRemove(task.id)} data-testid={`todo-delete-${index}`}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                primary={task.text}
                secondary={formatDateTime(task.createdAt)}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
