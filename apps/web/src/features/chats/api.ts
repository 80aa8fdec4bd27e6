import type { Chat, ChatInput, ChatMessage, ChatMessagePage, ChatPage } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { withMessage, type MessagePages } from './chatsCache';

export const chatsKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  detail: (ref: number | string) => ['chats', 'detail', ref] as const,
  messages: (chatId: number) => ['chats', 'messages', chatId] as const,
};

/** GET /chats: the user's chats, the most recently active first, page by page. */
export function useChatsList(enabled = true) {
  return useInfiniteQuery({
    queryKey: chatsKeys.list,
    queryFn: ({ pageParam, signal }) => api.get<ChatPage>('/chats', { pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
}

/** GET /chats/:uuid: the chat an address names, when the loaded list does not hold it. */
export function useChat(uuid: string | null, enabled: boolean) {
  return useQuery({
    queryKey: chatsKeys.detail(uuid ?? ''),
    queryFn: ({ signal }) => api.get<Chat>(`/chats/${uuid}`, undefined, { signal }),
    enabled: enabled && Boolean(uuid),
    retry: false,
  });
}

/** GET /chats/:id/messages: page 1 holds the newest; the next pages go back in time. */
export function useChatMessages(chatId: number | null) {
  return useInfiniteQuery({
    queryKey: chatsKeys.messages(chatId ?? 0),
    queryFn: ({ pageParam, signal }) => api.get<ChatMessagePage>(`/chats/${chatId}/messages`, { pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: chatId !== null,
  });
}

export function useSaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ChatInput }) =>
      id === null ? api.post<Chat>('/chats', input) : api.put<Chat>(`/chats/${id}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatsKeys.list }),
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/chats/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatsKeys.list }),
  });
}

export function useSendChatMessage(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<ChatMessage>(`/chats/${chatId}/messages`, { message }),
    onSuccess: (message) => queryClient.setQueryData<MessagePages>(chatsKeys.messages(chatId), (data) => withMessage(data, message)),
  });
}

/** POST /chats/:id/read: the caller's unread count of the chat becomes 0 (the live update patches the list). */
export function useMarkChatRead() {
  return useMutation({ mutationFn: (chatId: number) => api.post<Chat>(`/chats/${chatId}/read`, {}) });
}
