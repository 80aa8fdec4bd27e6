import type { z } from 'zod';
import { V, type TicketNote, type ticketNoteInput, type ticketNoteListQuery } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { reachableTicket } from '../tickets/tickets.service.js';
import { assertMayDelete } from './ticket-notes.policy.js';
import { presentNote } from './ticket-notes.presenter.js';
import * as repo from './ticket-notes.repository.js';

type NoteFields = z.output<typeof ticketNoteInput>;
type NoteQuery = z.output<typeof ticketNoteListQuery>;

const noNote = () => notFound('ERR_NO_TICKET_NOTE_FOUND');

/** The ticket the caller may reach (tickets.service), when `contactId` (if given) is its contact. */
async function ticketOfNote(ctx: AppContext, actor: Actor, ticketId: number, contactId?: number) {
  const ticket = await reachableTicket(ctx, actor, ticketId);
  if (contactId !== undefined && ticket.contactId !== contactId) {
    throw new AppError('ERR_VALIDATION', 400, { fields: { contactId: V.invalid } });
  }
  return ticket;
}

/** 'Observação adicionada com sucesso!': the note about the ticket's contact, written by the caller. */
export async function createNote(ctx: AppContext, actor: Actor, input: NoteFields): Promise<TicketNote> {
  const ticket = await ticketOfNote(ctx, actor, input.ticketId, input.contactId);
  const { id } = await repo.insertNote(ctx.db, {
    companyId: actor.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    userId: actor.userId,
    note: input.note,
  });
  const view = await repo.findNoteView(ctx.db, actor.companyId, id);
  if (!view) throw noNote();
  return presentNote(view);
}

export async function listNotes(ctx: AppContext, actor: Actor, query: NoteQuery): Promise<TicketNote[]> {
  await ticketOfNote(ctx, actor, query.ticketId, query.contactId);
  return (await repo.notesOfTicket(ctx.db, actor.companyId, query.ticketId, query.contactId)).map(presentNote);
}

export async function deleteNote(ctx: AppContext, actor: Actor, noteId: number): Promise<void> {
  const note = await repo.findNote(ctx.db, actor.companyId, noteId);
  if (!note) throw noNote();
  assertMayDelete(actor, note);
  if (!(await repo.deleteNoteRow(ctx.db, actor.companyId, noteId))) throw noNote();
}
