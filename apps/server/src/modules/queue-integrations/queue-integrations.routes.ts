import type { FastifyInstance } from 'fastify';
import { idParam, queueIntegrationInput, queueIntegrationListQuery, queueIntegrationTestInput, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import { assertCan } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import {
  createIntegration,
  deleteIntegration,
  listIntegrationsPage,
  showIntegration,
  testDialogflowSession,
  updateIntegration,
} from './queue-integrations.service.js';

/**
 * Queue integrations (/queue-integration): Typebot, n8n, webhook and Dialogflow. Every call needs
 * the plan's useIntegrations and an admin (queue-integrations:manage), reads included: they hold
 * credentials.
 */
export async function queueIntegrationsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const admin = { preHandler: [...guard.planFeature('useIntegrations'), async (request: Parameters<typeof actorOf>[0]) => assertCan(actorOf(request), 'queue-integrations:manage')] };

  app.get('/queueIntegration', admin, async (request) => listIntegrationsPage(ctx, actorOf(request), parse(queueIntegrationListQuery, request.query)));

  app.post('/queueIntegration/testSession', admin, async (request) => testDialogflowSession(ctx, actorOf(request), parse(queueIntegrationTestInput, request.body)));

  app.get('/queueIntegration/:id', admin, async (request) => showIntegration(ctx, actorOf(request), parse(idParam, request.params).id));

  app.post('/queueIntegration', admin, async (request) => createIntegration(ctx, actorOf(request), parse(queueIntegrationInput, request.body)));

  app.put('/queueIntegration/:id', admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(queueIntegrationInput.partial(), request.body);
    return updateIntegration(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/queueIntegration/:id', admin, async (request, reply) => {
    await deleteIntegration(ctx, actorOf(request), parse(idParam, request.params).id);
    return reply.code(204).send();
  });
}
