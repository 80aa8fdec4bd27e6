export { ChatsView } from './components/ChatsView';
export { ChatsPopover } from './components/ChatsPopover';
export { ChatsLiveSync, useUnreadChats } from './useChatsLive';
