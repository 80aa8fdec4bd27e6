import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CampaignStatus } from '@atende/contract';

/** Tables of campaigns (migration 0024); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CampaignsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmationMessage1: string | null;
  confirmationMessage2: string | null;
  confirmationMessage3: string | null;
  confirmationMessage4: string | null;
  confirmationMessage5: string | null;
  status: ColumnType<CampaignStatus, CampaignStatus | undefined, CampaignStatus>;
  confirmation: ColumnType<boolean, boolean | undefined, boolean>;
  scheduledAt: NullableTime;
  completedAt: NullableTime;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CampaignShippingsTable {
  id: Generated<number>;
  companyId: number;
  campaignId: number;
  number: string;
  name: ColumnType<string, string | undefined, string>;
  email: ColumnType<string, string | undefined, string>;
  contactId: number | null;
  ticketId: number | null;
  message: string | null;
  confirmationMessage: string | null;
  confirmation: boolean | null;
  confirmationRequestedAt: NullableTime;
  confirmedAt: NullableTime;
  deliveredAt: NullableTime;
  claimedBy: string | null;
  claimedAt: NullableTime;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CampaignPacingTable {
  whatsappId: number;
  nextSendAt: Timestamp;
  sends: ColumnType<number, number | undefined, number>;
}

export interface CampaignSettingsTable {
  companyId: number;
  key: string;
  /** JSON. */
  value: string;
}

export interface CampaignTables {
  campaigns: CampaignsTable;
  campaignShippings: CampaignShippingsTable;
  campaignPacing: CampaignPacingTable;
  campaignSettings: CampaignSettingsTable;
}

export type CampaignRow = Selectable<CampaignsTable>;
export type CampaignShippingRow = Selectable<CampaignShippingsTable>;
