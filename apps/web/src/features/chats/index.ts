export { ChatsPopover } from './components/ChatsPopover';
export { ChatsLiveSync, useUnreadChats } from './useChatsLive';
