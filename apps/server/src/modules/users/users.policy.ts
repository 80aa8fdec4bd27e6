import type { z } from 'zod';
import { can, type userUpdateInput } from '@atende/contract';
import type { UserRow } from '../../db/schema.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';

export type UserChanges = Partial<z.output<typeof userUpdateInput>>;

/**
 * Admins reach every user of their company; anyone else only themself. Checked before the row
 * is loaded, so a plain user learns nothing about which ids exist.
 */
export function assertMayReach(actor: Actor, userId: number): void {
  if (actor.userId !== userId && !can(actor, 'users:manage')) throw forbidden();
}

/** A super user is changed or deleted only by a super user, never by an admin of its company. */
export function assertMayChange(actor: Actor, target: UserRow): void {
  if (target.super && !actor.super) throw forbidden();
}

/** A user cannot delete their own row. */
export function assertMayDelete(actor: Actor, userId: number): void {
  if (actor.userId === userId) throw new AppError('ERR_CANNOT_DELETE_SELF', 400);
}

/**
 * The changes the caller may make. Without user-modal:editProfile the profile, allTicket and
 * default connection are ignored, without user-modal:editQueues the queues: a plain user editing
 * their profile changes only name, email and password. Fields sent as undefined keep their value.
 */
export function allowedChanges(actor: Actor, changes: UserChanges): UserChanges {
  const { profile, allTicket, whatsappId, queueIds, ...own } = changes;
  const allowed: UserChanges = { ...own };
  if (can(actor, 'user-modal:editProfile')) Object.assign(allowed, { profile, allTicket, whatsappId });
  if (can(actor, 'user-modal:editQueues')) Object.assign(allowed, { queueIds });
  return Object.fromEntries(Object.entries(allowed).filter(([, value]) => value !== undefined)) as UserChanges;
}

/** A company must keep at least one admin, or nobody could manage it any more. */
export function assertKeepsAnAdmin(target: UserRow, changes: UserChanges, otherAdmins: number): void {
  if (target.profile === 'admin' && changes.profile && changes.profile !== 'admin' && otherAdmins === 0) throw forbidden();
}
