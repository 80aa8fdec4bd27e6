import type { CampaignReport } from '@atende/contract';

/** A campaign as GET /campaigns/:id answers it: inactive, one variant, list VIP on connection Vendas. */
export function campaignReport(overrides: Partial<CampaignReport> = {}): CampaignReport {
  return {
    id: 9, name: 'Natal', companyId: 1, status: 'INATIVA', confirmation: false,
    message1: 'Olá {nome}', message2: null, message3: null, message4: null, message5: null,
    confirmationMessage1: null, confirmationMessage2: null, confirmationMessage3: null, confirmationMessage4: null, confirmationMessage5: null,
    scheduledAt: null, completedAt: null, whatsappId: 2, contactListId: 4, tagListId: null, fileListId: null,
    mediaPath: null, mediaName: null, whatsapp: { id: 2, name: 'Vendas' }, contactList: { id: 4, name: 'VIP' }, tagList: null, fileList: null,
    editable: true, createdAt: '2030-05-01T10:00:00.000Z', updatedAt: '2030-05-01T10:00:00.000Z',
    counts: { validContacts: 10, shippings: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 },
    shipping: [],
    ...overrides,
  };
}
