/**
 * A Typebot server speaking the v1 chat API (startChat, continueChat) with one scripted flow:
 * a greeting with bold text, a choice input (Vendas, Suporte), then a closing text and the end
 * (no input). A reply that is not one of the choices gets Typebot's retry message and the same
 * input again; an unknown session answers 404. `failWith` makes the next calls answer that status.
 */
import { randomUUID } from 'node:crypto';
import { parseJson, startFakeHttp, type FakeAnswer } from './fake-http.js';

export const TYPEBOT_CHOICES = ['Vendas', 'Suporte'];

const rich = (...children: Array<{ text: string; bold?: boolean }>) => ({ type: 'richText', richText: [{ type: 'p', children }] });

const CHOICE_INPUT = { id: 'choice-1', type: 'choice input', items: TYPEBOT_CHOICES.map((content, i) => ({ id: `item-${i}`, content, outgoingEdgeId: `edge-${i}` })), options: {} };

export interface FakeTypebot {
  url: string;
  /** Sessions opened, in order. */
  sessions: string[];
  /** Replies received per session. */
  replies: Array<{ sessionId: string; text: string }>;
  failWith: number | null;
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeTypebot(slug = 'atendimento'): Promise<FakeTypebot> {
  const live = new Set<string>();
  const fake: Omit<FakeTypebot, 'url' | 'close'> = { sessions: [], replies: [], failWith: null, delayMs: 0 };
  const answer = (body: unknown): FakeAnswer => ({ body, delayMs: fake.delayMs });
  const server = await startFakeHttp(({ method, path, raw }) => {
    if (fake.failWith) return { status: fake.failWith, body: { message: 'failure' } };
    const body = parseJson(raw);
    if (method !== 'POST' || !body) return { status: 400, body: { message: 'bad request' } };
    if (path === `/api/v1/typebots/${slug}/startChat`) {
      if (body.isStreamEnabled !== false) return { status: 400, body: { message: 'isStreamEnabled must be false' } };
      const sessionId = randomUUID();
      live.add(sessionId);
      fake.sessions.push(sessionId);
      return answer({
        sessionId,
        typebot: { id: 'tb1', theme: {}, settings: {} },
        messages: [
          { id: 'm1', type: 'text', content: rich({ text: 'Olá! Sou o ' }, { text: 'assistente', bold: true }, { text: '.' }) },
          { id: 'm2', type: 'image', content: { url: 'https://example.com/logo.png' } },
          { id: 'm3', type: 'text', content: rich({ text: 'Com quem deseja falar?' }) },
        ],
        input: CHOICE_INPUT,
      });
    }
    const match = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (!match) return { status: 404, body: { message: 'not found' } };
    const sessionId = decodeURIComponent(match[1]);
    if (!live.has(sessionId)) return { status: 404, body: { message: 'Session not found.' } };
    const message = body.message as { type?: string; text?: string } | undefined;
    if (message?.type !== 'text' || typeof message.text !== 'string') return { status: 400, body: { message: 'message.text required' } };
    fake.replies.push({ sessionId, text: message.text });
    if (!TYPEBOT_CHOICES.includes(message.text)) {
      return answer({ messages: [{ id: 'r1', type: 'text', content: rich({ text: 'Invalid message. Please, try again.' }) }], input: CHOICE_INPUT });
    }
    live.delete(sessionId);
    return answer({ messages: [{ id: 'e1', type: 'text', content: rich({ text: `Certo, vou chamar ${message.text}.` }) }] });
  });
  return Object.assign(fake, { url: server.url, close: server.close }) as FakeTypebot;
}
