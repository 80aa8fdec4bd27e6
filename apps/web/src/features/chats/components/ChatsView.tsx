import { UI, type Chat } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { useChat, useDeleteChat } from '../api';
import { useMyChats } from '../useChatsLive';
import { ChatConversation } from './ChatConversation';
import { ChatDialog } from './ChatDialog';
import { ChatList } from './ChatList';

type DialogState = { open: false } | { open: true; chat: Chat | null };

/**
 * /chats/:uuid?: the user's chats beside the open conversation from the md breakpoint; on narrower
 * screens two tabs, Chats and Mensagens, and picking a chat shows its messages.
 */
export function ChatsView({ uuid }: { uuid: string | null }) {
  const { t } = useTranslation('chats');
  const { user } = useAuth();
  const navigate = useNavigate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<Chat | null>(null);
  const remove = useDeleteChat();
  const { list, chats } = useMyChats();
  const listed = chats.find((chat) => chat.uuid === uuid);
  const named = useChat(uuid, list.isSuccess && !listed);
  const selected = listed ?? (named.data?.uuid === uuid ? named.data : undefined) ?? null;

  const open = (chat: Chat) => {
    setTab('messages');
    void navigate(`/chats/${chat.uuid}`);
  };

  function onListScroll(event: UIEvent<HTMLElement>) {
    const pane = event.currentTarget;
    if (pane.scrollHeight - (pane.scrollTop + pane.clientHeight) < UI.listBottomPx && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }

  function confirmDelete() {
    if (!toDelete) return;
    const gone = toDelete;
    remove.mutate(gone.id, {
      onSuccess: () => {
        if (gone.uuid === uuid) void navigate('/chats');
      },
      onSettled: () => setToDelete(null),
    });
  }

  const listPane = (
    <ChatList
      chats={chats}
      userId={user?.id}
      selectedId={selected?.id ?? null}
      onSelect={open}
      onEdit={(chat) => setDialog({ open: true, chat })}
      onDelete={setToDelete}
      onScroll={onListScroll}
    />
  );
  const conversationPane = selected ? (
    <ChatConversation key={selected.id} chat={selected} userId={user?.id} />
  ) : (
    <Typography color="text.secondary" sx={{ m: 'auto', p: 2 }} data-testid="chat-none">
      {t('pick')}
    </Typography>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, p: { xs: 1, sm: 2 }, gap: 1.5 }} data-testid="chats-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h1" color="primary" sx={{ flex: 1 }}>
          {t('title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, chat: null })} data-testid="chats-add">
          {t('new')}
        </Button>
      </Box>
      {wide ? (
        <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
          <Box sx={{ width: 320, flexShrink: 0, borderRight: 1, borderColor: 'divider', minHeight: 0 }}>{listPane}</Box>
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{conversationPane}</Box>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <Tabs value={tab} onChange={(_e, value: 'chats' | 'messages') => setTab(value)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="chats" label={t('tabs.chats')} data-testid="chats-tab-chats" />
            <Tab value="messages" label={t('tabs.messages')} data-testid="chats-tab-messages" />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{tab === 'chats' ? listPane : conversationPane}</Box>
        </Paper>
      )}
      <ChatDialog
        open={dialog.open}
        chat={dialog.open ? dialog.chat : null}
        userId={user?.id}
        onClose={() => setDialog({ open: false })}
        onSaved={(chat) => {
          if (!dialog.open || !dialog.chat) open(chat);
        }}
      />
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { title: toDelete?.title ?? '' })}
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {t('deleteText')}
      </ConfirmationDialog>
    </Box>
  );
}
