/**
 * Typebot: the first message of an attendance opens a session on the integration's typebot
 * (urlN8N: the Typebot server, typebotSlug: the typebot's public id) and sends its bubbles; each
 * following message continues it. Choices are written as numbered lines and a number answered
 * is sent back as that choice's text. After typebotExpires minutes of silence (0: never) the
 * next message opens a new session. typebotKeywordRestart starts over after typebotRestartMessage;
 * typebotKeywordFinish closes the ticket. A reply the flow does not take (it asks the same input
 * again) is answered typebotUnknownMessage when one is set. When the flow waits for nothing
 * more, people take over in the ticket's queue.
 */
import { continueTypebotChat, startTypebotChat, type TypebotTurn } from '../../queue-integrations/typebot-client.js';
import { assertMayCall, IntegrationFailure } from '../../queue-integrations/integration-http.js';
import type { IntegrationRunner, IntegrationTurn, TurnOutcome } from './runner.js';

interface TypebotState {
  sessionId?: string;
  inputId?: string | null;
  choices?: string[];
  /** Last exchange (ms), for the session's expiry. */
  lastAt?: number;
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** A choice list as numbered lines. */
export const choicesText = (choices: string[]) => choices.map((choice, i) => `${i + 1} - ${choice}`).join('\n');

/** "2" answers the second choice; anything else is sent as written. */
function replyOf(body: string, choices: string[]): string {
  const text = body.trim();
  if (/^\d{1,3}$/.test(text)) {
    const index = Number(text) - 1;
    if (index >= 0 && index < choices.length) return choices[index];
  }
  return text;
}

function outcomeOf(turn: TypebotTurn, now: Date, delay: number, before: string[] = []): TurnOutcome {
  const say = [...before, ...turn.bubbles.map((b) => (b.kind === 'text' ? b.text : b.url))];
  const choices = turn.input?.choices ?? [];
  if (choices.length) say.push(choicesText(choices));
  const state: TypebotState = { sessionId: turn.sessionId ?? undefined, inputId: turn.input?.id ?? null, choices, lastAt: now.getTime() };
  return { say, spacingMs: delay, state: { ...state }, then: turn.input ? { kind: 'stay' } : { kind: 'handOver' } };
}

export const typebotRunner: IntegrationRunner = {
  async answer({ ctx, integration, message, state: raw, now }: IntegrationTurn): Promise<TurnOutcome> {
    const state = raw as TypebotState;
    const server = integration.urlN8n;
    const timeout = ctx.config.integrations.timeoutMs;
    const delay = integration.typebotDelayMessage;
    await assertMayCall(server, ctx.config.webhooks.allowPrivate);
    const body = message.body ?? '';
    const start = () => startTypebotChat(server, integration.typebotSlug, timeout);

    if (integration.typebotKeywordFinish && same(body, integration.typebotKeywordFinish)) return { say: [], state: {}, then: { kind: 'close' } };
    if (integration.typebotKeywordRestart && same(body, integration.typebotKeywordRestart)) {
      return outcomeOf(await start(), now, delay, integration.typebotRestartMessage.trim() ? [integration.typebotRestartMessage] : []);
    }
    const expired = integration.typebotExpires > 0 && state.lastAt !== undefined && now.getTime() - state.lastAt > integration.typebotExpires * 60_000;
    if (!state.sessionId || expired) return outcomeOf(await start(), now, delay);

    const choices = state.choices ?? [];
    let turn: TypebotTurn;
    try {
      turn = await continueTypebotChat(server, state.sessionId, replyOf(body, choices), timeout);
    } catch (error) {
      // The server forgot the session (its own expiry): open a new one instead of failing.
      if (error instanceof IntegrationFailure && error.status === 404) return outcomeOf(await start(), now, delay);
      throw error;
    }
    const refused = turn.input !== null && state.inputId && turn.input.id === state.inputId;
    if (refused && integration.typebotUnknownMessage.trim()) {
      return outcomeOf({ ...turn, bubbles: [] }, now, delay, [integration.typebotUnknownMessage]);
    }
    return outcomeOf(turn, now, delay);
  },
};
