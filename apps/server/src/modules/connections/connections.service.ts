import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { V, type Connection, type ConnectionSummary, type connectionInput, type ProviderConfigSpec } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { ProviderConfig, WhatsappRow, WhatsappUpdate } from '../../db/schema.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertWithinPlanLimit } from '../../platform/plan-limits.js';
import { assertPromptOfCompany } from '../prompts/prompts.refs.js';
import { assertIntegrationOfCompany } from '../queue-integrations/queue-integrations.refs.js';
import { queueIdsOfCompany } from '../queues/queues.repository.js';
import { announceConnection, announceDeleted } from './connections.live.js';
import { assertGreeting, assertProviderAvailable, assertProviderConfig, maySeeSecrets } from './connections.policy.js';
import { configSpecOf, presentConnections, PROVIDER_CONFIG_FIELDS } from './connections.presenter.js';
import * as repo from './connections.repository.js';

export type ConnectionFields = z.output<typeof connectionInput>;

const noConnection = () => notFound('ERR_NO_WAPP_FOUND');
const invalid = (field: string) => new AppError('ERR_VALIDATION', 400, { fields: { [field]: V.invalid } });

/** An unguessable secret: the external API token and generated provider settings (the Cloud webhook verify token). */
const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * The company's default connection, for flows that need one (new tickets without a connection,
 * the external API): ERR_NO_DEF_WAPP_FOUND when the company has none.
 */
export async function defaultConnection(db: Database, companyId: number): Promise<WhatsappRow> {
  const row = await repo.defaultConnectionRow(db, companyId);
  if (!row) throw notFound('ERR_NO_DEF_WAPP_FOUND');
  return row;
}

/** Queues (and the transfer queue) must be the company's: another company's id is an invalid field. */
async function assertQueuesOfCompany(db: Database, companyId: number, queueIds: number[] | undefined, transferQueueId: number | null | undefined) {
  const ids = [...(queueIds ?? []), ...(transferQueueId ? [transferQueueId] : [])];
  const found = await queueIdsOfCompany(db, companyId, ids);
  if (queueIds?.some((id) => !found.has(id))) throw invalid('queueIds');
  if (transferQueueId && !found.has(transferQueueId)) throw invalid('transferQueueId');
}

function storageError(error: unknown) {
  if (isUniqueViolation(error, 'whatsapps_company_name_unique')) return conflict('ERR_WAPP_NAME_ALREADY_EXISTS');
  if (isForeignKeyViolation(error)) return invalid('queueIds');
  return error;
}

/**
 * The provider's settings after applying what was sent under its field, checked by its schema: a
 * blank value keeps the stored one (secrets are never answered, so the dialog sends them blank),
 * and a generated setting is made when none is stored.
 */
function providerConfigOf(spec: ProviderConfigSpec | undefined, current: ProviderConfig, fields: Partial<ConnectionFields>): ProviderConfig {
  if (!spec) return current;
  const sent = (fields as Record<string, unknown>)[spec.field];
  const parsed = spec.schema.partial().safeParse(sent ?? {});
  if (!parsed.success) throw invalid(`${spec.field}.${String(parsed.error.issues[0]?.path[0] ?? '')}`);
  const given = Object.fromEntries(Object.entries(parsed.data as ProviderConfig).filter(([, v]) => v !== undefined && v !== ''));
  const merged: ProviderConfig = { ...current, ...given };
  for (const name of spec.generated) merged[name] ||= newSecret(24);
  return merged;
}

/** Commands for the session's holder, weakest first: a stronger pending one is never downgraded. */
const REQUEST_STRENGTH = ['', 'start', 'restart', 'new-qr'];
const stronger = (pending: string, wanted: string) =>
  REQUEST_STRENGTH.indexOf(pending) > REQUEST_STRENGTH.indexOf(wanted) ? pending : wanted;

async function presentOne(ctx: AppContext, actor: Actor, row: WhatsappRow): Promise<Connection | ConnectionSummary> {
  const [connection] = await presentConnections(ctx.db, actor.companyId, [row], maySeeSecrets(actor));
  return connection;
}

async function announceAll(ctx: AppContext, action: 'create' | 'update', rows: Array<WhatsappRow | undefined>) {
  for (const row of rows) if (row) await announceConnection(ctx.live, ctx.db, action, row);
}

export async function listConnections(ctx: AppContext, actor: Actor): Promise<Array<Connection | ConnectionSummary>> {
  const rows = await repo.listConnectionRows(ctx.db, actor.companyId);
  return presentConnections(ctx.db, actor.companyId, rows, maySeeSecrets(actor));
}

export async function showConnection(ctx: AppContext, actor: Actor, whatsappId: number) {
  const row = await repo.findConnectionRow(ctx.db, actor.companyId, whatsappId);
  if (!row) throw noConnection();
  return presentOne(ctx, actor, row);
}

/**
 * Creates a connection within the plan's limit (checked under the company lock), makes it the
 * default when asked or when it is the company's first, and starts its session.
 */
export async function createConnection(ctx: AppContext, actor: Actor, input: ConnectionFields) {
  const { companyId } = actor;
  assertProviderAvailable(ctx.sessions.registry, input.provider);
  assertGreeting(new Set(input.queueIds).size, input.greetingMessage);
  const spec = configSpecOf(input.provider);
  const providerConfig = providerConfigOf(spec, {}, input);
  assertProviderConfig(spec, providerConfig);
  const now = ctx.clock.now();

  const { row, previousDefault } = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await assertQueuesOfCompany(trx, companyId, input.queueIds, input.transferQueueId);
      await assertPromptOfCompany(trx, companyId, input.promptId);
      await assertIntegrationOfCompany(trx, companyId, input.integrationId);
      await assertWithinPlanLimit(trx, companyId, 'connections', (t) => repo.countConnections(t, companyId));
      const current = await repo.defaultConnectionRow(trx, companyId);
      const isDefault = input.isDefault || !current;
      if (isDefault && current) await repo.clearDefault(trx, companyId, now);
      const created = await repo.insertConnectionRow(trx, {
        companyId,
        name: input.name,
        isDefault,
        provider: input.provider,
        greetingMessage: input.greetingMessage,
        complationMessage: input.complationMessage,
        outOfHoursMessage: input.outOfHoursMessage,
        ratingMessage: input.ratingMessage,
        token: newSecret(),
        transferQueueId: input.transferQueueId,
        promptId: input.promptId,
        integrationId: input.integrationId,
        timeToTransfer: input.timeToTransfer,
        expiresTicket: input.expiresTicket,
        expiresInactiveMessage: input.expiresInactiveMessage,
        timeUseBotQueues: input.timeUseBotQueues,
        maxUseBotQueues: input.maxUseBotQueues,
        providerConfig: JSON.stringify(providerConfig),
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceConnectionQueues(trx, created.id, input.queueIds);
      const previous = isDefault && current ? await repo.findConnectionRow(trx, companyId, current.id) : undefined;
      return { row: created, previousDefault: previous };
    })
    .catch((error) => {
      throw storageError(error);
    });

  await announceAll(ctx, 'create', [row]);
  await announceAll(ctx, 'update', [previousDefault]);
  void ctx.sessions.poke(row.id);
  return presentOne(ctx, actor, row);
}

/**
 * Applies the fields sent. The default cannot be unset (another connection must be made the
 * default instead: ERR_NO_OTHER_WHATSAPP); a new provider starts over with a new pairing, new
 * Cloud credentials restart the session.
 */
export async function updateConnection(ctx: AppContext, actor: Actor, whatsappId: number, sent: Partial<ConnectionFields>) {
  const { companyId } = actor;
  const now = ctx.clock.now();
  const { row, previousDefault, restart } = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const current = await repo.lockConnectionRow(trx, companyId, whatsappId);
      if (!current) throw noConnection();
      const provider = sent.provider ?? current.provider;
      const providerChanged = provider !== current.provider;
      if (providerChanged) assertProviderAvailable(ctx.sessions.registry, provider);
      const spec = configSpecOf(provider);
      const providerConfig = providerConfigOf(spec, current.providerConfig ?? {}, sent);
      assertProviderConfig(spec, providerConfig);
      const queueCount = sent.queueIds
        ? new Set(sent.queueIds).size
        : ((await repo.queuesOfConnections(trx, companyId, [whatsappId])).get(whatsappId)?.length ?? 0);
      assertGreeting(queueCount, sent.greetingMessage ?? current.greetingMessage);
      await assertQueuesOfCompany(trx, companyId, sent.queueIds, sent.transferQueueId);
      await assertPromptOfCompany(trx, companyId, sent.promptId);
      await assertIntegrationOfCompany(trx, companyId, sent.integrationId);
      if (sent.isDefault === false && current.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);

      let previous: WhatsappRow | undefined;
      if (sent.isDefault && !current.isDefault) {
        previous = await repo.defaultConnectionRow(trx, companyId);
        await repo.clearDefault(trx, companyId, now);
      }
      const { queueIds, isDefault, ...rest } = sent;
      // Provider settings are stored in providerConfig, never as columns of their own.
      const fields = Object.fromEntries(Object.entries(rest).filter(([key]) => !PROVIDER_CONFIG_FIELDS.has(key))) as WhatsappUpdate;
      const values: WhatsappUpdate = { ...fields, updatedAt: now, providerConfig: JSON.stringify(providerConfig) };
      if (isDefault) values.isDefault = true;
      const credentialsChanged = Boolean(spec) && JSON.stringify(providerConfig) !== JSON.stringify(current.providerConfig ?? {});
      const request = providerChanged ? 'new-qr' : credentialsChanged ? 'restart' : '';
      if (request && current.autoStart) values.sessionRequest = stronger(current.sessionRequest, request);
      const updated = await repo.updateConnectionRow(trx, companyId, whatsappId, values);
      if (!updated) throw noConnection();
      if (queueIds) await repo.replaceConnectionQueues(trx, whatsappId, queueIds);
      const refreshed = previous ? await repo.findConnectionRow(trx, companyId, previous.id) : undefined;
      return { row: updated, previousDefault: refreshed, restart: Boolean(values.sessionRequest) };
    })
    .catch((error) => {
      throw storageError(error);
    });

  await announceAll(ctx, 'update', [row, previousDefault]);
  if (restart) void ctx.sessions.poke(whatsappId);
  return presentOne(ctx, actor, row);
}

/** Deletes the connection (its session is logged out, its pairing wiped); the oldest remaining one becomes the default. */
export async function deleteConnection(ctx: AppContext, actor: Actor, whatsappId: number): Promise<void> {
  const { companyId } = actor;
  const promoted = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockConnectionRow(trx, companyId, whatsappId);
    if (!current) throw noConnection();
    await repo.deleteConnectionRow(trx, companyId, whatsappId);
    return current.isDefault ? repo.promoteOldest(trx, companyId, ctx.clock.now()) : undefined;
  });
  announceDeleted(ctx.live, companyId, whatsappId);
  await announceAll(ctx, 'update', [promoted]);
  void ctx.sessions.poke(whatsappId);
}

export type SessionCommand = 'start' | 'new-qr' | 'logout';

/**
 * Try again (start), new QR (wipe the pairing and start over) and disconnect (log out, stay off
 * until started again). Recorded on the row for whichever process holds the session, then carried
 * out here at once when this process holds it.
 */
export async function commandSession(ctx: AppContext, actor: Actor, whatsappId: number, command: SessionCommand, pairingPhone?: string) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockConnectionRow(trx, actor.companyId, whatsappId);
    if (!current) throw noConnection();
    const values: WhatsappUpdate =
      command === 'logout'
        ? { autoStart: false, sessionRequest: 'logout', pairingPhone: '' }
        : {
            autoStart: true,
            sessionRequest: current.sessionRequest === 'logout' ? command : stronger(current.sessionRequest, command),
            pairingPhone: pairingPhone ?? '',
          };
    const updated = await repo.updateConnectionRow(trx, actor.companyId, whatsappId, values);
    if (!updated) throw noConnection();
    return updated;
  });
  void ctx.sessions.poke(whatsappId);
  return presentOne(ctx, actor, row);
}

