import { sql, type Insertable } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { ChatsTable } from '../../db/schema-chats.js';
import type { ChatRef } from '@atende/contract';

/** A chat of the company by its id or uuid, whoever its members are. */
export function findChat(db: Database, companyId: number, ref: ChatRef) {
  const query = db.selectFrom('chats').selectAll().where('companyId', '=', companyId);
  return (typeof ref === 'number' ? query.where('id', '=', ref) : query.where('uuid', '=', ref)).executeTakeFirst();
}

export type ChatRow = Awaited<ReturnType<typeof findChat>> & object;

export async function isMember(db: Database, companyId: number, chatId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('chatUsers')
    .select('userId')
    .where('companyId', '=', companyId)
    .where('chatId', '=', chatId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The members of these chats with their names, in the order they joined. */
export function membersOf(db: Database, companyId: number, chatIds: number[]) {
  if (!chatIds.length) return Promise.resolve([]);
  return db
    .selectFrom('chatUsers')
    .innerJoin('users', (join) => join.onRef('users.id', '=', 'chatUsers.userId').onRef('users.companyId', '=', 'chatUsers.companyId'))
    .select(['chatUsers.chatId', 'chatUsers.userId', 'chatUsers.unreads', 'users.name'])
    .where('chatUsers.companyId', '=', companyId)
    .where('chatUsers.chatId', 'in', chatIds)
    .orderBy('chatUsers.createdAt')
    .orderBy('chatUsers.userId')
    .execute();
}

export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/** The chats this user is a member of, the most recently active first. */
export async function pageOfChats(db: Database, companyId: number, userId: number, page: { search: string; limit: number; offset: number }) {
  let query = db
    .selectFrom('chats')
    .innerJoin('chatUsers', (join) => join.onRef('chatUsers.chatId', '=', 'chats.id').onRef('chatUsers.companyId', '=', 'chats.companyId'))
    .where('chats.companyId', '=', companyId)
    .where('chatUsers.userId', '=', userId);
  // The title, taken literally (strpos): % and _ are just characters.
  if (page.search) query = query.where(sql<boolean>`strpos(lower(chats.title), ${page.search.toLowerCase()}) > 0`);
  const [rows, total] = await Promise.all([
    query.selectAll('chats').orderBy('chats.updatedAt', 'desc').orderBy('chats.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** Which of these ids are users of the company. */
export async function companyUserIds(db: Database, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('users').select('id').where('companyId', '=', companyId).where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

export async function insertChat(db: Database, values: Insertable<ChatsTable>): Promise<number> {
  return (await db.insertInto('chats').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateChatRow(db: Database, companyId: number, chatId: number, values: { title?: string; lastMessage?: string; updatedAt: Date }) {
  await db.updateTable('chats').set(values).where('companyId', '=', companyId).where('id', '=', chatId).execute();
}

/** The members become exactly `userIds`: those who stay keep their unread counts. */
export async function setMembers(db: Database, companyId: number, chatId: number, userIds: number[], now: Date) {
  await db.deleteFrom('chatUsers').where('companyId', '=', companyId).where('chatId', '=', chatId).where('userId', 'not in', userIds).execute();
  await db
    .insertInto('chatUsers')
    .values(userIds.map((userId) => ({ chatId, userId, companyId, createdAt: now })))
    .onConflict((oc) => oc.columns(['chatId', 'userId']).doNothing())
    .execute();
}

export async function deleteChatRow(db: Database, companyId: number, chatId: number): Promise<boolean> {
  const result = await db.deleteFrom('chats').where('companyId', '=', companyId).where('id', '=', chatId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function messagesWithSender(db: Database, companyId: number) {
  return db
    .selectFrom('chatMessages')
    .leftJoin('users', (join) => join.onRef('users.id', '=', 'chatMessages.senderId').onRef('users.companyId', '=', 'chatMessages.companyId'))
    .selectAll('chatMessages')
    .select('users.name as senderName')
    .where('chatMessages.companyId', '=', companyId);
}

export type ChatMessageRow = Awaited<ReturnType<typeof findMessage>> & object;

export function findMessage(db: Database, companyId: number, messageId: number) {
  return messagesWithSender(db, companyId).where('chatMessages.id', '=', messageId).executeTakeFirst();
}

/** One page of a chat's messages counted from the newest; answered oldest first. */
export async function pageOfMessages(db: Database, companyId: number, chatId: number, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    messagesWithSender(db, companyId)
      .where('chatMessages.chatId', '=', chatId)
      .orderBy('chatMessages.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db.selectFrom('chatMessages').select(countAll()).where('companyId', '=', companyId).where('chatId', '=', chatId).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.reverse(), count: Number(total.count) };
}

export async function insertMessage(db: Database, values: { companyId: number; chatId: number; senderId: number; message: string; createdAt: Date }): Promise<number> {
  return (await db.insertInto('chatMessages').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Every member but the sender has one more message to read. */
export async function countUnreadForOthers(db: Database, companyId: number, chatId: number, senderId: number) {
  await db
    .updateTable('chatUsers')
    .set((eb) => ({ unreads: eb('unreads', '+', 1) }))
    .where('companyId', '=', companyId)
    .where('chatId', '=', chatId)
    .where('userId', '<>', senderId)
    .execute();
}

export async function clearUnreads(db: Database, companyId: number, chatId: number, userId: number) {
  await db.updateTable('chatUsers').set({ unreads: 0 }).where('companyId', '=', companyId).where('chatId', '=', chatId).where('userId', '=', userId).execute();
}
