import { CAMPAIGN_EDIT_LEAD_MS, type CampaignStatus } from '@atende/contract';
import type { CampaignRow } from '../../db/schema-campaigns.js';
import { AppError } from '../../platform/errors.js';

export { campaignsGate } from '../contact-lists/contact-lists.policy.js';

/**
 * A campaign may change while nothing was sent: INATIVA, or PROGRAMADA more than an hour before
 * its start (the hour keeps an edit from racing the dispatcher). A cancelled one is read-only: it
 * already reached part of its audience, and a restart goes on with what they got.
 */
export function isEditable(row: Pick<CampaignRow, 'status' | 'scheduledAt'>, now: Date): boolean {
  if (row.status === 'INATIVA') return true;
  if (row.status !== 'PROGRAMADA') return false;
  return row.scheduledAt !== null && new Date(row.scheduledAt).getTime() - now.getTime() > CAMPAIGN_EDIT_LEAD_MS;
}

export function assertEditable(row: Pick<CampaignRow, 'status' | 'scheduledAt'>, now: Date): void {
  if (!isEditable(row, now)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409);
}

export function assertStatus(row: { status: CampaignStatus }, wanted: CampaignStatus): void {
  if (row.status === wanted) return;
  throw new AppError(wanted === 'EM_ANDAMENTO' ? 'ERR_CAMPAIGN_NOT_IN_PROGRESS' : 'ERR_CAMPAIGN_NOT_CANCELLED', 409);
}
