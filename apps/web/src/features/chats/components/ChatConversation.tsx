import { CHAT_OLDER_MESSAGES_PX, unreadsOf, type Chat } from '@atende/contract';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOrDate } from '../../../lib/dates';
import { useChatMessages, useMarkChatRead, useSendChatMessage } from '../api';
import { messagesOf } from '../chatsCache';

/** How close to the bottom still counts as reading the latest messages (new ones then scroll in). */
const AT_BOTTOM_PX = 40;

interface ChatConversationProps {
  chat: Chat;
  userId: number | undefined;
}

/**
 * One chat's messages, the latest at the bottom; older pages load when scrolled within
 * CHAT_OLDER_MESSAGES_PX of the top, keeping what the user reads in place. While open, the chat
 * is marked read, also when a message arrives.
 */
export function ChatConversation({ chat, userId }: ChatConversationProps) {
  const query = useChatMessages(chat.id);
  const messages = useMemo(() => messagesOf(query.data), [query.data]);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const firstId = useRef<number | undefined>(undefined);
  const markRead = useMarkChatRead();
  const unreads = unreadsOf(chat, userId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    // Errors are silently ignored: the next message tries again.
    if (unreads > 0) markRead.mutate(chat.id);
  }, [chat.id, unreads]); // the mutation object changes every render; the count is what matters

  function loadOlderIfNear(el: HTMLDivElement) {
    if (el.scrollTop >= CHAT_OLDER_MESSAGES_PX || !hasNextPage || isFetchingNextPage) return;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    void fetchNextPage();
  }

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const olderArrived = messages.length > 0 && firstId.current !== undefined && messages[0].id !== firstId.current;
    if (olderArrived && fromBottom.current !== null) el.scrollTop = el.scrollHeight - fromBottom.current;
    else if (atBottom.current) el.scrollTop = el.scrollHeight;
    fromBottom.current = null;
    firstId.current = messages[0]?.id;
    // A short conversation does not scroll at all: it asks for older pages itself.
    loadOlderIfNear(el);
  }, [messages, hasNextPage, isFetchingNextPage]); // reruns when a page arrives, not on every render

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="chat-conversation" data-chat-id={chat.id}>
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" noWrap data-testid="chat-conversation-title">
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {chat.users.map((member) => member.user.name).join(', ')}
        </Typography>
      </Box>
      <Box
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
          loadOlderIfNear(el);
        }}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
        data-testid="chat-messages"
      >
        {isFetchingNextPage && <CircularProgress size={20} sx={{ alignSelf: 'center' }} />}
        {query.isSuccess && messages.length === 0 && <EmptyConversation />}
        {messages.map((message) => {
          const mine = message.senderId === userId;
          return (
            <Paper
              key={message.id}
              elevation={0}
              data-testid={`chat-message-${message.id}`}
              sx={{
                alignSelf: mine ? 'flex-end' : 'flex-start',
                maxWidth: '75%',
                px: 1.5,
                py: 0.75,
                bgcolor: mine ? 'primary.main' : 'action.hover',
                color: mine ? 'primary.contrastText' : 'text.primary',
              }}
            >
              {!mine && (
                <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
                  {message.sender?.name ?? '—'}
                </Typography>
              )}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {message.message}
              </Typography>
              <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', opacity: 0.7 }}>
                {formatTimeOrDate(message.createdAt)}
              </Typography>
            </Paper>
          );
        })}
      </Box>
      <Composer chatId={chat.id} onSent={() => (atBottom.current = true)} />
    </Box>
  );
}

function EmptyConversation() {
  const { t } = useTranslation('chats');
  return (
    <Typography color="text.secondary" sx={{ m: 'auto' }} data-testid="chat-messages-empty">
      {t('noMessages')}
    </Typography>
  );
}

/** A blank message is not sent; a refused one returns to the box (chat errors are not shown). */
function Composer({ chatId, onSent }: { chatId: number; onSent: () => void }) {
  const { t } = useTranslation('chats');
  const [text, setText] = useState('');
  const send = useSendChatMessage(chatId);

  useEffect(() => setText(''), [chatId]);

  function submit() {
    const message = text.trim();
    if (!message || send.isPending) return;
    onSent();
    // The box empties as the message leaves; a refused one comes back unless something new was typed.
    setText('');
    send.mutate(message, { onError: () => setText((current) => current || text) });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    submit();
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1, borderTop: 1, borderColor: 'divider' }}>
      <TextField
        fullWidth
        size="small"
        multiline
        maxRows={4}
        placeholder={t('composer.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        slotProps={{ htmlInput: { 'data-testid': 'chat-composer', 'aria-label': t('composer.placeholder') } }}
      />
      <IconButton color="primary" aria-label={t('composer.send')} onClick={submit} disabled={!text.trim() || send.isPending} data-testid="chat-send">
        <SendIcon />
      </IconButton>
    </Box>
  );
}
