import { can, planAllows, type Permission, type PlanFeature, type PlanFlags, type Profile } from '@atende/contract';
import { AppError } from './errors.js';

/** The authenticated caller. Every query a route makes is scoped by `companyId` from here. */
export interface Actor {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  sessionId: string;
  allTicket: string;
  /** The queues the caller works in: with profile and allTicket, what ticket visibility depends on. */
  queueIds: number[];
  plan: PlanFlags;
}

export function assertCan(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) throw new AppError('ERR_NO_PERMISSION', 403);
}

export function assertSuper(actor: Actor): void {
  if (!actor.super) throw new AppError('ERR_NO_PERMISSION', 403);
}

/** Plan flags are enforced here, not only by hiding menu entries. */
export function assertPlanAllows(actor: Actor, feature: PlanFeature): void {
  if (!planAllows(actor.plan, feature)) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
}
