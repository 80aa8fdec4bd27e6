import type { z } from 'zod';
import { PAGE_SIZE, type Announcement, type AnnouncementEventPayload, type AnnouncementListQuery, type AnnouncementPage, type announcementInput } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { StoredMedia } from '../../platform/media.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { seesInactive, verifiedImageType } from './announcements.policy.js';
import { presentAnnouncement } from './announcements.presenter.js';
import * as repo from './announcements.repository.js';

type AnnouncementFields = z.output<typeof announcementInput>;

export const noAnnouncement = () => notFound('ERR_NO_ANNOUNCEMENT_FOUND');

/**
 * Announcements are for everyone: each company hears the change in its own room (never a room
 * shared between companies). The event carries the id only, and clients refetch what they may see.
 */
async function announce(ctx: AppContext, payload: AnnouncementEventPayload) {
  for (const companyId of await repo.allCompanyIds(ctx.db)) ctx.live.toCompany(companyId, 'announcement', payload);
}

async function load(ctx: AppContext, id: number) {
  const row = await repo.findAnnouncement(ctx.db, id);
  if (!row) throw noAnnouncement();
  return row;
}

export async function listAnnouncements(ctx: AppContext, actor: Actor, query: AnnouncementListQuery): Promise<AnnouncementPage> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfAnnouncements(ctx.db, { search: query.searchParam, activeOnly: query.activeOnly || !seesInactive(actor), limit, offset });
  return { records: rows.map(presentAnnouncement), count, hasMore: offset + rows.length < count };
}

export async function showAnnouncement(ctx: AppContext, id: number): Promise<Announcement> {
  return presentAnnouncement(await load(ctx, id));
}

export async function createAnnouncement(ctx: AppContext, input: AnnouncementFields): Promise<Announcement> {
  const now = ctx.clock.now();
  const row = await repo.insertAnnouncement(ctx.db, { ...input, createdAt: now, updatedAt: now });
  await announce(ctx, { action: 'create', announcementId: row.id });
  return presentAnnouncement(row);
}

/** Fields not sent keep their value. */
export async function updateAnnouncement(ctx: AppContext, id: number, input: Partial<AnnouncementFields>): Promise<Announcement> {
  const row = await repo.updateAnnouncementRow(ctx.db, id, { ...input, updatedAt: ctx.clock.now() });
  if (!row) throw noAnnouncement();
  await announce(ctx, { action: 'update', announcementId: id });
  return presentAnnouncement(row);
}

export async function deleteAnnouncement(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deleteAnnouncementRow(ctx.db, id))) throw noAnnouncement();
  await announce(ctx, { action: 'delete', announcementId: id });
}

/**
 * The image, checked (announcements.policy) and kept with an unguessable name in the uploader's
 * company media (and its quota); it replaces any previous one, which is then no longer served.
 */
export async function attachImage(ctx: AppContext, actor: Actor, id: number, file: UploadedFile): Promise<Announcement> {
  await load(ctx, id);
  const mimeType = await verifiedImageType(file);
  const stored = await ctx.uploads.keep(actor.companyId, { ...file, mimeType });
  const row = await repo.updateAnnouncementRow(ctx.db, id, { mediaPath: stored, mediaName: file.fileName, mediaCompanyId: actor.companyId, updatedAt: ctx.clock.now() });
  if (!row) throw noAnnouncement();
  await announce(ctx, { action: 'update', announcementId: id });
  return presentAnnouncement(row);
}

export async function detachImage(ctx: AppContext, id: number): Promise<Announcement> {
  const row = await repo.updateAnnouncementRow(ctx.db, id, { mediaPath: null, mediaName: null, mediaCompanyId: null, updatedAt: ctx.clock.now() });
  if (!row) throw noAnnouncement();
  await announce(ctx, { action: 'update', announcementId: id });
  return presentAnnouncement(row);
}

/** The image of an announcement, for anyone who has its name; null for any other name. */
export async function announcementImage(ctx: AppContext, fileName: string): Promise<StoredMedia | null> {
  const row = await repo.findByMediaPath(ctx.db, fileName);
  if (!row?.mediaPath || row.mediaCompanyId === null) return null;
  return ctx.media.read(row.mediaCompanyId, row.mediaPath);
}
