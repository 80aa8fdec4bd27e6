// Apart from the schemas: the menu's unread badge reads it without loading validation code.

/** The caller's unread count in a chat (0 when not a member). */
export function unreadsOf(chat: { users: readonly { userId: number; unreads: number }[] }, userId: number | undefined): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}
