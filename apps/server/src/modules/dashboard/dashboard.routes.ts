import type { FastifyInstance } from 'fastify';
import { dashboardChartQuery, dashboardQuery } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { dashboardOf, ticketsPerDay, ticketsPerUser } from './dashboard.service.js';

/**
 * The dashboard is for admins (dashboard:view) and reads only the caller's
 * company: the systems it replaces answered these calls unauthenticated and for any company.
 */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const admins = guard.permission('dashboard:view');

  app.get('/dashboard', { preHandler: admins }, async (request) => dashboardOf(ctx, actorOf(request), parse(dashboardQuery, request.query)));

  app.get('/dashboard/ticketsUsers', { preHandler: admins }, async (request) =>
    ticketsPerUser(ctx, actorOf(request), parse(dashboardChartQuery, request.query)),
  );

  app.get('/dashboard/ticketsDay', { preHandler: admins }, async (request) =>
    ticketsPerDay(ctx, actorOf(request), parse(dashboardChartQuery, request.query)),
  );
}
