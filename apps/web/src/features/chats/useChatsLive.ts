import { planAllows } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '../../app/auth';
import { useFirstScreenShown } from '../../app/firstScreen';
import { usePlan } from '../../app/usePlan';
import { useLiveEvent } from '../live';
import { chatsKeys, useChatsList } from './api';
import { applyChatEvent, chatsOf, hasUnread, withMessage, type ChatList, type MessagePages } from './chatsCache';

/** The user's chats, when the plan has internal chat (otherwise the server refuses the call). */
export function useMyChats() {
  const allowed = planAllows(usePlan(), 'useInternalChat');
  const firstScreenShown = useFirstScreenShown();
  const list = useChatsList(allowed && firstScreenShown);
  const chats = useMemo(() => chatsOf(list.data), [list.data]);
  return { allowed, list, chats };
}

/** Dot on the menu entry and the top bar when the user has unread internal chats. */
export function useUnreadChats(): boolean {
  const { user } = useAuth();
  const { chats } = useMyChats();
  return hasUnread(chats, user?.id);
}

/**
 * `company-{id}-chat` (sent to the chat's members only): patches the chat list and the open
 * conversation, so the badge and new messages show at once on every page.
 */
export function useChatsLive() {
  const queryClient = useQueryClient();
  useLiveEvent('chat', (event) => {
    queryClient.setQueryData<ChatList>(chatsKeys.list, (data) => applyChatEvent(data, event));
    if (event.action === 'new-message') {
      queryClient.setQueryData<MessagePages>(chatsKeys.messages(event.chat.id), (data) => withMessage(data, event.newMessage));
    }
    if (event.action === 'delete') queryClient.removeQueries({ queryKey: chatsKeys.messages(event.chatId) });
    else queryClient.setQueryData(chatsKeys.detail(event.chat.uuid), event.chat);
  });
}

export function ChatsLiveSync(): null {
  useChatsLive();
  return null;
}
