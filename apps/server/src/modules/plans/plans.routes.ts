import type { FastifyInstance } from 'fastify';
import { idParam, listQuery, planInput, sentFields } from '@atende/contract';
import type { Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { allPlans, createPlan, deletePlan, plansPage, publicPlans, showPlan, updatePlan } from './plans.service.js';

/** `/plans/list` is public (the signup page); everything else is the super user's. */
export async function plansRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/plans/list', async () => publicPlans(ctx));

  app.get('/plans/all', { preHandler: guard.superUser }, async () => allPlans(ctx));

  app.get('/plans', { preHandler: guard.superUser }, async (request) => plansPage(ctx, parse(listQuery, request.query)));

  app.get('/plans/:id', { preHandler: guard.superUser }, async (request) => showPlan(ctx, parse(idParam, request.params).id));

  app.post('/plans', { preHandler: guard.superUser }, async (request) => createPlan(ctx, parse(planInput, request.body)));

  app.put('/plans/:id', { preHandler: guard.superUser }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(planInput, request.body);
    return updatePlan(ctx, id, sentFields(input, request.body));
  });

  app.delete('/plans/:id', { preHandler: guard.superUser }, async (request, reply) => {
    await deletePlan(ctx, parse(idParam, request.params).id);
    return reply.code(204).send();
  });
}
