/**
 * The AI prompt agent as an automation hook: a fresh customer message (mayAutomate) on a ticket
 * whose queue or connection has a prompt (automated-agent.ts decides) is answered by OpenAI.
 *
 * - The answer's context is the prompt's text as the system message, plus a fixed instruction to
 *   answer with PROMPT_TRANSFER_MARKER to hand over to people, then the ticket's last maxMessages
 *   messages in order (customer: user; the business, agents and automatic messages: assistant).
 *   Customer voice notes are transcribed first (whisper-1), once: the transcript is kept on the
 *   message.
 * - The answer is stored and sent through the outbox as an automated message; with a voice other
 *   than 'texto' and Azure Speech keys, it is also sent as a voice note.
 * - An answer holding the marker: the text before it is sent, the ticket goes to the prompt's
 *   queue and waits for people; the agent stops for this attendance.
 * - A failure (bad key, limit reached, timeout) leaves a note on the ticket ('Falha no agente de
 *   IA: ...') and hands the ticket over to people, in the prompt's queue.
 *
 * The work runs off the chat's inbound lane, one at a time per ticket (OneAnswerPerTicket), and
 * answers the customer's last message once: a run with nothing new from the customer does nothing.
 */
import { PROMPT_TEXT_VOICE, PROMPT_TRANSFER_MARKER } from '@atende/contract';
import type { TicketRow } from '../../db/schema-conversations.js';
import type { PromptRow } from '../../db/schema-prompts.js';
import type { InboundMessageEvent } from '../../platform/automation.js';
import type { AppAutomationHook, AppContext } from '../../platform/context.js';
import { extraOf } from '../messages/messages.presenter.js';
import { afterOutboundStored, sendAutomatedText, storeOutbound } from '../messages/outbound.js';
import { AiFailure, completeChat, synthesizeSpeech, transcribe, type ChatTurn } from '../prompts/ai-services.js';
import { findPrompt } from '../prompts/prompts.repository.js';
import { openApiKey } from '../prompts/prompts.service.js';
import { insertNote } from '../ticket-notes/ticket-notes.repository.js';
import { findTicket } from '../tickets/tickets.repository.js';
import { automatedAgentFor, handOverToPeople, OneAnswerPerTicket, takeCharge } from './automated-agent.js';
import { isAnswered, recentMessages, saveTranscript } from './prompt-agent.queries.js';

const HANDOVER_INSTRUCTION =
  `Quando o cliente pedir para falar com uma pessoa, ou quando você não puder ajudar, responda com uma despedida curta seguida, ` +
  `numa linha própria, exatamente de: ${PROMPT_TRANSFER_MARKER}`;

export interface PromptAgent extends AppAutomationHook {
  /** Resolves when no answer is being worked on (tests, shutdown). */
  idle(): Promise<void>;
}

type Recent = Awaited<ReturnType<typeof recentMessages>>[number];

/** The text of a message for the AI; a customer's voice note is transcribed (once). */
async function textOf(ctx: AppContext, ticket: TicketRow, apiKey: string, message: Recent): Promise<string> {
  const extra = extraOf(message) as { transcript?: string };
  if (message.mediaType !== 'audio' || message.fromMe) return message.body;
  if (extra.transcript !== undefined) return extra.transcript;
  const media = message.mediaPath ? await ctx.media.read(ticket.companyId, message.mediaPath) : null;
  if (!media) return message.body;
  const transcript = await transcribe(ctx.config.ai, apiKey, media);
  await saveTranscript(ctx.db, ticket.companyId, message.id, transcript);
  return transcript;
}

async function conversation(ctx: AppContext, ticket: TicketRow, prompt: PromptRow, apiKey: string, messages: Recent[]): Promise<ChatTurn[]> {
  const turns: ChatTurn[] = [{ role: 'system', content: `${prompt.prompt}\n\n${HANDOVER_INSTRUCTION}` }];
  for (const message of messages) {
    const content = (await textOf(ctx, ticket, apiKey, message)).trim();
    if (content) turns.push({ role: message.fromMe ? 'assistant' : 'user', content });
  }
  return turns;
}

/** The answer spoken as a voice note, stored as an automated audio message and sent by the outbox. */
async function sendVoiceNote(ctx: AppContext, ticket: TicketRow, prompt: PromptRow, text: string, key: string) {
  const audio = await synthesizeSpeech(ctx.config.ai, { key: prompt.voiceKey, region: prompt.voiceRegion, voice: prompt.voice, text });
  const mimeType = 'audio/ogg; codecs=opus';
  const mediaPath = await ctx.media.save(ticket.companyId, { data: audio, mimeType });
  const now = ctx.clock.now();
  const current = (await findTicket(ctx.db, ticket.companyId, ticket.id)) ?? ticket;
  const { message, created } = await ctx.db
    .transaction()
    .execute((trx) => storeOutbound(trx, current, { body: '', mediaType: 'audio', mediaPath, mimeType, extra: { voice: true }, userId: null, automated: true, idempotencyKey: key }, now));
  if (created) await afterOutboundStored(ctx, current, [message]);
}

async function reportFailure(ctx: AppContext, ticket: TicketRow, reason: string) {
  await insertNote(ctx.db, { companyId: ticket.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: null, note: `Falha no agente de IA: ${reason}` });
}

async function answer(ctx: AppContext, companyId: number, ticketId: number): Promise<void> {
  let ticket = await findTicket(ctx.db, companyId, ticketId);
  if (!ticket) return;
  const agent = await automatedAgentFor(ctx.db, ticket);
  if (agent?.kind !== 'prompt') return;
  const prompt = await findPrompt(ctx.db, companyId, agent.promptId);
  // The prompt in charge was deleted meanwhile: people take the customer.
  if (!prompt) {
    await handOverToPeople(ctx, ticket);
    return;
  }
  ticket = await takeCharge(ctx, ticket, agent);
  try {
    const apiKey = openApiKey(ctx, prompt);
    if (!apiKey) throw new AiFailure('o prompt não tem uma chave de API válida');
    const messages = await recentMessages(ctx.db, companyId, ticketId, prompt.maxMessages);
    const last = messages.findLast((message) => !message.fromMe);
    // The customer's last message is answered once (a run asked again after it finds it answered).
    if (!last || (await isAnswered(ctx.db, companyId, ticketId, `prompt:${last.id}`))) return;
    const reply = await completeChat(ctx.config.ai, {
      apiKey,
      model: prompt.model || ctx.config.ai.model,
      messages: await conversation(ctx, ticket, prompt, apiKey, messages),
      maxTokens: prompt.maxTokens,
      temperature: Number(prompt.temperature),
    });
    const at = reply.indexOf(PROMPT_TRANSFER_MARKER);
    const text = (at === -1 ? reply : reply.slice(0, at)).trim();
    if (text) {
      await sendAutomatedText(ctx, ticket, text, `prompt:${last.id}`);
      if (prompt.voice !== PROMPT_TEXT_VOICE && prompt.voiceKey && (prompt.voiceRegion || ctx.config.ai.azureSpeechUrl)) {
        await sendVoiceNote(ctx, ticket, prompt, text, `prompt-voice:${last.id}`).catch(async (error: unknown) => {
          ctx.log.warn({ err: error, ticketId }, 'the AI answer could not be spoken');
          await reportFailure(ctx, ticket!, `resposta enviada só em texto: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
    }
    if (at !== -1) await handOverToPeople(ctx, ticket, { queueId: prompt.queueId });
  } catch (error) {
    if (!(error instanceof AiFailure)) throw error;
    ctx.log.warn({ err: error.cause ?? error, ticketId, promptId: prompt.id }, 'the AI prompt failed; the ticket goes to people');
    await reportFailure(ctx, ticket, error.message);
    await handOverToPeople(ctx, ticket, { queueId: prompt.queueId });
  }
}

export function createPromptAgent(): PromptAgent {
  const answers = new OneAnswerPerTicket();
  return {
    async afterInboundMessage(ctx: AppContext, event: InboundMessageEvent) {
      if (!event.mayAutomate) return;
      // Decided on the ticket as the message found it, as the queue bot decides: one of the two answers.
      const agent = await automatedAgentFor(ctx.db, event.ticket);
      if (agent?.kind !== 'prompt') return;
      const { companyId, id } = event.ticket;
      void answers.run(id, () => answer(ctx, companyId, id)).catch((error: unknown) => ctx.log.error({ err: error, ticketId: id }, 'the AI prompt agent failed'));
    },
    idle: () => answers.idle(),
  };
}
