import {
  SECRET_SETTING_KEYS,
  SETTINGS,
  SETTING_KEYS,
  isSettingKey,
  isValidSettingValue,
  type SettingEntry,
  type SettingKey,
} from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { listStoredSettings, upsertSetting } from './settings.repository.js';

/**
 * Settings are read on hot paths (every inbound message), so each company's are cached: dropped
 * at once on this node when changed, and kept at most CACHE_TTL_MS so other nodes catch up.
 */
const CACHE_TTL_MS = 10_000;
const cache = new Map<number, { values: Map<SettingKey, string>; readAt: number }>();

/** Every setting key with its stored value or its default. */
export async function companySettings(db: Database, companyId: number): Promise<Map<SettingKey, string>> {
  const cached = cache.get(companyId);
  if (cached && Date.now() - cached.readAt < CACHE_TTL_MS) return cached.values;
  const values = new Map<SettingKey, string>(SETTING_KEYS.map((k) => [k, SETTINGS[k].default]));
  for (const { key, value } of await listStoredSettings(db, companyId)) {
    if (isSettingKey(key)) values.set(key, value);
  }
  cache.set(companyId, { values, readAt: Date.now() });
  return values;
}

export async function settingValue(db: Database, companyId: number, key: SettingKey): Promise<string> {
  return (await companySettings(db, companyId)).get(key)!;
}

/** Settings as a list; secrets only for admins. */
export async function listSettings(db: Database, actor: Pick<Actor, 'companyId' | 'profile'>): Promise<SettingEntry[]> {
  const values = await companySettings(db, actor.companyId);
  return [...values]
    .filter(([key]) => actor.profile === 'admin' || !SECRET_SETTING_KEYS.includes(key))
    .map(([key, value]) => ({ key, value }));
}

/** Settings the platform owns for each company (campaigns are sold by it): the super user's alone. */
const PLATFORM_OWNED: readonly SettingKey[] = ['campaignsEnabled'];

export async function updateSetting(ctx: AppContext, actor: Actor, key: string, value: string): Promise<SettingEntry> {
  if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
  if (PLATFORM_OWNED.includes(key) && !actor.super) throw new AppError('ERR_NO_PERMISSION', 403);
  if (!isValidSettingValue(key, value)) throw new AppError('ERR_INVALID_SETTING_VALUE', 400);
  await writeSetting(ctx.db, actor.companyId, key, value, ctx.clock.now());
  const setting = { key, value };
  if (!SECRET_SETTING_KEYS.includes(key)) ctx.live.toCompany(actor.companyId, 'settings', { action: 'update', setting });
  return setting;
}

/** Writes a setting and drops the company's cached copy. */
export async function writeSetting(db: Database, companyId: number, key: SettingKey, value: string, now: Date) {
  await upsertSetting(db, companyId, key, value, now);
  cache.delete(companyId);
}

/** Forget cached settings (a company was deleted, or tests reset the database). */
export function forgetSettings(companyId?: number) {
  if (companyId === undefined) cache.clear();
  else cache.delete(companyId);
}
