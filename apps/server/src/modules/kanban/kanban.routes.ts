import type { FastifyInstance } from 'fastify';
import { kanbanQuery } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { kanbanBoard } from './kanban.service.js';

/** The kanban board needs the plan's useKanban; every signed-in user of such a company sees their share. */
export async function kanbanRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/ticket/kanban', { preHandler: guard.planFeature('useKanban') }, async (request) =>
    kanbanBoard(ctx, actorOf(request), parse(kanbanQuery, request.query).queueIds),
  );
}
