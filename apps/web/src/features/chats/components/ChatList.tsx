import { unreadsOf, type Chat } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { UIEventHandler } from 'react';
import { useTranslation } from 'react-i18next';

interface ChatListProps {
  chats: Chat[];
  userId: number | undefined;
  selectedId: number | null;
  onSelect: (chat: Chat) => void;
  onEdit: (chat: Chat) => void;
  onDelete: (chat: Chat) => void;
  onScroll?: UIEventHandler<HTMLDivElement>;
}

/** The user's chats with their unread counts; only a chat's owner sees edit and delete on it. */
export function ChatList({ chats, userId, selectedId, onSelect, onEdit, onDelete, onScroll }: ChatListProps) {
  const { t } = useTranslation('chats');
  if (chats.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }} data-testid="chats-list-empty">
        {t('empty')}
      </Typography>
    );
  }
  return (
    <Box sx={{ height: '100%', overflowY: 'auto' }} onScroll={onScroll}>
      <List disablePadding data-testid="chats-list">
        {chats.map((chat) => {
          const unreads = unreadsOf(chat, userId);
          const owner = chat.ownerId === userId;
          return (
            <ListItem
              key={chat.id}
              disablePadding
              divider
              data-testid={`chat-item-${chat.id}`}
              secondaryAction={
                owner ? (
                  <>
                    <IconButton size="small" aria-label={t('edit')} onClick={() => onEdit(chat)} data-testid={`chat-edit-${chat.id}`}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t('delete')} onClick={() => onDelete(chat)} data-testid={`chat-delete-${chat.id}`}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </>
                ) : undefined
              }
            >
              <ListItemButton selected={chat.id === selectedId} onClick={() => onSelect(chat)} sx={{ pr: owner ? 11 : 2 }}>
                <ListItemText
                  primary={chat.title}
                  secondary={chat.lastMessage || t('members', { count: chat.users.length })}
                  slotProps={{ primary: { noWrap: true, sx: { fontWeight: unreads ? 600 : undefined } }, secondary: { noWrap: true } }}
                />
                <Badge badgeContent={unreads} color="success" sx={{ ml: 2 }} data-testid={`chat-unread-${chat.id}`} data-count={unreads} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
