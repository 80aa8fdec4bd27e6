import { useSyncExternalStore } from 'react';

/**
 * The first screen of a visit. A ticket opened by its address (a reload, a shared link) is what
 * the user asked for: what only surrounds it (the ticket list, the top bar's counters, the side
 * menu's badges, refreshes of what the session already carries) is asked for and drawn once the
 * conversation has been painted, so the first moments of the main thread and of the server go
 * to the conversation. Every other first screen is shown at once.
 */

/** However long the conversation takes, the rest is not held back longer than this. */
const FIRST_SCREEN_HELD_AT_MOST_MS = 2_000;

let shown = true;
let fallback = 0;
const listeners = new Set<() => void>();

function show(): void {
  if (shown) return;
  shown = true;
  window.clearTimeout(fallback);
  for (const listener of listeners) listener();
}

/** The app starts on a ticket's address: the rest waits for `conversationDrawn` (or the time limit). */
export function holdUntilConversationDrawn(): void {
  if (!shown) return;
  shown = false;
  fallback = window.setTimeout(show, FIRST_SCREEN_HELD_AT_MOST_MS);
}

/** The conversation is on the screen (or failed to load): the rest follows once it is painted. */
export function conversationDrawn(): void {
  if (shown) return;
  // A task queued from the next animation frame runs after that frame has been painted.
  requestAnimationFrame(() => window.setTimeout(show));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the first screen has been shown, so what surrounds it may be asked for and drawn. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(subscribe, () => shown);
}
