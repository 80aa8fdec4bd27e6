import type { Contact } from '@atende/contract';

/** A contact as the server answers it, for the contacts tests. */
export const contact = (overrides: Partial<Contact> = {}): Contact => ({
  id: 5,
  name: 'Maria Lima',
  number: '5511988887777',
  email: 'maria@acme.test',
  profilePicUrl: '',
  isGroup: false,
  lid: null,
  extraInfo: [],
  whatsappId: null,
  whatsapp: null,
  active: true,
  companyId: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
