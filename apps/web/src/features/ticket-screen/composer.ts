import { readStored, writeStored } from '../../lib/storage';

/** The agent's choice to sign messages, kept in this browser (on by default). */
const SIGN_KEY = 'signMessage';

export function readSignPreference(): boolean {
  return readStored(SIGN_KEY) !== 'false';
}

export function storeSignPreference(sign: boolean): void {
  writeStored(SIGN_KEY, String(sign));
}

/** The name in bold on its own line, as WhatsApp users sign: the server sends the text as given. */
export function signedBody(body: string, userName: string, sign: boolean): string {
  return sign && body ? `*${userName}:*\n${body}` : body;
}

/** The variables the server fills in (message-templates on the server). */
export const TEMPLATE_VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'hora'] as const;

/** Quick replies show their label cut at 35 characters. */
export const QUICK_REPLY_LABEL_MAX = 35;

export function quickReplyLabel(shortcode: string, message: string): string {
  const label = `${shortcode} - ${message}`;
  return label.length > QUICK_REPLY_LABEL_MAX ? `${label.slice(0, QUICK_REPLY_LABEL_MAX)}...` : label;
}

/** The quick-reply search: '/' followed by at least one character. */
export function quickReplySearch(text: string): string | null {
  return text.startsWith('/') && text.length > 1 ? text.slice(1).toLowerCase() : null;
}
