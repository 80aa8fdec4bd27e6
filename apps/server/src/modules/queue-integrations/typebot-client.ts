/**
 * Typebot's chat API (v1): `POST {server}/api/v1/typebots/{slug}/startChat` opens a session and
 * answers its first messages; `POST {server}/api/v1/sessions/{sessionId}/continueChat` sends the
 * customer's reply. Each answer holds the bubbles to show and, while the flow waits for the
 * customer, the `input` it waits on (a choice input lists its items). Text bubbles come as rich
 * text (Slate nodes) and are written here in WhatsApp's markers.
 */
import { callJson, IntegrationFailure } from './integration-http.js';

export type TypebotBubble = { kind: 'text'; text: string } | { kind: 'media'; url: string };

export interface TypebotInput {
  id: string;
  type: string;
  /** A choice input's items, in order. */
  choices: string[];
}

export interface TypebotTurn {
  sessionId: string | null;
  bubbles: TypebotBubble[];
  /** What the flow waits for; null when it ended. */
  input: TypebotInput | null;
}

interface RichNode {
  type?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  children?: RichNode[];
}

function leaf(node: RichNode): string {
  let text = node.text ?? '';
  const core = text.trim();
  if (!core) return text;
  let marked = core;
  if (node.bold) marked = `*${marked}*`;
  if (node.italic) marked = `_${marked}_`;
  if (node.strikethrough) marked = `~${marked}~`;
  text = text.replace(core, marked);
  return text;
}

function inline(node: RichNode): string {
  if (node.text !== undefined && !node.children) return leaf(node);
  const inner = (node.children ?? []).map(inline).join('');
  if (node.type === 'a' && node.url && node.url !== inner) return inner ? `${inner} (${node.url})` : node.url;
  return inner;
}

/** Rich text as WhatsApp text: one line per block, bold/italic/strike as *, _ and ~. */
export function richTextToWhatsApp(nodes: unknown): string {
  if (!Array.isArray(nodes)) return '';
  return (nodes as RichNode[])
    .map((block) => {
      if (block.type === 'ul' || block.type === 'ol') return (block.children ?? []).map((item, i) => `${block.type === 'ol' ? `${i + 1}.` : '•'} ${inline(item)}`).join('\n');
      return inline(block);
    })
    .join('\n')
    .trim();
}

interface RawMessage {
  type?: string;
  content?: { type?: string; richText?: unknown; markdown?: string; plainText?: string; url?: string };
}

function bubbleOf(message: RawMessage): TypebotBubble | null {
  const content = message.content ?? {};
  if (message.type === 'text') {
    const text = content.richText !== undefined ? richTextToWhatsApp(content.richText) : (content.markdown ?? content.plainText ?? '');
    return text.trim() ? { kind: 'text', text } : null;
  }
  if (typeof content.url === 'string' && content.url) return { kind: 'media', url: content.url };
  return null;
}

function turnOf(answer: unknown, sessionId: string | null): TypebotTurn {
  if (!answer || typeof answer !== 'object') throw new IntegrationFailure('Typebot answered without messages');
  const body = answer as { sessionId?: unknown; messages?: unknown; input?: { id?: unknown; type?: unknown; items?: Array<{ content?: unknown }> } | null };
  const messages = Array.isArray(body.messages) ? (body.messages as RawMessage[]) : [];
  const raw = body.input;
  const input = raw && typeof raw === 'object'
    ? {
        id: String(raw.id ?? ''),
        type: String(raw.type ?? ''),
        choices: Array.isArray(raw.items) ? raw.items.map((item) => String(item.content ?? '')).filter(Boolean) : [],
      }
    : null;
  return {
    sessionId: typeof body.sessionId === 'string' ? body.sessionId : sessionId,
    bubbles: messages.map(bubbleOf).filter((b): b is TypebotBubble => b !== null),
    input,
  };
}

export async function startTypebotChat(server: string, slug: string, timeoutMs: number): Promise<TypebotTurn> {
  const url = `${server}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`;
  const turn = turnOf(await callJson(url, { body: JSON.stringify({ isStreamEnabled: false, textBubbleContentFormat: 'richText' }), timeoutMs }), null);
  if (!turn.sessionId) throw new IntegrationFailure('Typebot opened no session');
  return turn;
}

export async function continueTypebotChat(server: string, sessionId: string, text: string, timeoutMs: number): Promise<TypebotTurn> {
  const url = `${server}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`;
  const body = JSON.stringify({ message: { type: 'text', text }, textBubbleContentFormat: 'richText' });
  return turnOf(await callJson(url, { body, timeoutMs }), sessionId);
}
