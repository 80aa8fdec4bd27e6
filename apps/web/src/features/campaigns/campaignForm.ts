import {
  CAMPAIGN_CONFIRMATION_FIELDS,
  CAMPAIGN_EDIT_LEAD_MS,
  CAMPAIGN_MESSAGE_FIELDS,
  V,
  requiredText,
  type Campaign,
  type CampaignConfirmationField,
  type CampaignInput,
  type CampaignMessageField,
} from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { format, isValid, parseISO } from 'date-fns';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

type Texts = Record<CampaignMessageField | CampaignConfirmationField, string>;

/** The dialog's fields as the inputs hold them: ids as strings ('' for none), time as datetime-local. */
export interface CampaignFormValues extends Texts {
  name: string;
  confirmation: boolean;
  contactListId: string;
  tagListId: string;
  whatsappId: string;
  fileListId: string;
  scheduledAt: string;
}

const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm";

const noTexts = (): Texts =>
  Object.fromEntries([...CAMPAIGN_MESSAGE_FIELDS, ...CAMPAIGN_CONFIRMATION_FIELDS].map((field) => [field, ''])) as Texts;

export function emptyCampaignForm(): CampaignFormValues {
  return { name: '', confirmation: false, contactListId: '', tagListId: '', whatsappId: '', fileListId: '', scheduledAt: '', ...noTexts() };
}

const idText = (id: number | null) => (id === null ? '' : String(id));

export function campaignToForm(campaign: Campaign): CampaignFormValues {
  const texts = noTexts();
  for (const field of [...CAMPAIGN_MESSAGE_FIELDS, ...CAMPAIGN_CONFIRMATION_FIELDS]) texts[field] = campaign[field] ?? '';
  const scheduledAt = campaign.scheduledAt ? parseISO(campaign.scheduledAt) : null;
  return {
    name: campaign.name,
    confirmation: campaign.confirmation,
    contactListId: idText(campaign.contactListId),
    tagListId: idText(campaign.tagListId),
    whatsappId: idText(campaign.whatsappId),
    fileListId: idText(campaign.fileListId),
    scheduledAt: scheduledAt && isValid(scheduledAt) ? format(scheduledAt, LOCAL_MINUTE) : '',
    ...texts,
  };
}

/**
 * A campaign may be changed only while INATIVA, or PROGRAMADA with its start more than
 * an hour away. The clock is the browser's, read when the dialog draws: the server checks again.
 */
export function isCampaignEditable(campaign: Pick<Campaign, 'status' | 'scheduledAt'> | null, now: Date = new Date()): boolean {
  if (!campaign) return true;
  if (campaign.status === 'INATIVA') return true;
  if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) return false;
  return new Date(campaign.scheduledAt).getTime() - now.getTime() > CAMPAIGN_EDIT_LEAD_MS;
}

/** The dialog keeps its save button for an editable campaign and for a cancelled one. */
export function showsSave(campaign: Pick<Campaign, 'status' | 'scheduledAt'> | null, now: Date = new Date()): boolean {
  return isCampaignEditable(campaign, now) || campaign?.status === 'CANCELADA';
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text);
const idOrNull = (id: string) => (id === '' ? null : Number(id));

/**
 * What the API takes. Empty texts go as null; the confirmation variants go only when
 * confirmation is on, so switching it off clears them. The time goes as the instant the browser
 * means, with its offset: a bare wall time would be read in the server's zone.
 */
export function toCampaignInput(values: CampaignFormValues): CampaignInput {
  const input: CampaignInput = {
    name: values.name.trim(),
    confirmation: values.confirmation,
    contactListId: idOrNull(values.contactListId),
    tagListId: idOrNull(values.tagListId),
    whatsappId: idOrNull(values.whatsappId),
    fileListId: idOrNull(values.fileListId),
    scheduledAt: values.scheduledAt ? format(new Date(values.scheduledAt), "yyyy-MM-dd'T'HH:mm:ssXXX") : null,
  };
  for (const field of CAMPAIGN_MESSAGE_FIELDS) input[field] = blankToNull(values[field]);
  for (const field of CAMPAIGN_CONFIRMATION_FIELDS) input[field] = values.confirmation ? blankToNull(values[field]) : null;
  return input;
}

/** The name's rule is the contract's (2 to 50); the rest is checked by the server. */
const campaignFormSchema = z.looseObject({
  name: requiredText(2, 50),
  scheduledAt: z.string().refine((v) => v === '' || isValid(new Date(v)), { error: V.invalid }),
});

export const campaignFormResolver = zodResolver(campaignFormSchema) as unknown as Resolver<CampaignFormValues, unknown, CampaignFormValues>;
