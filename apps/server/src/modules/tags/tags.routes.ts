import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam, listQuery, recordId, sentFields, tagInput, tagSyncInput } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { createTag, deleteTag, kanbanTags, listAllTags, listTagsPage, showTag, updateTag } from './tags.service.js';
import { moveTicketToLane, syncTicketTags, ticketsOfTag } from './ticket-tags.service.js';

const ticketParam = z.object({ ticketId: recordId() });
const ticketTagParams = ticketParam.extend({ tagId: recordId() });
const pageQuery = listQuery.pick({ pageNumber: true });
const searchQuery = listQuery.pick({ searchParam: true });

/**
 * Tags are the company's: every signed-in user reads, creates, edits and deletes them, and tags
 * the tickets they may reach; the kanban flag is for admins and supervisors (tags.policy). The
 * kanban board's calls need the plan's useKanban.
 */
export async function tagsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/tags', { preHandler: guard.signedIn }, async (request) => listTagsPage(ctx, actorOf(request), parse(listQuery, request.query)));

  app.get('/tags/list', { preHandler: guard.signedIn }, async (request) =>
    listAllTags(ctx, actorOf(request), parse(searchQuery, request.query).searchParam),
  );

  app.get('/tags/kanban', { preHandler: guard.planFeature('useKanban') }, async (request) => kanbanTags(ctx, actorOf(request)));

  app.post('/tags/sync', { preHandler: guard.signedIn }, async (request) => syncTicketTags(ctx, actorOf(request), parse(tagSyncInput, request.body)));

  app.get('/tags/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showTag(ctx, actorOf(request), id);
  });

  app.get('/tags/:id/tickets', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return ticketsOfTag(ctx, actorOf(request), id, parse(pageQuery, request.query).pageNumber);
  });

  app.post('/tags', { preHandler: guard.signedIn }, async (request) => createTag(ctx, actorOf(request), parse(tagInput, request.body)));

  app.put('/tags/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(tagInput.partial(), request.body);
    return updateTag(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/tags/:id', { preHandler: guard.signedIn }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteTag(ctx, actorOf(request), id);
    return reply.code(204).send();
  });

  app.put('/ticket-tags/:ticketId/:tagId', { preHandler: guard.planFeature('useKanban') }, async (request) => {
    const { ticketId, tagId } = parse(ticketTagParams, request.params);
    return moveTicketToLane(ctx, actorOf(request), ticketId, tagId);
  });

  app.delete('/ticket-tags/:ticketId', { preHandler: guard.planFeature('useKanban') }, async (request) => {
    const { ticketId } = parse(ticketParam, request.params);
    return moveTicketToLane(ctx, actorOf(request), ticketId, null);
  });
}
