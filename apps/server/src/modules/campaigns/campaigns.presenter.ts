import type { Campaign, CampaignShipping } from '@atende/contract';
import type { CampaignShippingRow } from '../../db/schema-campaigns.js';
import { isEditable } from './campaigns.policy.js';
import type { CampaignView } from './campaigns.repository.js';

const iso = (date: Date | string) => new Date(date).toISOString();
const isoOrNull = (date: Date | string | null) => (date ? iso(date) : null);
const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function presentCampaign(row: CampaignView, now: Date): Campaign {
  return {
    id: row.id,
    name: row.name,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    status: row.status,
    confirmation: row.confirmation,
    scheduledAt: isoOrNull(row.scheduledAt),
    completedAt: isoOrNull(row.completedAt),
    whatsappId: row.whatsappId,
    contactListId: row.contactListId,
    tagListId: row.tagListId,
    fileListId: row.fileListId,
    companyId: row.companyId,
    mediaPath: row.mediaPath ? `/api/media/${row.mediaPath}` : null,
    mediaName: row.mediaPath ? row.mediaName : null,
    whatsapp: ref(row.whatsappId, row.whatsappName),
    contactList: ref(row.contactListId, row.contactListName),
    tagList: ref(row.tagListId, row.tagListName),
    fileList: ref(row.fileListId, row.fileListName),
    editable: isEditable(row, now),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function presentShipping(row: CampaignShippingRow): CampaignShipping {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    message: row.message,
    confirmationMessage: row.confirmationMessage,
    confirmation: row.confirmation,
    confirmationRequestedAt: isoOrNull(row.confirmationRequestedAt),
    confirmedAt: isoOrNull(row.confirmedAt),
    deliveredAt: isoOrNull(row.deliveredAt),
    createdAt: iso(row.createdAt),
  };
}
