import type { z } from 'zod';
import {
  CAMPAIGN_REPORT_MAX_SHIPPINGS,
  PAGE_SIZE,
  V,
  isWallTime,
  type Campaign,
  type CampaignEventPayload,
  type CampaignPage,
  type CampaignReport,
  type ListQuery,
  type campaignInput,
} from '@atende/contract';
import type { Updateable } from 'kysely';
import type { CampaignRow, CampaignsTable } from '../../db/schema-campaigns.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { COMPANY_TIME_ZONE } from '../messages/message-templates.js';
import { assertEditable, assertStatus } from './campaigns.policy.js';
import { presentCampaign, presentShipping } from './campaigns.presenter.js';
import * as repo from './campaigns.repository.js';

type CampaignFields = Partial<z.output<typeof campaignInput>>;

const noCampaign = () => notFound('ERR_NO_CAMPAIGN_FOUND');

export function announceCampaign(ctx: AppContext, companyId: number, payload: CampaignEventPayload): void {
  ctx.live.toCompany(companyId, 'campaign', payload);
}

async function load(ctx: AppContext, companyId: number, id: number) {
  const row = await repo.findCampaign(ctx.db, companyId, id);
  if (!row) throw noCampaign();
  return row;
}

async function announceCurrent(ctx: AppContext, companyId: number, id: number, action: 'create' | 'update'): Promise<Campaign> {
  const record = presentCampaign(await load(ctx, companyId, id), ctx.clock.now());
  announceCampaign(ctx, companyId, { action, record });
  return record;
}

/** Wall time 'YYYY-MM-DD HH:mm:ss' read in the company's zone; an ISO instant as it is. */
export function scheduledInstant(value: string, timeZone = COMPANY_TIME_ZONE): Date {
  if (!isWallTime(value)) return new Date(value);
  const [day, time] = value.split(/[ T]/) as [string, string];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm, ss);
  // The zone's offset at that moment (checked twice: a DST change between guess and answer).
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(instant))
        .map((p) => [p.type, p.value]),
    );
    return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - instant;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

/** The references are the company's; an audience is a list or a tag, not both. */
async function assertReferences(ctx: AppContext, companyId: number, fields: CampaignFields) {
  assertOneAudience({ contactListId: fields.contactListId ?? null, tagListId: fields.tagListId ?? null });
  const refs = [
    ['whatsapps', fields.whatsappId, 'ERR_NO_WAPP_FOUND'],
    ['contactLists', fields.contactListId, 'ERR_NO_CONTACT_LIST_FOUND'],
    ['tags', fields.tagListId, 'ERR_NO_TAG_FOUND'],
    ['fileLists', fields.fileListId, 'ERR_NO_FILE_LIST_FOUND'],
  ] as const;
  for (const [table, id, error] of refs) {
    if (id != null && !(await repo.exists(ctx.db, table, companyId, id))) throw notFound(error);
  }
}

/** The row's values from the fields sent; the status follows scheduledAt (PROGRAMADA when set). */
function valuesOf(fields: CampaignFields, now: Date): Updateable<CampaignsTable> {
  const { scheduledAt, ...rest } = fields;
  const values: Updateable<CampaignsTable> = { ...rest, updatedAt: now };
  if (scheduledAt !== undefined) values.scheduledAt = scheduledAt === null ? null : scheduledInstant(scheduledAt);
  return values;
}

/** Scheduling needs somebody to write to, a connection and something to say. */
type Draft = Omit<CampaignRow, 'id' | 'createdAt' | 'updatedAt' | 'status' | 'completedAt'>;

function statusFor(row: Draft): 'INATIVA' | 'PROGRAMADA' {
  if (row.scheduledAt === null) return 'INATIVA';
  const messages = [row.message1, row.message2, row.message3, row.message4, row.message5].some((m) => m !== null);
  if ((row.contactListId === null && row.tagListId === null) || row.whatsappId === null || !messages) throw new AppError('ERR_CAMPAIGN_INCOMPLETE', 400);
  return 'PROGRAMADA';
}

function assertOneAudience(merged: { contactListId: number | null; tagListId: number | null }) {
  if (merged.contactListId !== null && merged.tagListId !== null) throw new AppError('ERR_VALIDATION', 400, { fields: { tagListId: V.invalid } });
}

export async function listCampaigns(ctx: AppContext, actor: Actor, query: ListQuery): Promise<CampaignPage> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfCampaigns(ctx.db, actor.companyId, { search: query.searchParam, limit, offset });
  const now = ctx.clock.now();
  return { records: rows.map((row) => presentCampaign(row, now)), count, hasMore: offset + rows.length < count };
}

export async function showCampaign(ctx: AppContext, actor: Actor, id: number): Promise<CampaignReport> {
  const row = await load(ctx, actor.companyId, id);
  const [validContacts, counts, shipping] = await Promise.all([
    repo.validContactsOf(ctx.db, row),
    repo.shippingCounts(ctx.db, actor.companyId, id),
    repo.shippingsOf(ctx.db, actor.companyId, id, CAMPAIGN_REPORT_MAX_SHIPPINGS),
  ]);
  return { ...presentCampaign(row, ctx.clock.now()), counts: { validContacts, ...counts }, shipping: shipping.map(presentShipping) };
}

export async function createCampaign(ctx: AppContext, actor: Actor, fields: z.output<typeof campaignInput>): Promise<Campaign> {
  const now = ctx.clock.now();
  await assertReferences(ctx, actor.companyId, fields);
  const values = valuesOf(fields, now);
  const row = {
    companyId: actor.companyId,
    name: fields.name,
    confirmation: fields.confirmation,
    message1: null, message2: null, message3: null, message4: null, message5: null,
    confirmationMessage1: null, confirmationMessage2: null, confirmationMessage3: null, confirmationMessage4: null, confirmationMessage5: null,
    scheduledAt: null, whatsappId: null, contactListId: null, tagListId: null, fileListId: null, mediaPath: null, mediaName: null,
    ...values,
  } as unknown as Draft;
  assertOneAudience(row);
  const { id } = await repo.insertCampaign(ctx.db, { ...row, status: statusFor(row), createdAt: now, updatedAt: now });
  return announceCurrent(ctx, actor.companyId, id, 'create');
}

/** Changes in one transaction that locks the row, so the dispatcher never starts a half-edited campaign. */
export async function updateCampaign(ctx: AppContext, actor: Actor, id: number, fields: CampaignFields): Promise<Campaign> {
  const now = ctx.clock.now();
  await assertReferences(ctx, actor.companyId, fields);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockCampaign(trx, actor.companyId, id);
    if (!current) throw noCampaign();
    assertEditable(current, now);
    const values = valuesOf(fields, now);
    const merged = { ...current, ...values } as unknown as CampaignRow;
    assertOneAudience(merged);
    values.status = statusFor(merged);
    await repo.updateCampaignRow(trx, actor.companyId, id, values);
  });
  return announceCurrent(ctx, actor.companyId, id, 'update');
}

export async function deleteCampaign(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!(await repo.deleteCampaignRow(ctx.db, actor.companyId, id))) throw noCampaign();
  announceCampaign(ctx, actor.companyId, { action: 'delete', campaignId: id });
}

/** Checked before an upload is read. */
export async function loadEditable(ctx: AppContext, actor: Actor, id: number) {
  const row = await load(ctx, actor.companyId, id);
  assertEditable(row, ctx.clock.now());
  return row;
}

export async function attachMedia(ctx: AppContext, actor: Actor, id: number, file: UploadedFile): Promise<Campaign> {
  await loadEditable(ctx, actor, id);
  const stored = await ctx.uploads.keep(actor.companyId, file);
  return updateMedia(ctx, actor, id, { mediaPath: stored, mediaName: file.fileName });
}

export function detachMedia(ctx: AppContext, actor: Actor, id: number): Promise<Campaign> {
  return updateMedia(ctx, actor, id, { mediaPath: null, mediaName: null });
}

async function updateMedia(ctx: AppContext, actor: Actor, id: number, media: { mediaPath: string | null; mediaName: string | null }) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockCampaign(trx, actor.companyId, id);
    if (!current) throw noCampaign();
    assertEditable(current, now);
    await repo.updateCampaignRow(trx, actor.companyId, id, { ...media, updatedAt: now });
  });
  return announceCurrent(ctx, actor.companyId, id, 'update');
}

/** Cancel (in progress only) and restart (cancelled only): the dispatcher reads the status before every send. */
export async function moveCampaign(ctx: AppContext, actor: Actor, id: number, to: 'CANCELADA' | 'EM_ANDAMENTO'): Promise<Campaign> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockCampaign(trx, actor.companyId, id);
    if (!current) throw noCampaign();
    assertStatus(current, to === 'CANCELADA' ? 'EM_ANDAMENTO' : 'CANCELADA');
    await repo.updateCampaignRow(trx, actor.companyId, id, { status: to, updatedAt: now });
  });
  return announceCurrent(ctx, actor.companyId, id, 'update');
}
