/**
 * The company's campaign settings: intervals and custom variables, one JSON value per key
 * (campaign_settings). Missing keys read as the defaults of the contract.
 */
import { CAMPAIGN_SETTINGS_DEFAULTS, CAMPAIGN_SETTING_KEYS, type CampaignSettings, type campaignSettingsInput } from '@atende/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import * as repo from './campaigns.repository.js';

export async function readCampaignSettings(db: Database, companyId: number): Promise<CampaignSettings> {
  const settings: CampaignSettings = { ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] };
  for (const { key, value } of await repo.settingsOf(db, companyId)) {
    if (!(CAMPAIGN_SETTING_KEYS as readonly string[]).includes(key)) continue;
    try {
      (settings as unknown as Record<string, unknown>)[key] = JSON.parse(value);
    } catch {
      // A damaged value reads as its default.
    }
  }
  return settings;
}

export async function writeCampaignSettings(db: Database, companyId: number, input: z.output<typeof campaignSettingsInput>): Promise<CampaignSettings> {
  const entries = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, value: JSON.stringify(value) }));
  await repo.saveSettings(db, companyId, entries);
  return readCampaignSettings(db, companyId);
}
