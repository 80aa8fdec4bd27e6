import type { FastifyInstance } from 'fastify';
import { idParam, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { parsePromptChanges, parsePromptInput, promptsGate } from './prompts.policy.js';
import { createPrompt, deletePrompt, listPrompts, showPrompt, updatePrompt } from './prompts.service.js';

/**
 * AI prompts (/prompts): what an OpenAI assistant is told, for which queue, with which key and
 * voice. The agent that answers customers with them is prompt-agent.ts.
 */
export async function promptsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const allowed = { preHandler: promptsGate(guard) };

  app.get('/prompt', allowed, async (request) => listPrompts(ctx, actorOf(request)));

  app.get('/prompt/:id', allowed, async (request) => showPrompt(ctx, actorOf(request), parse(idParam, request.params).id));

  app.post('/prompt', allowed, async (request) => createPrompt(ctx, actorOf(request), parsePromptInput(request.body)));

  app.put('/prompt/:id', allowed, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parsePromptChanges(request.body);
    return updatePrompt(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/prompt/:id', allowed, async (request) => deletePrompt(ctx, actorOf(request), parse(idParam, request.params).id));
}
