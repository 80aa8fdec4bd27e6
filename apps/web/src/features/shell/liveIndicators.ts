/**
 * Menu badges fed by features not built yet. They keep the menu's shape final so the
 * internal chat and connections modules only have to fill these in.
 */

/** Dot on /chats when the user has unread internal chats. */
export function useUnreadChats(): boolean {
  return false;
}

/**
 * Red badge on /connections when a connection is in qrcode, PAIRING, DISCONNECTED, TIMEOUT or
 * OPENING state, checked UI.connectionBadgeCheckMs after load.
 */
export function useConnectionProblems(): boolean {
  return false;
}
