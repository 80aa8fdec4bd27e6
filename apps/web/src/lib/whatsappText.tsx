import type { ReactNode } from 'react';

/**
 * WhatsApp's text formatting as React nodes: *bold*, ~strike~, and links that open
 * in a new tab. The text is never parsed as HTML: a `<b>` typed by a customer shows as typed.
 */

// A marker pair hugs its text, as on WhatsApp: '*a*' is bold, '* a *' and '2*3*4' stay as written.
const MARKER = /(^|[^\p{L}\p{N}])([*~])(\S(?:[^\n]*?\S)?)\2(?=$|[^\p{L}\p{N}])/u;
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/i;
// Punctuation closing a sentence is not part of the link.
const TRAILING = /[.,;:!?)\]'*~]+$/;

function linkify(text: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  for (let match = LINK.exec(rest); match; match = LINK.exec(rest)) {
    const raw = match[0].replace(TRAILING, '');
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const href = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
    nodes.push(
      <a key={`${key}-l${index++}`} href={href} target="_blank" rel="noopener noreferrer">
        {raw}
      </a>,
    );
    rest = rest.slice(match.index + raw.length);
  }
  if (rest) nodes.push(rest);
  return nodes;
}

export function formatMessageText(text: string, key = 'f'): ReactNode[] {
  const match = MARKER.exec(text);
  if (!match) return linkify(text, key);
  const [whole, before, marker, inner] = match;
  const start = match.index + before.length;
  const end = match.index + whole.length;
  const content = formatMessageText(inner, `${key}-i`);
  const node = marker === '*' ? <strong key={`${key}-m`}>{content}</strong> : <s key={`${key}-m`}>{content}</s>;
  return [...linkify(text.slice(0, start), `${key}-a`), node, ...formatMessageText(text.slice(end), `${key}-z`)];
}

/**
 * The same text without its markers, for one-line previews (ticket lists, cards, notifications)
 * where bold has no room: '*Bruno:* olá' reads 'Bruno: olá'.
 */
export function plainText(text: string | null | undefined): string {
  if (!text) return '';
  const match = MARKER.exec(text);
  if (!match) return text;
  const [whole, before, , inner] = match;
  const start = match.index + before.length;
  return text.slice(0, start) + plainText(inner) + plainText(text.slice(match.index + whole.length));
}

export function FormattedText({ text }: { text: string }) {
  return <>{formatMessageText(text)}</>;
}
