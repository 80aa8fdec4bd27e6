import type { preHandlerAsyncHookHandler } from 'fastify';
import { V, promptInput } from '@atende/contract';
import type { Guards } from '../../platform/authenticate.js';
import { AppError } from '../../platform/errors.js';
import { parse } from '../../platform/validation.js';

/**
 * Prompts are the admins' (prompts:manage) and only while the company's plan has useOpenAi: the
 * plan is checked first (ERR_PLAN_FEATURE_DISABLED, 403), as on every plan-gated page.
 */
export function promptsGate(guard: Guards): preHandlerAsyncHookHandler[] {
  const [, planCheck] = guard.planFeature('useOpenAi');
  const [signedIn, permissionCheck] = guard.permission('prompts:manage');
  return [signedIn, planCheck, permissionCheck];
}

/**
 * A prompt's input. A prompt answers for a queue: without one the answer is
 * ERR_PROMPT_QUEUE_REQUIRED ('Informe o setor'), with the field marked as the other errors are.
 */
export function parsePromptInput(body: unknown) {
  return withQueueRule(() => parse(promptInput, body));
}

/** A prompt's changes: only the fields sent (see sentFields); a queue sent blank is still required. */
export function parsePromptChanges(body: unknown) {
  return withQueueRule(() => parse(promptInput.partial(), body));
}

function withQueueRule<T>(parsing: () => T): T {
  const queueMissing = () => new AppError('ERR_PROMPT_QUEUE_REQUIRED', 400, { fields: { queueId: V.required } });
  try {
    return parsing();
  } catch (error) {
    if (error instanceof AppError && error.extra.fields?.queueId === V.required) throw queueMissing();
    throw error;
  }
}
