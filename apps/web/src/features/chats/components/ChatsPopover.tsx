import { unreadsOf } from '@atende/contract';
import ForumIcon from '@mui/icons-material/Forum';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { HeaderPopover } from '../../../components/HeaderPopover';
import { hasUnread } from '../chatsCache';
import { useMyChats } from '../useChatsLive';

/** The top bar's internal chats (when the plan has them): the user's chats with their unread counts; a click opens one. */
export function ChatsPopover() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { allowed, chats } = useMyChats();
  const unread = hasUnread(chats, user?.id);
  // Like the menu entry, it is not offered when the plan has no internal chat.
  if (!allowed) return null;
  return (
    <HeaderPopover
      label={t('topbar.chats')}
      testId="chats"
      icon={
        <Badge variant="dot" color="secondary" invisible={!unread} data-testid="chats-unread" data-unread={unread}>
          <ForumIcon />
        </Badge>
      }
    >
      {(close) =>
        chats.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }} data-testid="chats-empty">
            {tc('noRecords')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {chats.map((chat) => (
              <ListItemButton
                key={chat.id}
                divider
                data-testid={`chats-popover-item-${chat.id}`}
                onClick={() => {
                  close();
                  void navigate(`/chats/${chat.uuid}`);
                }}
              >
                <ListItemText primary={chat.title} secondary={chat.lastMessage} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
                <Badge badgeContent={unreadsOf(chat, user?.id)} color="success" sx={{ mr: 1 }} data-testid={`chats-popover-unread-${chat.id}`} />
              </ListItemButton>
            ))}
          </List>
        )
      }
    </HeaderPopover>
  );
}
