import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/** The ticket's last `limit` messages worth showing an AI, oldest first. */
export async function recentMessages(db: Database, companyId: number, ticketId: number, limit: number) {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'fromMe', 'body', 'mediaType', 'mediaPath', 'mimeType', 'extra', 'sentAt'])
    .where('companyId', '=', companyId)
    .where('ticketId', '=', ticketId)
    .where('isDeleted', '=', false)
    .where('mediaType', 'not in', ['reaction', 'call_log'])
    .orderBy('sentAt', 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** Keeps the transcript of a customer's voice note, so it is transcribed once. */
export async function saveTranscript(db: Database, companyId: number, messageId: string, transcript: string) {
  await db
    .updateTable('messages')
    .set({ extra: sql`coalesce(extra, '{}'::jsonb) || jsonb_build_object('transcript', ${transcript}::text)` })
    .where('companyId', '=', companyId)
    .where('id', '=', messageId)
    .execute();
}

/** Whether the answer stored under this key exists on the ticket. */
export async function isAnswered(db: Database, companyId: number, ticketId: number, idempotencyKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('companyId', '=', companyId)
    .where('ticketId', '=', ticketId)
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirst();
  return Boolean(row);
}
