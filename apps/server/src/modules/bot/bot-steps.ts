/**
 * The queue bot's decisions, without side effects: given the ticket, the bot's memory, the
 * connection's setup and the customer's message, what to say and where the ticket goes. The bot
 * never loops with another bot: a menu is sent at most maxUseBotQueues times per level,
 * never again within timeUseBotQueues minutes (nor within MENU_DEBOUNCE_MS) of the previous one,
 * and an out-of-hours reply at most once per OUT_OF_HOURS_REPEAT_MS.
 */
import { byOrdinal, menuText, queueItems, readAnswer } from './bot-menus.js';
import type { BotOption, BotQueue, BotSetup, QueueBotState } from './bot-setup.js';
import { isWithinSchedule } from './working-hours.js';

/** Messages typed before the customer could read the menu are no answers to it. */
export const MENU_DEBOUNCE_MS = 10_000;
/** One out-of-hours reply covers a night: the same ticket hears it again only after this. */
export const OUT_OF_HOURS_REPEAT_MS = 12 * 60 * 60_000;

export interface BotInput {
  setup: BotSetup;
  ticket: { queueId: number | null; chatbot: boolean; currentCycleId: number | null };
  state: QueueBotState;
  /** No agent has taken the current attendance: the bot may begin with it. */
  untouched: boolean;
  body: string;
  now: Date;
}

export interface BotStep {
  /** Texts to the customer, in order. */
  say: string[];
  /** The ticket's new queue (undefined: unchanged); `chosenQueue` marks a choice for the attendance. */
  queueId?: number | null;
  chosenQueue?: boolean;
  chatbot?: boolean;
  state: QueueBotState;
}

export function nextBotStep(input: BotInput): BotStep | null {
  const { setup, ticket, state, now } = input;
  if (setup.scheduleType === 'company' && !isWithinSchedule(setup.companySchedules, now)) {
    return outOfHoursReply(input, setup.connection.outOfHoursMessage);
  }
  const begun = ticket.currentCycleId !== null && state.cycleId === ticket.currentCycleId;
  if (!begun) return input.untouched && ticket.currentCycleId !== null ? begin(input) : queueOutOfHours(input);
  if (!ticket.chatbot) return queueOutOfHours(input);
  return ticket.queueId === null ? answerQueueMenu(input) : answerOptions(input);
}

function outOfHoursReply({ state, now }: BotInput, text: string): BotStep | null {
  if (!text.trim()) return null;
  if (state.outOfHoursAt !== undefined && now.getTime() - state.outOfHoursAt < OUT_OF_HOURS_REPEAT_MS) return null;
  return { say: [text], state: { ...state, outOfHoursAt: now.getTime() } };
}

/** After the bot is done: a queue that is closed now says so (scheduleType 'queue'). */
function queueOutOfHours(input: BotInput): BotStep | null {
  const queue = input.setup.ticketQueue;
  if (input.setup.scheduleType !== 'queue' || !queue || isWithinSchedule(queue.schedules, input.now)) return null;
  return outOfHoursReply(input, queue.outOfHoursMessage);
}

/** The first message of an attendance: greeting, the queue menu, or straight into the only queue. */
function begin(input: BotInput): BotStep {
  const { setup, ticket, now } = input;
  const fresh: QueueBotState = { ...input.state, cycleId: ticket.currentCycleId, greetedAt: now.getTime(), optionId: null, attempts: 0 };
  const next = { ...input, state: fresh };
  if (ticket.queueId !== null && setup.ticketQueue) return enterQueue(next, setup.ticketQueue, 'direct');
  if (setup.queues.length === 1) return enterQueue(next, setup.queues[0], 'direct');
  const greeting = setup.connection.greetingMessage;
  if (setup.queues.length === 0) return { say: greeting.trim() ? [greeting] : [], chatbot: false, state: fresh };
  return { say: [queueMenu(setup)], queueId: null, chatbot: true, state: { ...fresh, attempts: 1, lastMenuAt: now.getTime() } };
}

const queueMenu = (setup: BotSetup) => menuText(setup.connection.greetingMessage, queueItems(setup.queues));

const childrenOf = (queue: BotQueue, node: BotOption | null) => byOrdinal(queue.options.filter((o) => o.parentId === (node?.id ?? null)));

function optionsMenu(setup: BotSetup, queue: BotQueue, node: BotOption | null, heading: string): string {
  const items = childrenOf(queue, node).map((o) => ({ number: o.option, title: o.title }));
  return menuText(heading, items, { back: node !== null, main: node !== null || setup.queues.length > 1 });
}

/**
 * The ticket lands in a queue: chosen from the menu, or the connection's only one ('direct',
 * greeted only with sendGreetingMessageOneQueues). A closed queue answers its out-of-hours text.
 */
function enterQueue(input: BotInput, queue: BotQueue, how: 'menu' | 'direct'): BotStep {
  const { setup, now } = input;
  const state: QueueBotState = { ...input.state, optionId: null, attempts: 0 };
  const landed = { queueId: queue.id, chosenQueue: true };
  if (setup.scheduleType === 'queue' && !isWithinSchedule(queue.schedules, now)) {
    const reply = outOfHoursReply({ ...input, state }, queue.outOfHoursMessage);
    return { say: reply?.say ?? [], ...landed, chatbot: false, state: reply?.state ?? state };
  }
  const greeting = how === 'menu' ? queue.greetingMessage : setup.greetOneQueue ? queue.greetingMessage.trim() || setup.connection.greetingMessage : '';
  if (childrenOf(queue, null).length === 0) return { say: greeting.trim() ? [greeting] : [], ...landed, chatbot: false, state };
  return { say: [optionsMenu(setup, queue, null, greeting)], ...landed, chatbot: true, state: { ...state, attempts: 1, lastMenuAt: now.getTime() } };
}

function answerQueueMenu(input: BotInput): BotStep | null {
  const { setup } = input;
  const answer = readAnswer(input.body);
  if (answer.kind === 'number' && answer.value <= setup.queues.length) return enterQueue(input, setup.queues[answer.value - 1], 'menu');
  return resend(input, queueMenu(setup));
}

/** A number picks an option of the current level; '0' goes up a level, '#' to the main menu. */
function answerOptions(input: BotInput): BotStep | null {
  const { setup, state, now } = input;
  const queue = setup.ticketQueue;
  if (!queue) return null;
  const node = state.optionId ? (queue.options.find((o) => o.id === state.optionId) ?? null) : null;
  const headingOf = (target: BotOption | null) => (target ? target.message : queue.greetingMessage);
  const show = (target: BotOption | null): BotStep | null => {
    // Asking for the level one is already at is a resend: capped like any other.
    if ((target?.id ?? null) === (node?.id ?? null)) return resend(input, optionsMenu(setup, queue, node, headingOf(node)));
    const text = optionsMenu(setup, queue, target, headingOf(target));
    return { say: [text], chatbot: true, state: { ...state, optionId: target?.id ?? null, attempts: 1, lastMenuAt: now.getTime() } };
  };
  const answer = readAnswer(input.body);
  if (answer.kind === 'main' || (answer.kind === 'back' && node === null)) {
    if (setup.queues.length <= 1) return show(null);
    return { say: [queueMenu(setup)], queueId: null, chatbot: true, state: { ...state, optionId: null, attempts: 1, lastMenuAt: now.getTime() } };
  }
  if (answer.kind === 'back') return show(node?.parentId ? (queue.options.find((o) => o.id === node.parentId) ?? null) : null);
  const chosen = answer.kind === 'number' ? childrenOf(queue, node).find((o) => Number(o.option) === answer.value) : undefined;
  if (!chosen) return resend(input, optionsMenu(setup, queue, node, headingOf(node)));
  if (childrenOf(queue, chosen).length > 0) return show(chosen);
  // A leaf: its message is the bot's last word; the customer now waits for an agent.
  return { say: chosen.message.trim() ? [chosen.message] : [], chatbot: false, state: { ...state, optionId: chosen.id } };
}

/** The same menu again after an answer it does not know, within the caps. */
function resend(input: BotInput, text: string): BotStep | null {
  const { setup, state, now } = input;
  const sent = state.attempts ?? 1;
  if (sent >= Math.max(1, setup.connection.maxUseBotQueues)) return null;
  const pause = Math.max(MENU_DEBOUNCE_MS, setup.connection.timeUseBotQueues * 60_000);
  if (state.lastMenuAt !== undefined && now.getTime() - state.lastMenuAt < pause) return null;
  return { say: [text], state: { ...state, attempts: sent + 1, lastMenuAt: now.getTime() } };
}
