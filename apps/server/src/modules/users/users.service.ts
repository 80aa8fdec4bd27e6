import type { Transaction } from 'kysely';
import type { z } from 'zod';
import {
  PAGE_SIZE,
  V,
  rooms,
  type AllTicket,
  type ListQuery,
  type Paged,
  type Profile,
  type User,
  type UserEventPayload,
  type userCreateInput,
} from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { DB, UserRow, UserUpdate } from '../../db/schema.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { LiveServer } from '../../platform/live.js';
import { assertUncommonPassword, hashPassword } from '../../platform/passwords.js';
import { assertWithinPlanLimit } from '../../platform/plan-limits.js';
import { loadSessionUser } from './session-user.js';
import { revokeOtherSessions, revokeUserSessions } from './user-sessions.repository.js';
import { findConnectionRow } from '../connections/connections.repository.js';
import { queueIdsOfCompany } from '../queues/queues.repository.js';
import { allowedChanges, assertKeepsAnAdmin, assertMayChange, assertMayDelete, assertMayReach, type UserChanges } from './users.policy.js';
import { presentUsers } from './users.presenter.js';
import * as repo from './users.repository.js';

export interface NewUserFields {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  allTicket?: AllTicket;
  whatsappId?: number | null;
  super?: boolean;
}

/** Inserts a user of `companyId` inside the caller's transaction; the email must be free platform-wide. */
export async function insertUser(trx: Transaction<DB>, companyId: number, fields: NewUserFields) {
  const { password, ...rest } = fields;
  return insertHashedUser(trx, companyId, { ...rest, passwordHash: await hashPassword(password) });
}

/** insertUser with the password already hashed, for callers that hash before taking locks. */
async function insertHashedUser(trx: Transaction<DB>, companyId: number, fields: Omit<NewUserFields, 'password'> & { passwordHash: string }) {
  try {
    return await trx
      .insertInto('users')
      .values({
        companyId,
        name: fields.name,
        email: fields.email.toLowerCase(),
        passwordHash: fields.passwordHash,
        profile: fields.profile,
        allTicket: fields.allTicket ?? 'desabled',
        whatsappId: fields.whatsappId ?? null,
        super: fields.super ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw conflict('ERR_EMAIL_IN_USE');
    throw error;
  }
}

const noUser = () => notFound('ERR_NO_USER_FOUND');
const invalidQueues = () => new AppError('ERR_VALIDATION', 400, { fields: { queueIds: V.invalid } });

/**
 * Every change reaches the company's sockets only: `company-{id}-user`, the user as the users list
 * shows them. The user's own sockets get themselves as the session answers them (`/auth/me`, with
 * the company and its plan), so a client that replaces its signed-in user with the event loses nothing.
 */
async function announce(ctx: AppContext, companyId: number, payload: UserEventPayload) {
  if (!payload.user) return ctx.live.toCompany(companyId, 'user', payload);
  const own = rooms.user(payload.userId);
  ctx.live.toCompany(companyId, 'user', payload, { except: own });
  try {
    ctx.live.toRoom(own, companyId, 'user', { ...payload, user: await loadSessionUser(ctx.db, companyId, payload.userId) });
  } catch (error) {
    // The change is stored and the others were told; a user deleted meanwhile has no sockets to tell.
    ctx.log.warn({ err: error, userId: payload.userId }, 'could not tell the user of their change');
  }
}

async function presentOne(db: Database, companyId: number, row: UserRow): Promise<User> {
  const [user] = await presentUsers(db, companyId, [row]);
  return user;
}

/** A queue of another company (or none at all) is an invalid field, never a link across tenants. */
async function assertQueuesOfCompany(db: Database, companyId: number, queueIds: number[]) {
  const found = await queueIdsOfCompany(db, companyId, queueIds);
  if (queueIds.some((id) => !found.has(id))) throw invalidQueues();
}

/** A connection of another company is refused exactly like one that does not exist. */
async function assertConnectionOfCompany(db: Database, companyId: number, whatsappId: number | null | undefined) {
  if (whatsappId == null) return;
  if (!(await findConnectionRow(db, companyId, whatsappId))) throw new AppError('ERR_VALIDATION', 400, { fields: { whatsappId: V.invalid } });
}

/**
 * A queue deleted between the check and the link surfaces as a foreign-key violation. Emails are
 * unique platform-wide (login is by email alone): one of the same company is 'in use'; one of
 * another company gets a neutral answer that does not say an account exists there.
 */
async function storageError(db: Database, companyId: number, email: string | undefined, error: unknown) {
  if (isForeignKeyViolation(error)) return invalidQueues();
  if (isUniqueViolation(error, 'users_email_unique') || (error instanceof AppError && error.code === 'ERR_EMAIL_IN_USE')) {
    const own = email !== undefined && (await repo.companyHasEmail(db, companyId, email));
    return own ? conflict('ERR_EMAIL_IN_USE') : conflict('ERR_EMAIL_UNAVAILABLE');
  }
  return error;
}

export async function listUsersPage(ctx: AppContext, actor: Actor, query: ListQuery): Promise<Paged<'users', User>> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfUsers(ctx.db, actor.companyId, { search: query.searchParam, limit, offset });
  return { users: await presentUsers(ctx.db, actor.companyId, rows), count, hasMore: offset + rows.length < count };
}

/** Every user of the company, for pickers such as the transfer dialog. */
export async function listCompanyUsers(ctx: AppContext, actor: Actor): Promise<User[]> {
  return presentUsers(ctx.db, actor.companyId, await repo.listUsers(ctx.db, actor.companyId));
}

export async function showUser(ctx: AppContext, actor: Actor, userId: number): Promise<User> {
  assertMayReach(actor, userId);
  const row = await repo.findUser(ctx.db, actor.companyId, userId);
  if (!row) throw noUser();
  return presentOne(ctx.db, actor.companyId, row);
}

export async function createUser(ctx: AppContext, actor: Actor, input: z.output<typeof userCreateInput>): Promise<User> {
  assertUncommonPassword(input.password);
  // Hashed before the transaction: argon2 is slow on purpose and must not hold the company lock.
  const passwordHash = await hashPassword(input.password);
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await assertQueuesOfCompany(trx, actor.companyId, input.queueIds);
      await assertConnectionOfCompany(trx, actor.companyId, input.whatsappId);
      // Counted under the company lock: concurrent creations cannot all see the last free seat.
      await assertWithinPlanLimit(trx, actor.companyId, 'users', (t) => repo.countUsers(t, actor.companyId));
      const created = await insertHashedUser(trx, actor.companyId, {
        name: input.name,
        email: input.email,
        passwordHash,
        profile: input.profile,
        allTicket: input.allTicket,
        whatsappId: input.whatsappId,
      });
      await repo.replaceUserQueues(trx, created.id, input.queueIds);
      return created;
    })
    .catch(async (error) => {
      throw await storageError(ctx.db, actor.companyId, input.email, error);
    });
  const user = await presentOne(ctx.db, actor.companyId, row);
  await announce(ctx, actor.companyId, { action: 'create', userId: user.id, user });
  return user;
}

/**
 * Applies the fields the caller sent and may change (see users.policy). An empty password keeps
 * the current one; a new one ends the user's other sessions, so whoever knew the old password is
 * out at once (the caller's own session stays when they change their own password).
 */
export async function updateUser(ctx: AppContext, actor: Actor, userId: number, sent: UserChanges): Promise<User> {
  assertMayReach(actor, userId);
  const changes = allowedChanges(actor, sent);
  assertUncommonPassword(changes.password);
  // Hashed before the transaction: argon2 is slow on purpose and must not hold row locks.
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  const now = ctx.clock.now();

  const { row, endedSessionIds } = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const target = await repo.findUser(trx, actor.companyId, userId);
      if (!target) throw noUser();
      assertMayChange(actor, target);
      if (changes.profile) assertKeepsAnAdmin(target, changes, await repo.countOtherAdmins(trx, actor.companyId, userId));
      if (changes.queueIds) await assertQueuesOfCompany(trx, actor.companyId, changes.queueIds);
      await assertConnectionOfCompany(trx, actor.companyId, changes.whatsappId);

      const values: UserUpdate = { updatedAt: now };
      if (changes.name !== undefined) values.name = changes.name;
      if (changes.email !== undefined) values.email = changes.email;
      if (changes.profile !== undefined) values.profile = changes.profile;
      if (changes.allTicket !== undefined) values.allTicket = changes.allTicket;
      if (changes.whatsappId !== undefined) values.whatsappId = changes.whatsappId;
      if (passwordHash) values.passwordHash = passwordHash;
      const updated = await repo.updateUserRow(trx, actor.companyId, userId, values);
      if (!updated) throw noUser();
      if (changes.queueIds) await repo.replaceUserQueues(trx, userId, changes.queueIds);
      const ended = passwordHash ? await revokeOtherSessions(trx, userId, actor.sessionId, now) : [];
      return { row: updated, endedSessionIds: ended };
    })
    .catch(async (error) => {
      throw await storageError(ctx.db, actor.companyId, changes.email, error);
    });

  ctx.live.endSessions(endedSessionIds);
  // Their open sockets hear only what the new profile and queues allow, from now on.
  ctx.live.reauthorize(rooms.user(userId));
  const user = await presentOne(ctx.db, actor.companyId, row);
  await announce(ctx, actor.companyId, { action: 'update', userId, user });
  return user;
}

/** Deletes the user, ends their sessions and cuts their open sockets. */
export async function deleteUser(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  assertMayDelete(actor, userId);
  const endedSessionIds = await ctx.db.transaction().execute(async (trx) => {
    const target = await repo.findUser(trx, actor.companyId, userId);
    if (!target) throw noUser();
    assertMayChange(actor, target);
    const ended = await revokeUserSessions(trx, userId, ctx.clock.now());
    await repo.deleteUserRow(trx, actor.companyId, userId);
    return ended;
  });
  ctx.live.endSessions(endedSessionIds);
  await announce(ctx, actor.companyId, { action: 'delete', userId });
}

/**
 * Keeps users.online and lastSeenAt in step with the live channel. Updates of one user run one
 * after the other, so a quick connect-disconnect never ends with the wrong state; the company is
 * told only when the online state actually changes (the periodic heartbeat only moves lastSeenAt).
 */
export function registerUserPresence(ctx: AppContext, live: LiveServer): void {
  const pending = new Map<number, Promise<void>>();
  live.onPresence((actor, online) => {
    const previous = pending.get(actor.userId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const before = await repo.findUser(ctx.db, actor.companyId, actor.userId);
        const row = await repo.setUserOnline(ctx.db, actor.companyId, actor.userId, online, ctx.clock.now());
        if (!before || !row || before.online === row.online) return;
        await announce(ctx, actor.companyId, { action: 'update', userId: row.id, user: await presentOne(ctx.db, actor.companyId, row) });
      })
      .catch((error) => ctx.log.warn({ err: error, userId: actor.userId }, 'presence update failed'))
      .finally(() => {
        if (pending.get(actor.userId) === next) pending.delete(actor.userId);
      });
    pending.set(actor.userId, next);
  });
}
