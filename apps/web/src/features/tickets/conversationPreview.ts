import type { Ticket } from '@atende/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ComponentType } from 'react';

export interface PeekDialogProps {
  ticket: Pick<Ticket, 'id' | 'status'> & { contact: Pick<Ticket['contact'], 'name'> };
  open: boolean;
  onClose: () => void;
}

/**
 * What the ticket list borrows from the conversation view: fetching a ticket's first messages as
 * it is clicked, and the admins' read-only peek. The page that shows both provides it, so the
 * list does not depend on the ticket screen (which itself builds on this feature's queries).
 */
export interface ConversationPreview {
  prefetch: (queryClient: QueryClient, ticketId: number) => void;
  PeekDialog: ComponentType<PeekDialogProps>;
}

export const ConversationPreviewContext = createContext<ConversationPreview>({ prefetch: () => {}, PeekDialog: () => null });
