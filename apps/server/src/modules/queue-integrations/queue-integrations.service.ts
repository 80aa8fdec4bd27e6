import { randomBytes } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import {
  PAGE_SIZE,
  rooms,
  type IntegrationType,
  type ListQuery,
  type QueueIntegration,
  type QueueIntegrationEventPayload,
  type QueueIntegrationPage,
  type QueueIntegrationTestResult,
  type queueIntegrationInput,
  type queueIntegrationTestInput,
} from '@atende/contract';
import type { QueueIntegrationsTable } from '../../db/schema-integrations.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { assertOutboundUrl } from '../../platform/outbound-address.js';
import { openDialogflowSession } from './dialogflow-client.js';
import { assertComplete, assertServiceAccount } from './queue-integrations.policy.js';
import { presentIntegration } from './queue-integrations.presenter.js';
import * as repo from './queue-integrations.repository.js';

type IntegrationFields = z.output<typeof queueIntegrationInput>;

export const noIntegration = () => notFound('ERR_NO_INTEGRATION_FOUND');

export const boxOf = (ctx: AppContext) => ctx.secrets;

/** Integrations are admins' work: only the admins' room hears of them. */
function announce(ctx: AppContext, companyId: number, payload: QueueIntegrationEventPayload) {
  ctx.live.toRoom(rooms.admins(companyId), companyId, 'queueIntegration', payload);
}

/** The columns of the fields sent; a blank jsonContent keeps the stored service account. */
function columnsOf(ctx: AppContext, input: Partial<IntegrationFields>): Updateable<QueueIntegrationsTable> {
  const { urlN8N, jsonContent, ...rest } = input;
  const values: Updateable<QueueIntegrationsTable> = { ...rest };
  if (urlN8N !== undefined) values.urlN8n = urlN8N.replace(/\/+$/, '');
  if (jsonContent) {
    assertServiceAccount(jsonContent);
    values.jsonContentSealed = boxOf(ctx).seal(jsonContent);
  }
  return values;
}

/**
 * The addresses the server will call for this integration (its service's URL, a service
 * account's token endpoint) must not point inside the network; checked again before each call.
 */
async function assertAddresses(ctx: AppContext, input: Partial<IntegrationFields>): Promise<void> {
  const allowPrivate = ctx.config.webhooks.allowPrivate;
  if (input.urlN8N) await assertOutboundUrl(input.urlN8N, { allowPrivate, field: 'urlN8N' });
  if (input.jsonContent) await assertOutboundUrl(assertServiceAccount(input.jsonContent).tokenUri, { allowPrivate, field: 'jsonContent' });
}

export async function listIntegrationsPage(ctx: AppContext, actor: Actor, query: ListQuery): Promise<QueueIntegrationPage> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfIntegrations(ctx.db, actor.companyId, { search: query.searchParam, limit, offset });
  return { queueIntegrations: rows.map((row) => presentIntegration(row, boxOf(ctx))), count, hasMore: offset + rows.length < count };
}

export async function showIntegration(ctx: AppContext, actor: Actor, integrationId: number): Promise<QueueIntegration> {
  const row = await repo.findIntegration(ctx.db, actor.companyId, integrationId);
  if (!row) throw noIntegration();
  return presentIntegration(row, boxOf(ctx));
}

export async function createIntegration(ctx: AppContext, actor: Actor, input: IntegrationFields): Promise<QueueIntegration> {
  await assertAddresses(ctx, input);
  const values = columnsOf(ctx, input);
  assertComplete(input.type, input, Boolean(values.jsonContentSealed));
  const now = ctx.clock.now();
  const row = await repo.insertIntegration(ctx.db, {
    ...(values as IntegrationFields),
    urlN8n: values.urlN8n as string,
    jsonContentSealed: (values.jsonContentSealed as string | undefined) ?? null,
    // Every integration gets its signing secret, so changing its type to n8n or webhook needs no new one.
    secretSealed: boxOf(ctx).seal(randomBytes(32).toString('base64url')),
    companyId: actor.companyId,
    createdAt: now,
    updatedAt: now,
  });
  const integration = presentIntegration(row, boxOf(ctx));
  announce(ctx, actor.companyId, { action: 'create', queueIntegration: integration });
  return integration;
}

export async function updateIntegration(ctx: AppContext, actor: Actor, integrationId: number, input: Partial<IntegrationFields>): Promise<QueueIntegration> {
  await assertAddresses(ctx, input);
  const values = columnsOf(ctx, input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockIntegration(trx, actor.companyId, integrationId);
    if (!current) throw noIntegration();
    const merged = { ...current, urlN8N: current.urlN8n, ...input };
    assertComplete((input.type ?? current.type) as IntegrationType, merged, Boolean(values.jsonContentSealed ?? current.jsonContentSealed));
    return repo.updateIntegrationRow(trx, actor.companyId, integrationId, { ...values, updatedAt: ctx.clock.now() });
  });
  if (!row) throw noIntegration();
  const integration = presentIntegration(row, boxOf(ctx));
  announce(ctx, actor.companyId, { action: 'update', queueIntegration: integration });
  return integration;
}

/** Queues, connections and tickets that named it keep no integration (the keys set them null). */
export async function deleteIntegration(ctx: AppContext, actor: Actor, integrationId: number): Promise<void> {
  if (!(await repo.deleteIntegrationRow(ctx.db, actor.companyId, integrationId))) throw noIntegration();
  announce(ctx, actor.companyId, { action: 'delete', queueIntegrationId: integrationId });
}

/** Opens a Dialogflow session with these credentials: a token, then one greeting. */
export async function testDialogflowSession(ctx: AppContext, actor: Actor, input: z.output<typeof queueIntegrationTestInput>): Promise<QueueIntegrationTestResult> {
  const account = assertServiceAccount(input.jsonContent);
  await assertAddresses(ctx, { jsonContent: input.jsonContent });
  const reply = await openDialogflowSession(ctx, account, { projectName: input.projectName, language: input.language, sessionId: `atende-test-${actor.companyId}-${Date.now()}` });
  return { ok: true, reply };
}
