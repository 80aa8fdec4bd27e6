import type { FastifyInstance } from 'fastify';
import { CLIENT_EVENTS, idParam, uuidParam, rooms, ticketCreateInput, ticketListQuery, ticketUpdateInput } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import type { LiveServer } from '../../platform/live.js';
import { parse } from '../../platform/validation.js';
import { mayReach } from './tickets.policy.js';
import { findTicket, queueIdsOfUser } from './tickets.repository.js';
import { createTicket, deleteTicket, listTickets, showTicket } from './tickets.service.js';
import { updateTicket } from './tickets.transitions.js';

/**
 * Tickets. Every signed-in user lists and acts on the tickets they may reach
 * (tickets.policy); deleting needs ticket-options:deleteTicket.
 */
export async function ticketsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/tickets', { preHandler: guard.signedIn }, async (request) => listTickets(ctx, actorOf(request), parse(ticketListQuery, request.query)));

  app.get('/tickets/u/:uuid', { preHandler: guard.signedIn }, async (request) => {
    const { uuid } = parse(uuidParam, request.params);
    return showTicket(ctx, actorOf(request), { uuid });
  });

  app.get('/tickets/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showTicket(ctx, actorOf(request), { id });
  });

  app.post('/tickets', { preHandler: guard.signedIn }, async (request) => createTicket(ctx, actorOf(request), parse(ticketCreateInput, request.body)));

  app.put('/tickets/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return updateTicket(ctx, actorOf(request), id, parse(ticketUpdateInput, request.body));
  });

  app.delete('/tickets/:id', { preHandler: guard.permission('ticket-options:deleteTicket') }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteTicket(ctx, actorOf(request), id);
    return reply.code(204).send();
  });
}

/** The ticket screen's room (realtime role): only for a ticket of the caller's company that the caller may reach. */
export function registerTicketRoom(ctx: AppContext, live: LiveServer): void {
  live.registerJoin(CLIENT_EVENTS.joinChatBox, async (actor, argument) => {
    const given = idParam.shape.id.safeParse(argument);
    if (!given.success) return null;
    const ticketId = given.data;
    const ticket = await findTicket(ctx.db, actor.companyId, ticketId);
    if (!ticket) return null;
    // The socket's caller is as old as its connection: their queues are read again at each join.
    const queueIds = await queueIdsOfUser(ctx.db, actor.companyId, actor.userId);
    if (!mayReach({ ...actor, queueIds }, ticket)) return null;
    return rooms.ticket(actor.companyId, ticketId);
  });
}
