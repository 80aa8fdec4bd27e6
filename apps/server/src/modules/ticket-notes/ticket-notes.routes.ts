import type { FastifyInstance } from 'fastify';
import { idParam, ticketNoteInput, ticketNoteListQuery } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { createNote, deleteNote, listNotes } from './ticket-notes.service.js';

/** Internal notes on a ticket's contact (the contact drawer): for whoever may reach the ticket. */
export async function ticketNotesRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.post('/ticket-notes', { preHandler: guard.signedIn }, async (request) => createNote(ctx, actorOf(request), parse(ticketNoteInput, request.body)));

  app.get('/ticket-notes/list', { preHandler: guard.signedIn }, async (request) =>
    listNotes(ctx, actorOf(request), parse(ticketNoteListQuery, request.query)),
  );

  app.delete('/ticket-notes/:id', { preHandler: guard.signedIn }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteNote(ctx, actorOf(request), id);
    return reply.code(204).send();
  });
}
