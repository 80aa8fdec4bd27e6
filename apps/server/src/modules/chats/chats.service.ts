import type { z } from 'zod';
import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHAT_PAGE_SIZE,
  rooms,
  type Chat,
  type ChatEventPayload,
  type ChatMessage,
  type ChatMessagePage,
  type ChatPage,
  type ChatRef,
  type ListQuery,
  type chatInput,
} from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { assertOwner, membersWithOwner } from './chats.policy.js';
import { presentChat, presentChatMessage } from './chats.presenter.js';
import * as repo from './chats.repository.js';

type ChatFields = z.output<typeof chatInput>;

export const noChat = () => notFound('ERR_NO_CHAT_FOUND');

/** Each event goes to the members' own rooms: the rest of the company never hears of the chat. */
function announce(ctx: AppContext, companyId: number, userIds: number[], payload: ChatEventPayload) {
  for (const userId of new Set(userIds)) ctx.live.toRoom(rooms.user(userId), companyId, 'chat', payload);
}

/** A chat the caller is a member of; any other (another company's too) is not found. */
async function loadOwn(ctx: AppContext, actor: Actor, ref: ChatRef) {
  const row = await repo.findChat(ctx.db, actor.companyId, ref);
  if (!row || !(await repo.isMember(ctx.db, actor.companyId, row.id, actor.userId))) throw noChat();
  return row;
}

async function present(ctx: AppContext, companyId: number, chatId: number): Promise<Chat> {
  const row = await repo.findChat(ctx.db, companyId, chatId);
  if (!row) throw noChat();
  return presentChat(row, await repo.membersOf(ctx.db, companyId, [chatId]));
}

/** The members picked must be users of the caller's company; the owner joins them. */
async function memberIds(ctx: AppContext, actor: Actor, picked: number[]): Promise<number[]> {
  const found = await repo.companyUserIds(ctx.db, actor.companyId, picked);
  if (found.length !== picked.length) throw new AppError('ERR_VALIDATION', 400, { fields: { users: 'invalid' } });
  return membersWithOwner(actor.userId, picked);
}

export async function listChats(ctx: AppContext, actor: Actor, query: ListQuery): Promise<ChatPage> {
  const limit = CHAT_PAGE_SIZE;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfChats(ctx.db, actor.companyId, actor.userId, { search: query.searchParam, limit, offset });
  const members = await repo.membersOf(ctx.db, actor.companyId, rows.map((row) => row.id));
  return { records: rows.map((row) => presentChat(row, members)), count, hasMore: offset + rows.length < count };
}

export async function showChat(ctx: AppContext, actor: Actor, ref: ChatRef): Promise<Chat> {
  const row = await loadOwn(ctx, actor, ref);
  return presentChat(row, await repo.membersOf(ctx.db, actor.companyId, [row.id]));
}

/** The caller owns the chat they create; an ownerId or companyId in the body is ignored. */
export async function createChat(ctx: AppContext, actor: Actor, input: ChatFields): Promise<Chat> {
  const members = await memberIds(ctx, actor, input.users);
  const now = ctx.clock.now();
  const chatId = await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertChat(trx, { companyId: actor.companyId, title: input.title, ownerId: actor.userId, createdAt: now, updatedAt: now });
    await repo.setMembers(trx, actor.companyId, id, members, now);
    return id;
  });
  const chat = await present(ctx, actor.companyId, chatId);
  announce(ctx, actor.companyId, members, { action: 'create', chat });
  return chat;
}

/**
 * Fields not sent keep their value. Members who leave are told the chat is gone for them and
 * hear nothing of it afterwards; those who stay keep their unread counts.
 */
export async function updateChat(ctx: AppContext, actor: Actor, ref: ChatRef, input: Partial<ChatFields>): Promise<Chat> {
  const row = await loadOwn(ctx, actor, ref);
  assertOwner(actor, row);
  const members = input.users ? await memberIds(ctx, actor, input.users) : undefined;
  const before = (await repo.membersOf(ctx.db, actor.companyId, [row.id])).map((member) => member.userId);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateChatRow(trx, actor.companyId, row.id, { title: input.title, updatedAt: now });
    if (members) await repo.setMembers(trx, actor.companyId, row.id, members, now);
  });
  const chat = await present(ctx, actor.companyId, row.id);
  const stayed = chat.users.map((member) => member.userId);
  announce(ctx, actor.companyId, stayed, { action: 'update', chat });
  announce(ctx, actor.companyId, before.filter((userId) => !stayed.includes(userId)), { action: 'delete', chatId: row.id });
  return chat;
}

export async function deleteChat(ctx: AppContext, actor: Actor, ref: ChatRef): Promise<void> {
  const row = await loadOwn(ctx, actor, ref);
  assertOwner(actor, row);
  const members = (await repo.membersOf(ctx.db, actor.companyId, [row.id])).map((member) => member.userId);
  if (!(await repo.deleteChatRow(ctx.db, actor.companyId, row.id))) throw noChat();
  announce(ctx, actor.companyId, members, { action: 'delete', chatId: row.id });
}

/** Pages count back from the newest message: page 1 is the latest, each page oldest first. */
export async function listMessages(ctx: AppContext, actor: Actor, ref: ChatRef, pageNumber: number): Promise<ChatMessagePage> {
  const row = await loadOwn(ctx, actor, ref);
  const limit = CHAT_MESSAGES_PAGE_SIZE;
  const offset = (pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfMessages(ctx.db, actor.companyId, row.id, { limit, offset });
  return { records: rows.map(presentChatMessage), count, hasMore: offset + rows.length < count };
}

/** The message, the chat's last message and every other member's unread count change together. */
export async function sendMessage(ctx: AppContext, actor: Actor, ref: ChatRef, text: string): Promise<ChatMessage> {
  const row = await loadOwn(ctx, actor, ref);
  const now = ctx.clock.now();
  const messageId = await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertMessage(trx, { companyId: actor.companyId, chatId: row.id, senderId: actor.userId, message: text, createdAt: now });
    await repo.updateChatRow(trx, actor.companyId, row.id, { lastMessage: text, updatedAt: now });
    await repo.countUnreadForOthers(trx, actor.companyId, row.id, actor.userId);
    return id;
  });
  const message = await repo.findMessage(ctx.db, actor.companyId, messageId);
  if (!message) throw noChat();
  const newMessage = presentChatMessage(message);
  const chat = await present(ctx, actor.companyId, row.id);
  announce(ctx, actor.companyId, chat.users.map((member) => member.userId), { action: 'new-message', chat, newMessage });
  return newMessage;
}

/**
 * The caller has read the chat: their unread count is 0. A userId in the body is ignored (nobody
 * clears another's count). Only the caller's own sockets hear of it: the others' counts did not change.
 */
export async function markRead(ctx: AppContext, actor: Actor, ref: ChatRef): Promise<Chat> {
  const row = await loadOwn(ctx, actor, ref);
  await repo.clearUnreads(ctx.db, actor.companyId, row.id, actor.userId);
  const chat = await present(ctx, actor.companyId, row.id);
  announce(ctx, actor.companyId, [actor.userId], { action: 'update', chat });
  return chat;
}
