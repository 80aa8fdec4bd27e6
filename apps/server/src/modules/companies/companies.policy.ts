import { can } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';

/**
 * A super user reaches every company. Anyone else reaches only their own: another company's id
 * answers "not found", exactly like an id that does not exist.
 */
export function assertMayReach(actor: Actor, companyId: number): void {
  if (!actor.super && actor.companyId !== companyId) throw notFound('ERR_NO_COMPANY_FOUND');
}

/** Reading the company record and setting its working hours (settings, Horários tab): its admins, or super. */
export function assertMayAdminister(actor: Actor, companyId: number): void {
  assertMayReach(actor, companyId);
  if (!actor.super && !can(actor, 'settings:edit')) throw forbidden();
}

/**
 * The super user's own company is the platform: deleting or deactivating it would lock the
 * super user out with nobody left to let them back in.
 */
export function assertNotOwnCompany(actor: Actor, companyId: number): void {
  if (actor.companyId === companyId) throw new AppError('ERR_NO_PERMISSION', 400);
}
