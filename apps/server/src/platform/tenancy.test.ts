import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS_EN } from '@atende/contract';
import { insertTicketRow } from '../test/conversation-fixtures.js';
import { ensurePlatformAdmin } from '../modules/seed/seed.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../test/harness.js';

/**
 * Every lookup by id is scoped by the caller's company. Company A's admin calls every
 * route that takes an id with company B's ids: the answer is "not found" (or "no permission" on
 * super-user routes), and B's data reads the same afterwards.
 */

interface Ids {
  companyId: number;
  adminEmail: string;
  planId: number;
  adminId: number;
  agentId: number;
  queueId: number;
  whatsappId: number;
  mediaName: string;
  contactId: number;
  ticketId: number;
  tagId: number;
  quickMessageId: number;
  ticketNoteId: number;
  queueOptionId: number;
  scheduleId: number;
  chatId: number;
  chatUuid: string;
  ticketUuid: string;
  messageId: number;
  fileListId: number;
  fileListOptionId: number;

  /** The platform's (the super user's), not B's: a company admin may read but never change them. */
  announcementId: number;
  helpId: number;
  contactListId: number;
  contactListItemId: number;
  invoiceId: number;
  campaignId: number;
  webhookId: number;
  integrationId: number;
}

interface Probe {
  /** Method and route as registered, e.g. 'GET /api/users/:id'. */
  route: string;
  url(b: Ids): string;
  body?(b: Ids): unknown;
  status: number;
  error?: string;
}

const schedules = WEEKDAYS_EN.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '23:59' }));

const PROBES: Probe[] = [
  { route: 'GET /api/invoices/:id', url: (b) => `/api/invoices/${b.invoiceId}`, status: 404, error: 'ERR_NO_INVOICE_FOUND' },
  { route: 'GET /api/users/:id', url: (b) => `/api/users/${b.agentId}`, status: 404, error: 'ERR_NO_USER_FOUND' },
  { route: 'GET /api/users/:id', url: (b) => `/api/users/${b.adminId}`, status: 404, error: 'ERR_NO_USER_FOUND' },
  {
    route: 'PUT /api/users/:id',
    url: (b) => `/api/users/${b.agentId}`,
    body: () => ({ name: 'Taken Over', email: 'taken@a.example', password: 'owned-now1', profile: 'admin' }),
    status: 404,
    error: 'ERR_NO_USER_FOUND',
  },
  { route: 'DELETE /api/users/:id', url: (b) => `/api/users/${b.agentId}`, status: 404, error: 'ERR_NO_USER_FOUND' },
  { route: 'GET /api/queue/:id', url: (b) => `/api/queue/${b.queueId}`, status: 404, error: 'ERR_NO_QUEUE_FOUND' },
  {
    route: 'PUT /api/queue/:id',
    url: (b) => `/api/queue/${b.queueId}`,
    body: () => ({ name: 'Hijacked', color: '#666666' }),
    status: 404,
    error: 'ERR_NO_QUEUE_FOUND',
  },
  { route: 'DELETE /api/queue/:id', url: (b) => `/api/queue/${b.queueId}`, status: 404, error: 'ERR_NO_QUEUE_FOUND' },
  { route: 'GET /api/companies/:id', url: (b) => `/api/companies/${b.companyId}`, status: 404, error: 'ERR_NO_COMPANY_FOUND' },
  {
    route: 'PUT /api/companies/:id',
    url: (b) => `/api/companies/${b.companyId}`,
    body: (b) => ({ name: 'Renamed B', email: 'b@a.example', planId: b.planId, dueDate: '2000-01-01', status: false }),
    status: 403,
    error: 'ERR_NO_PERMISSION',
  },
  { route: 'DELETE /api/companies/:id', url: (b) => `/api/companies/${b.companyId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  {
    route: 'PUT /api/companies/:id/schedules',
    url: (b) => `/api/companies/${b.companyId}/schedules`,
    body: () => ({ schedules }),
    status: 404,
    error: 'ERR_NO_COMPANY_FOUND',
  },
  { route: 'GET /api/companies/listPlan/:companyId', url: (b) => `/api/companies/listPlan/${b.companyId}`, status: 404, error: 'ERR_NO_COMPANY_FOUND' },
  { route: 'GET /api/plans/:id', url: (b) => `/api/plans/${b.planId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'PUT /api/plans/:id', url: (b) => `/api/plans/${b.planId}`, body: () => ({ name: 'Free for all', users: 0 }), status: 403 },
  { route: 'DELETE /api/plans/:id', url: (b) => `/api/plans/${b.planId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'GET /api/whatsapp/:id', url: (b) => `/api/whatsapp/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  {
    route: 'PUT /api/whatsapp/:id',
    url: (b) => `/api/whatsapp/${b.whatsappId}`,
    body: () => ({ name: 'Hijacked', isDefault: false, greetingMessage: 'owned' }),
    status: 404,
    error: 'ERR_NO_WAPP_FOUND',
  },
  { route: 'POST /api/whatsappsession/:id', url: (b) => `/api/whatsappsession/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { route: 'PUT /api/whatsappsession/:id', url: (b) => `/api/whatsappsession/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { route: 'DELETE /api/whatsappsession/:id', url: (b) => `/api/whatsappsession/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { route: 'DELETE /api/whatsapp/:id', url: (b) => `/api/whatsapp/${b.whatsappId}`, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { route: 'GET /api/media/:fileName', url: (b) => `/api/media/${b.mediaName}`, status: 404, error: 'ERR_NOT_FOUND' },
  // Meta's webhook is public: B's connection is no Cloud connection, so it is unknown to everyone.
  { route: 'GET /api/webhooks/whatsapp-cloud/:connectionId', url: (b) => `/api/webhooks/whatsapp-cloud/${b.whatsappId}`, status: 404 },
  { route: 'POST /api/webhooks/whatsapp-cloud/:connectionId', url: (b) => `/api/webhooks/whatsapp-cloud/${b.whatsappId}`, status: 404 },
  // Settings are addressed by key, always within the caller's company: A's change stays in A.
  { route: 'PUT /api/settings/:key', url: () => '/api/settings/userCreation', body: () => ({ value: 'disabled' }), status: 200 },
  { route: 'PUT /api/settings/:key', url: () => '/api/settings/userRating', body: () => ({ value: 'enabled' }), status: 200 },
  // Workspace data of the conversation engine: contacts, tags, quick messages, notes, queue options.
  { route: 'GET /api/contacts/:id', url: (b) => `/api/contacts/${b.contactId}`, status: 404, error: 'ERR_NO_CONTACT_FOUND' },
  {
    route: 'PUT /api/contacts/:id',
    url: (b) => `/api/contacts/${b.contactId}`,
    body: () => ({ name: 'Hijacked', number: '5511900000000', extraInfo: [] }),
    status: 404,
    error: 'ERR_NO_CONTACT_FOUND',
  },
  { route: 'DELETE /api/contacts/:id', url: (b) => `/api/contacts/${b.contactId}`, status: 404, error: 'ERR_NO_CONTACT_FOUND' },
  { route: 'GET /api/tags/:id', url: (b) => `/api/tags/${b.tagId}`, status: 404, error: 'ERR_NO_TAG_FOUND' },
  { route: 'GET /api/tags/:id/tickets', url: (b) => `/api/tags/${b.tagId}/tickets`, status: 404, error: 'ERR_NO_TAG_FOUND' },
  { route: 'PUT /api/tags/:id', url: (b) => `/api/tags/${b.tagId}`, body: () => ({ name: 'Hijacked', kanban: 1 }), status: 404, error: 'ERR_NO_TAG_FOUND' },
  { route: 'DELETE /api/tags/:id', url: (b) => `/api/tags/${b.tagId}`, status: 404, error: 'ERR_NO_TAG_FOUND' },
  { route: 'PUT /api/ticket-tags/:ticketId/:tagId', url: (b) => `/api/ticket-tags/${b.ticketId}/${b.tagId}`, status: 404, error: 'ERR_NO_TAG_FOUND' },
  { route: 'DELETE /api/ticket-tags/:ticketId', url: (b) => `/api/ticket-tags/${b.ticketId}`, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { route: 'GET /api/quick-messages/:id', url: (b) => `/api/quick-messages/${b.quickMessageId}`, status: 404, error: 'ERR_NO_QUICK_MESSAGE_FOUND' },
  {
    route: 'PUT /api/quick-messages/:id',
    url: (b) => `/api/quick-messages/${b.quickMessageId}`,
    body: () => ({ shortcode: 'hijacked', message: 'owned' }),
    status: 404,
    error: 'ERR_NO_QUICK_MESSAGE_FOUND',
  },
  { route: 'DELETE /api/quick-messages/:id', url: (b) => `/api/quick-messages/${b.quickMessageId}`, status: 404, error: 'ERR_NO_QUICK_MESSAGE_FOUND' },
  { route: 'POST /api/quick-messages/:id/media-upload', url: (b) => `/api/quick-messages/${b.quickMessageId}/media-upload`, status: 404, error: 'ERR_NO_QUICK_MESSAGE_FOUND' },
  { route: 'DELETE /api/quick-messages/:id/media-upload', url: (b) => `/api/quick-messages/${b.quickMessageId}/media-upload`, status: 404, error: 'ERR_NO_QUICK_MESSAGE_FOUND' },
  { route: 'DELETE /api/ticket-notes/:id', url: (b) => `/api/ticket-notes/${b.ticketNoteId}`, status: 404, error: 'ERR_NO_TICKET_NOTE_FOUND' },
  {
    route: 'PUT /api/queue-options/:id',
    url: (b) => `/api/queue-options/${b.queueOptionId}`,
    body: () => ({ title: 'Hijacked', message: 'owned' }),
    status: 404,
    error: 'ERR_NO_QUEUE_OPTION_FOUND',
  },
  { route: 'DELETE /api/queue-options/:id', url: (b) => `/api/queue-options/${b.queueOptionId}`, status: 404, error: 'ERR_NO_QUEUE_OPTION_FOUND' },
  { route: 'GET /api/tickets/:id', url: (b) => `/api/tickets/${b.ticketId}`, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { route: 'GET /api/tickets/u/:uuid', url: (b) => `/api/tickets/u/${b.ticketUuid}`, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { route: 'PUT /api/tickets/:id', url: (b) => `/api/tickets/${b.ticketId}`, body: () => ({ status: 'closed' }), status: 404, error: 'ERR_NO_TICKET_FOUND' },
  {
    route: 'PUT /api/tickets/:id',
    url: (b) => `/api/tickets/${b.ticketId}`,
    body: (b) => ({ action: 'transfer', queueId: b.queueId, userId: b.agentId }),
    status: 404,
    error: 'ERR_NO_TICKET_FOUND',
  },
  { route: 'DELETE /api/tickets/:id', url: (b) => `/api/tickets/${b.ticketId}`, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { route: 'GET /api/messages/:id', url: (b) => `/api/messages/${b.ticketId}`, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { route: 'GET /api/messages/u/:uuid', url: (b) => `/api/messages/u/${b.ticketUuid}`, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { route: 'POST /api/messages/:id', url: (b) => `/api/messages/${b.ticketId}`, body: () => ({ body: 'owned' }), status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { route: 'PUT /api/messages/:id', url: (b) => `/api/messages/${b.messageId}`, body: () => ({ body: 'owned' }), status: 404, error: 'ERR_NOT_FOUND' },
  { route: 'DELETE /api/messages/:id', url: (b) => `/api/messages/${b.messageId}`, status: 404, error: 'ERR_NOT_FOUND' },
  { route: 'GET /api/schedules/:id', url: (b) => `/api/schedules/${b.scheduleId}`, status: 404, error: 'ERR_NO_SCHEDULE_FOUND' },
  {
    route: 'PUT /api/schedules/:id',
    url: (b) => `/api/schedules/${b.scheduleId}`,
    body: () => ({ body: 'Hijacked text', sendAt: '2030-01-01T00:00:00Z' }),
    status: 404,
    error: 'ERR_NO_SCHEDULE_FOUND',
  },
  { route: 'DELETE /api/schedules/:id', url: (b) => `/api/schedules/${b.scheduleId}`, status: 404, error: 'ERR_NO_SCHEDULE_FOUND' },
  { route: 'POST /api/schedules/:id/media-upload', url: (b) => `/api/schedules/${b.scheduleId}/media-upload`, status: 404, error: 'ERR_NO_SCHEDULE_FOUND' },
  { route: 'DELETE /api/schedules/:id/media-upload', url: (b) => `/api/schedules/${b.scheduleId}/media-upload`, status: 404, error: 'ERR_NO_SCHEDULE_FOUND' },
  { route: 'GET /api/files/:id', url: (b) => `/api/files/${b.fileListId}`, status: 404, error: 'ERR_NO_FILE_LIST_FOUND' },
  { route: 'PUT /api/files/:id', url: (b) => `/api/files/${b.fileListId}`, body: () => ({ name: 'Hijacked', message: 'owned', options: [] }), status: 404, error: 'ERR_NO_FILE_LIST_FOUND' },
  { route: 'DELETE /api/files/:id', url: (b) => `/api/files/${b.fileListId}`, status: 404, error: 'ERR_NO_FILE_LIST_FOUND' },
  { route: 'POST /api/files/uploadList/:id', url: (b) => `/api/files/uploadList/${b.fileListId}`, status: 404, error: 'ERR_NO_FILE_LIST_FOUND' },

  // Internal chat: another company's chat is not found, by id or by uuid.
  { route: 'GET /api/chats/:id', url: (b) => `/api/chats/${b.chatId}`, status: 404, error: 'ERR_NO_CHAT_FOUND' },
  { route: 'GET /api/chats/:id', url: (b) => `/api/chats/${b.chatUuid}`, status: 404, error: 'ERR_NO_CHAT_FOUND' },
  { route: 'PUT /api/chats/:id', url: (b) => `/api/chats/${b.chatId}`, body: () => ({ title: 'Hijacked' }), status: 404, error: 'ERR_NO_CHAT_FOUND' },
  { route: 'DELETE /api/chats/:id', url: (b) => `/api/chats/${b.chatId}`, status: 404, error: 'ERR_NO_CHAT_FOUND' },
  { route: 'POST /api/chats/:id/read', url: (b) => `/api/chats/${b.chatId}/read`, status: 404, error: 'ERR_NO_CHAT_FOUND' },
  { route: 'GET /api/chats/:id/messages', url: (b) => `/api/chats/${b.chatId}/messages`, status: 404, error: 'ERR_NO_CHAT_FOUND' },
  { route: 'POST /api/chats/:id/messages', url: (b) => `/api/chats/${b.chatId}/messages`, body: () => ({ message: 'Cross message' }), status: 404, error: 'ERR_NO_CHAT_FOUND' },

  { route: 'GET /api/announcements/:id', url: (b) => `/api/announcements/${b.announcementId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'PUT /api/announcements/:id', url: (b) => `/api/announcements/${b.announcementId}`, body: () => ({ title: 'Hijacked' }), status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'DELETE /api/announcements/:id', url: (b) => `/api/announcements/${b.announcementId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'POST /api/announcements/:id/media-upload', url: (b) => `/api/announcements/${b.announcementId}/media-upload`, status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'DELETE /api/announcements/:id/media-upload', url: (b) => `/api/announcements/${b.announcementId}/media-upload`, status: 403, error: 'ERR_NO_PERMISSION' },
  // The public image path serves announcements' images only, never a company's media.
  { route: 'GET /api/announcements/media/:fileName', url: (b) => `/api/announcements/media/${b.mediaName}`, status: 404, error: 'ERR_NOT_FOUND' },
  // Help videos are everyone's to watch: reading one is allowed, changing it is the super user's.
  { route: 'GET /api/helps/:id', url: (b) => `/api/helps/${b.helpId}`, status: 200 },
  { route: 'PUT /api/helps/:id', url: (b) => `/api/helps/${b.helpId}`, body: () => ({ title: 'Hijacked' }), status: 403, error: 'ERR_NO_PERMISSION' },
  { route: 'DELETE /api/helps/:id', url: (b) => `/api/helps/${b.helpId}`, status: 403, error: 'ERR_NO_PERMISSION' },
  // Public recovery: B's admin's password changes only with the code mailed to B's admin (no SMTP here).
  { route: 'POST /api/forgetpassword/:email', url: (b) => `/api/forgetpassword/${encodeURIComponent(b.adminEmail)}`, status: 503, error: 'ERR_RECOVERY_NOT_CONFIGURED' },
  {
    route: 'POST /api/resetpasswords/:email/:token/:password',
    url: (b) => `/api/resetpasswords/${encodeURIComponent(b.adminEmail)}/000000/Tomada123`,
    status: 400,
    error: 'ERR_INVALID_RECOVERY_CODE',
  },
  { route: 'GET /api/contact-lists/:id', url: (b) => `/api/contact-lists/${b.contactListId}`, status: 404, error: 'ERR_NO_CONTACT_LIST_FOUND' },
  { route: 'PUT /api/contact-lists/:id', url: (b) => `/api/contact-lists/${b.contactListId}`, body: () => ({ name: 'Hijacked' }), status: 404, error: 'ERR_NO_CONTACT_LIST_FOUND' },
  { route: 'DELETE /api/contact-lists/:id', url: (b) => `/api/contact-lists/${b.contactListId}`, status: 404, error: 'ERR_NO_CONTACT_LIST_FOUND' },
  { route: 'POST /api/contact-lists/:id/upload', url: (b) => `/api/contact-lists/${b.contactListId}/upload`, status: 404, error: 'ERR_NO_CONTACT_LIST_FOUND' },
  { route: 'GET /api/contact-list-items/:id', url: (b) => `/api/contact-list-items/${b.contactListItemId}`, status: 404, error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' },
  {
    route: 'PUT /api/contact-list-items/:id',
    url: (b) => `/api/contact-list-items/${b.contactListItemId}`,
    body: () => ({ name: 'Hijacked', number: '5511900000001' }),
    status: 404,
    error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND',
  },
  { route: 'DELETE /api/contact-list-items/:id', url: (b) => `/api/contact-list-items/${b.contactListItemId}`, status: 404, error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' },
  { route: 'GET /api/campaigns/:id', url: (b) => `/api/campaigns/${b.campaignId}`, status: 404, error: 'ERR_NO_CAMPAIGN_FOUND' },
  { route: 'PUT /api/campaigns/:id', url: (b) => `/api/campaigns/${b.campaignId}`, body: () => ({ name: 'Hijacked' }), status: 404, error: 'ERR_NO_CAMPAIGN_FOUND' },
  { route: 'DELETE /api/campaigns/:id', url: (b) => `/api/campaigns/${b.campaignId}`, status: 404, error: 'ERR_NO_CAMPAIGN_FOUND' },
  { route: 'POST /api/campaigns/:id/media-upload', url: (b) => `/api/campaigns/${b.campaignId}/media-upload`, status: 404, error: 'ERR_NO_CAMPAIGN_FOUND' },
  { route: 'DELETE /api/campaigns/:id/media-upload', url: (b) => `/api/campaigns/${b.campaignId}/media-upload`, status: 404, error: 'ERR_NO_CAMPAIGN_FOUND' },
  { route: 'POST /api/campaigns/:id/cancel', url: (b) => `/api/campaigns/${b.campaignId}/cancel`, status: 404, error: 'ERR_NO_CAMPAIGN_FOUND' },
  { route: 'POST /api/campaigns/:id/restart', url: (b) => `/api/campaigns/${b.campaignId}/restart`, status: 404, error: 'ERR_NO_CAMPAIGN_FOUND' },
  { route: 'PUT /api/webhook-subscriptions/:id', url: (b) => `/api/webhook-subscriptions/${b.webhookId}`, body: () => ({ active: false }), status: 404, error: 'ERR_NO_WEBHOOK_FOUND' },
  { route: 'DELETE /api/webhook-subscriptions/:id', url: (b) => `/api/webhook-subscriptions/${b.webhookId}`, status: 404, error: 'ERR_NO_WEBHOOK_FOUND' },
  { route: 'POST /api/webhook-subscriptions/:id/secret', url: (b) => `/api/webhook-subscriptions/${b.webhookId}/secret`, status: 404, error: 'ERR_NO_WEBHOOK_FOUND' },
  { route: 'POST /api/webhook-subscriptions/:id/test', url: (b) => `/api/webhook-subscriptions/${b.webhookId}/test`, status: 404, error: 'ERR_NO_WEBHOOK_FOUND' },
  { route: 'GET /api/webhook-subscriptions/:id/deliveries', url: (b) => `/api/webhook-subscriptions/${b.webhookId}/deliveries`, status: 404, error: 'ERR_NO_WEBHOOK_FOUND' },
  { route: 'GET /api/queueIntegration/:id', url: (b) => `/api/queueIntegration/${b.integrationId}`, status: 404, error: 'ERR_NO_INTEGRATION_FOUND' },
  { route: 'PUT /api/queueIntegration/:id', url: (b) => `/api/queueIntegration/${b.integrationId}`, body: () => ({ name: 'Hijacked' }), status: 404, error: 'ERR_NO_INTEGRATION_FOUND' },
  { route: 'DELETE /api/queueIntegration/:id', url: (b) => `/api/queueIntegration/${b.integrationId}`, status: 404, error: 'ERR_NO_INTEGRATION_FOUND' },
];

/**
 * Path prefixes whose routes with an id must all be probed above. A module joins by adding its
 * prefix and its probes; once every module has, this list can go and the check cover all routes.
 */
const GUARDED = [
  '/api/users/', '/api/queue/', '/api/companies/', '/api/plans/', '/api/settings/',
  '/api/whatsapp/', '/api/whatsappsession/', '/api/media/', '/api/webhooks/', '/api/simulator/',
  '/api/contacts/', '/api/tags/', '/api/ticket-tags/', '/api/quick-messages/', '/api/ticket-notes/', '/api/queue-options/',
  '/api/tickets/', '/api/messages/', '/api/schedules/', '/api/files/', '/api/chats/', '/api/announcements/', '/api/helps/',
  '/api/forgetpassword/', '/api/resetpasswords/', '/api/contact-lists/', '/api/contact-list-items/', '/api/invoices/',
  '/api/forgetpassword/', '/api/resetpasswords/', '/api/contact-lists/', '/api/contact-list-items/', '/api/campaigns/',
  '/api/webhook-subscriptions/',
  '/api/queueIntegration/',
];

/** Ids of B sent inside bodies: refused as invalid fields, never linked. */
const BODY_PROBES: Array<Omit<Probe, 'route'> & { method: 'POST' | 'PUT' }> = [
  {
    method: 'POST',
    url: () => '/api/users',
    body: (b) => ({ name: 'Cross Link', email: 'cross@a.example', password: 'secret123', queueIds: [b.queueId] }),
    status: 400,
    error: 'ERR_VALIDATION',
  },
  {
    method: 'POST',
    url: () => '/api/whatsapp',
    body: (b) => ({ name: 'Cross Link', queueIds: [b.queueId] }),
    status: 400,
    error: 'ERR_VALIDATION',
  },
  { method: 'POST', url: () => '/api/tags/sync', body: (b) => ({ ticketId: b.ticketId, tags: [] }), status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { method: 'POST', url: () => '/api/tags/sync', body: (b) => ({ ticketId: b.ticketId, tags: [{ id: b.tagId }] }), status: 400, error: 'ERR_VALIDATION' },
  {
    method: 'POST',
    url: () => '/api/ticket-notes',
    body: (b) => ({ note: 'Cross note', ticketId: b.ticketId, contactId: b.contactId }),
    status: 404,
    error: 'ERR_NO_TICKET_FOUND',
  },
  { method: 'POST', url: () => '/api/queue-options', body: (b) => ({ queueId: b.queueId, title: 'Cross option' }), status: 404, error: 'ERR_NO_QUEUE_FOUND' },
  { method: 'POST', url: () => '/api/schedules', body: (b) => ({ body: 'Cross schedule', contactId: b.contactId, sendAt: '2030-01-01T00:00:00Z' }), status: 404, error: 'ERR_NO_CONTACT_FOUND' },
  { method: 'POST', url: () => '/api/files', body: (b) => ({ name: 'Cross list', message: 'x', options: [{ id: b.fileListOptionId, name: 'Taken' }] }), status: 400, error: 'ERR_VALIDATION' },

  { method: 'POST', url: () => '/api/chats', body: (b) => ({ title: 'Cross chat', users: [{ id: b.agentId }] }), status: 400, error: 'ERR_VALIDATION' },
  {
    method: 'POST',
    url: () => '/api/subscription',
    body: (b) => ({ firstName: 'Cross', address2: 'Rua B', city: 'Recife', zipcode: '50000', country: 'BR', invoiceId: b.invoiceId }),
    status: 404,
    error: 'ERR_NO_INVOICE_FOUND',
  },
  {
    method: 'POST',
    url: () => '/api/contact-list-items',
    body: (b) => ({ name: 'Cross item', number: '5511900000002', contactListId: b.contactListId }),
    status: 404,
    error: 'ERR_NO_CONTACT_LIST_FOUND',
  },
  { method: 'POST', url: () => '/api/campaigns', body: (b) => ({ name: 'Cross campaign', contactListId: b.contactListId }), status: 404, error: 'ERR_NO_CONTACT_LIST_FOUND' },
  { method: 'POST', url: () => '/api/campaigns', body: (b) => ({ name: 'Cross campaign', whatsappId: b.whatsappId }), status: 404, error: 'ERR_NO_WAPP_FOUND' },
  { method: 'POST', url: () => '/api/campaigns', body: (b) => ({ name: 'Cross campaign', tagListId: b.tagId }), status: 404, error: 'ERR_NO_TAG_FOUND' },
  { method: 'POST', url: () => '/api/campaigns', body: (b) => ({ name: 'Cross campaign', fileListId: b.fileListId }), status: 404, error: 'ERR_NO_FILE_LIST_FOUND' },
  { method: 'POST', url: () => '/api/queue', body: (b) => ({ name: 'Cross queue', color: '#acacac', integrationId: b.integrationId }), status: 400, error: 'ERR_VALIDATION' },
  { method: 'POST', url: () => '/api/whatsapp', body: (b) => ({ name: 'Cross integration', integrationId: b.integrationId }), status: 400, error: 'ERR_VALIDATION' },
];

/** B's ids in query strings: not found, never B's rows. */
const QUERY_PROBES: Array<Omit<Probe, 'route' | 'body'>> = [
  { url: (b) => `/api/ticket-notes/list?ticketId=${b.ticketId}`, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  { url: (b) => `/api/queue-options?queueId=${b.queueId}`, status: 404, error: 'ERR_NO_QUEUE_FOUND' },
  { url: (b) => `/api/contact-list-items?contactListId=${b.contactListId}`, status: 404, error: 'ERR_NO_CONTACT_LIST_FOUND' },
];

/** 'METHOD /path' of every registered route with a path parameter (read from Fastify's route tree). */
function routesWithParams(t: TestApp): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('');
    if (!match[3] || !path.includes(':')) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

/** One request by its method's name, as the route tree lists it. */
function call(client: ApiClient, method: string, url: string, body?: unknown) {
  if (method === 'GET') return client.get(url);
  if (method === 'DELETE') return client.delete(url);
  return method === 'PUT' ? client.put(url, body) : client.post(url, body);
}

let t: TestApp;
let a: TestCompany;
let adminA: ApiClient;
let adminB: ApiClient;
let b: Ids;

/** Everything B's admin can read about B. */
async function snapshotOfB() {
  const reads = [
    '/api/users',
    '/api/users/list',
    `/api/users/${b.agentId}`,
    `/api/users/${b.adminId}`,
    '/api/queue',
    `/api/queue/${b.queueId}`,
    `/api/companies/${b.companyId}`,
    `/api/companies/listPlan/${b.companyId}`,
    '/api/settings',
    '/api/whatsapp',
    `/api/whatsapp/${b.whatsappId}`,
    '/api/contacts',
    `/api/contacts/${b.contactId}`,
    '/api/tags',
    `/api/tags/${b.tagId}`,
    `/api/tags/${b.tagId}/tickets`,
    '/api/quick-messages/list',
    `/api/quick-messages/${b.quickMessageId}`,
    `/api/ticket-notes/list?ticketId=${b.ticketId}`,
    `/api/queue-options?queueId=${b.queueId}`,
    `/api/tickets/${b.ticketId}`,
    `/api/tickets/u/${b.ticketUuid}`,
    `/api/messages/${b.ticketId}`,
    `/api/messages/u/${b.ticketUuid}`,
    `/api/schedules/${b.scheduleId}`,
    `/api/files/${b.fileListId}`,

    `/api/chats/${b.chatId}`,
    `/api/chats/${b.chatId}/messages`,

    '/api/announcements',
    `/api/helps/${b.helpId}`,
    `/api/contact-lists/${b.contactListId}`,
    `/api/contact-list-items?contactListId=${b.contactListId}`,
    '/api/invoices/all',
    `/api/invoices/${b.invoiceId}`,
    `/api/campaigns/${b.campaignId}`,
    '/api/campaign-settings',
    '/api/webhook-subscriptions',
    `/api/webhook-subscriptions/${b.webhookId}/deliveries`,
    `/api/queueIntegration/${b.integrationId}`,
  ];
  const answers = await Promise.all(reads.map((url) => adminB.get(url)));
  for (const res of answers) expect(res.statusCode).toBe(200);
  return answers.map((res) => res.json());
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  a = await t.createCompany();
  const companyB = await t.createCompany({ dueDate: '2999-01-01' });
  adminA = t.as(await t.login(a.email, a.password));
  adminB = t.as(await t.login(companyB.email, companyB.password));
  await adminA.post('/api/queue', { name: 'Fila A', color: '#aaaaaa' });
  const queueId = (await adminB.post('/api/queue', { name: 'Fila B', color: '#bbbbbb' })).json().id;
  const agent = await adminB.post('/api/users', { name: 'Agent B', email: 'agent@b.example', password: 'secret123', queueIds: [queueId] });
  expect((await adminB.put(`/api/companies/${companyB.companyId}/schedules`, { schedules })).statusCode).toBe(200);
  const whatsappId = (await adminB.post('/api/whatsapp', { name: 'Conexão B', queueIds: [queueId] })).json().id;
  const mediaName = await t.ctx.media.save(companyB.companyId, { data: Buffer.from('B only'), mimeType: 'image/png' });
  const contactId = (await adminB.post('/api/contacts', { name: 'Contato B', number: '5511987650000' })).json().id;
  const ticketId = (await insertTicketRow(t.database.db, companyB.companyId, { contactId, queueId, whatsappId })).id;
  const tagId = (await adminB.post('/api/tags', { name: 'Etiqueta B', kanban: 1 })).json().id;
  expect((await adminB.post('/api/tags/sync', { ticketId, tags: [{ id: tagId }] })).statusCode).toBe(200);
  const quickMessageId = (await adminB.post('/api/quick-messages', { shortcode: 'b', message: 'B only' })).json().id;
  const ticketNoteId = (await adminB.post('/api/ticket-notes', { note: 'Nota B', ticketId, contactId })).json().id;
  const queueOptionId = (await adminB.post('/api/queue-options', { queueId, title: 'Opção B' })).json().id;
  const scheduleId = (await adminB.post('/api/schedules', { body: 'Agendada B', contactId, ticketId, sendAt: '2999-01-01T00:00:00Z' })).json().id;
  const ticketUuid = (await adminB.get(`/api/tickets/${ticketId}`)).json().uuid;
  const fileList = (await adminB.post('/api/files', { name: 'Arquivos B', message: 'B only', options: [{ name: 'Arquivo B' }] })).json();

  const chat = (await adminB.post('/api/chats', { title: 'Chat B', users: [{ id: agent.json().id }] })).json();
  expect((await adminB.post(`/api/chats/${chat.id}/messages`, { message: 'B only' })).statusCode).toBe(200);

  await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
  const root = t.as(await t.login(t.config.adminEmail, t.config.adminPassword));
  const announcementId = (await root.post('/api/announcements', { title: 'Aviso', text: 'Para todos' })).json().id;
  const helpId = (await root.post('/api/helps', { title: 'Ajuda', video: 'aBcDeFgHiJk' })).json().id;
  const contactListId = (await adminB.post('/api/contact-lists', { name: 'Lista B' })).json().id;
  const contactListItemId = (await adminB.post('/api/contact-list-items', { name: 'Contato da lista B', number: '5511987650000', contactListId })).json().id;
  const invoice = await t.database.db
    .insertInto('invoices')
    .values({ companyId: companyB.companyId, detail: 'Fatura B', value: 10, dueDate: '2998-12-31' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const campaignId = (await adminB.post('/api/campaigns', { name: 'Campanha B', message1: 'Olá', contactListId })).json().id;
  const integrationId = (await adminB.post('/api/queueIntegration', { type: 'webhook', name: 'Integração B', urlN8N: 'http://b.example/hook' })).json().id;
  const message = await t.database.db
    .insertInto('messages')
    .values({ companyId: companyB.companyId, ticketId, contactId, whatsappId, fromMe: true, userId: companyB.adminId, body: 'B only', delivery: 'sent', sentAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const webhook = await t.database.db
    .insertInto('webhookSubscriptions')
    .values({ companyId: companyB.companyId, url: 'https://hooks.b.example/atende', events: JSON.stringify(['ticket.created']), secret: 'whsec_b_only' })
    .returning('id')
    .executeTakeFirstOrThrow();
  b = {
    companyId: companyB.companyId,
    adminEmail: companyB.email,
    planId: companyB.planId,
    adminId: companyB.adminId,
    agentId: agent.json().id,
    queueId,
    whatsappId,
    mediaName,
    contactId,
    ticketId,
    tagId,
    quickMessageId,
    ticketNoteId,
    queueOptionId,
    scheduleId,
    chatId: chat.id,
    chatUuid: chat.uuid,
    ticketUuid,
    messageId: Number(message.id),
    fileListId: fileList.id,
    fileListOptionId: fileList.options[0].id,

    announcementId,
    helpId,
    contactListId,
    contactListItemId,
    invoiceId: invoice.id,
    campaignId,
    webhookId: webhook.id,
    integrationId,
  };
});
afterAll(() => t.close());

describe('tenancy', () => {
  it('covers every route that takes an id in the modules it guards', () => {
    const probed = [...new Set(PROBES.map((p) => p.route))].sort();
    const registered = [...new Set(routesWithParams(t))].filter((route) => GUARDED.some((prefix) => route.split(' ')[1].startsWith(prefix))).sort();
    // A new route with an id in these modules fails here until it gets a probe; a stale probe fails too.
    expect(registered, 'routes with an id must each have a tenancy probe in PROBES').toEqual(probed);
  });

  it("company A's admin cannot read or change company B through B's ids", async () => {
    const before = await snapshotOfB();
    for (const probe of PROBES) {
      const url = probe.url(b);
      const res = await call(adminA, probe.route.split(' ')[0], url, probe.body?.(b));
      expect(res.statusCode, `${probe.route} -> ${url}`).toBe(probe.status);
      if (probe.error) expect(res.json().error, `${probe.route} -> ${url}`).toBe(probe.error);
    }
    for (const probe of BODY_PROBES) {
      const res = probe.method === 'POST' ? await adminA.post(probe.url(b), probe.body?.(b)) : await adminA.put(probe.url(b), probe.body?.(b));
      expect(res.statusCode, `${probe.method} ${probe.url(b)}`).toBe(probe.status);
      expect(res.json().error).toBe(probe.error);
    }
    for (const probe of QUERY_PROBES) {
      const res = await adminA.get(probe.url(b));
      expect(res.statusCode, probe.url(b)).toBe(probe.status);
      expect(res.json().error).toBe(probe.error);
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it("company A's own edits cannot pull in B's queues", async () => {
    const mine = (await adminA.post('/api/users', { name: 'Agent A', email: 'agent@a.example', password: 'secret123' })).json();
    const res = await adminA.put(`/api/users/${mine.id}`, { name: 'Agent A', email: 'agent@a.example', queueIds: [b.queueId] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { queueIds: 'invalid' } });
  });

  it("company A's lists never show B's rows", async () => {
    const users = (await adminA.get('/api/users')).json().users as Array<{ companyId: number }>;
    const list = (await adminA.get('/api/users/list')).json() as Array<{ companyId: number }>;
    expect([...users, ...list].every((u) => u.companyId === a.companyId)).toBe(true);
    const queues = (await adminA.get('/api/queue')).json() as Array<{ id: number }>;
    expect(queues.map((q) => q.id)).not.toContain(b.queueId);
    const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
    expect(ids((await adminA.get('/api/contacts')).json().contacts)).not.toContain(b.contactId);
    expect(ids((await adminA.get('/api/contacts/list')).json())).not.toContain(b.contactId);
    expect((await adminA.get('/api/contacts/export')).payload).not.toContain('Contato B');
    expect(ids((await adminA.get('/api/tags/list')).json())).not.toContain(b.tagId);
    expect(ids((await adminA.get('/api/tags/kanban')).json().lista)).not.toContain(b.tagId);
    expect(ids((await adminA.get('/api/ticket/kanban')).json().tickets)).not.toContain(b.ticketId);
    expect(ids((await adminA.get('/api/quick-messages/list')).json())).not.toContain(b.quickMessageId);
    expect(ids((await adminA.get('/api/files')).json().files)).not.toContain(b.fileListId);
    expect(ids((await adminA.get('/api/files/list')).json())).not.toContain(b.fileListId);
    expect(ids((await adminA.get('/api/invoices/all')).json().invoices)).not.toContain(b.invoiceId);
  });
});

describe('ids beyond what the database holds', () => {
  it('are bad input on every route that takes one, never a server error', async () => {
    const huge = '99999999999';
    for (const route of routesWithParams(t)) {
      const [method, path] = route.split(' ');
      const url = path.replace(/:\w+/g, huge);
      const res = await call(adminA, method, url, {});
      expect(res.statusCode, `${route} -> ${url}: ${res.payload}`).toBeLessThan(500);
    }
  });
});
