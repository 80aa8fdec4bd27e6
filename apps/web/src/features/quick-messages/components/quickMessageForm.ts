import { quickMessageInput, type QuickMessage, type QuickMessageInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

export const QUICK_MESSAGE_FORM_FIELDS = ['shortcode', 'message', 'geral', 'status'] as const;

/** A new reply is shared with the company, as the contract's default. */
export const emptyQuickMessageForm: QuickMessageFormValues = { shortcode: '', message: '', geral: true, status: true };

export function quickMessageToForm(reply: QuickMessage): QuickMessageFormValues {
  return { shortcode: reply.shortcode, message: reply.message, geral: reply.geral, status: reply.status };
}

export const quickMessageFormResolver = zodResolver(quickMessageInput) as unknown as Resolver<QuickMessageFormValues, unknown, QuickMessageInput>;

/** `text` with `insert` in place of the selection [start, end); the caret lands after it. */
export function insertAtCursor(text: string, insert: string, start: number | null, end: number | null): { value: string; caret: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { value: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
