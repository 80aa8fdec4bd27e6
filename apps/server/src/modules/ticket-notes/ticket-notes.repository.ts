import type { Database } from '../../db/database.js';

/** Notes with their author's name, in one query. */
function notesWithAuthor(db: Database, companyId: number) {
  return db
    .selectFrom('ticketNotes')
    .leftJoin('users', 'users.id', 'ticketNotes.userId')
    .selectAll('ticketNotes')
    .select('users.name as userName')
    .where('ticketNotes.companyId', '=', companyId);
}

export type NoteView = Awaited<ReturnType<ReturnType<typeof notesWithAuthor>['executeTakeFirstOrThrow']>>;

/** A ticket's notes, newest first (optionally only those about `contactId`). */
export function notesOfTicket(db: Database, companyId: number, ticketId: number, contactId?: number) {
  let query = notesWithAuthor(db, companyId).where('ticketNotes.ticketId', '=', ticketId);
  if (contactId !== undefined) query = query.where('ticketNotes.contactId', '=', contactId);
  return query.orderBy('ticketNotes.createdAt', 'desc').orderBy('ticketNotes.id', 'desc').execute();
}

export function findNoteView(db: Database, companyId: number, noteId: number) {
  return notesWithAuthor(db, companyId).where('ticketNotes.id', '=', noteId).executeTakeFirst();
}

export function findNote(db: Database, companyId: number, noteId: number) {
  return db.selectFrom('ticketNotes').selectAll().where('companyId', '=', companyId).where('id', '=', noteId).executeTakeFirst();
}

export function insertNote(db: Database, values: { companyId: number; ticketId: number; contactId: number; userId: number | null; note: string }) {
  return db.insertInto('ticketNotes').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function deleteNoteRow(db: Database, companyId: number, noteId: number): Promise<boolean> {
  const result = await db.deleteFrom('ticketNotes').where('companyId', '=', companyId).where('id', '=', noteId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
