import { z } from 'zod';
import {
  announcementInput, campaignInput, campaignSettingsInput, chatInput, pixNotificationInput, subscriptionInput, chatMessageInput, companyCreateInput, companyInput, companySchedulesInput, connectionInput,
  connectionSessionInput, connectionUpdateInput, contactInput, contactListInput, externalMessageInput, fileListInput, helpInput,
  listContactInput, listQuery, loginInput, messageEditInput, messageSendInput, planInput, queueInput, queueOptionInput,
  quickMessageInput, scheduleInput, scheduleListQuery, settingUpdate, signupInput, simulatorCallInput, simulatorFaultInput,
  simulatorMessageInput, tagInput, tagSyncInput, ticketCreateInput, ticketListQuery, ticketNoteInput, ticketNoteListQuery,
  ticketUpdateInput, userCreateInput, userUpdateInput, promptInput, webhookSubscriptionInput, webhookSubscriptionUpdate, queueIntegrationInput, queueIntegrationListQuery, queueIntegrationTestInput,
} from '@atende/contract';

/** What a route reads besides its path parameters (those come from the path itself). */
export interface RouteContract {
  /** A JSON body, the contract's schema. */
  body?: z.ZodType;
  /** A multipart body: its text fields and the name of its file field. */
  multipart?: { fields?: z.ZodType; files: string; many?: boolean };
  query?: z.ZodType;
  /** A POST or PUT that reads no body (an action on the addressed record). */
  noBody?: true;
}

const page = z.object({ pageNumber: z.coerce.number().int().min(1).optional() });

/**
 * The contract schema of each route that reads a body or a query, by `METHOD /api/path` as the
 * router holds it. The document is generated from these schemas; `api-docs.test.ts` fails when a
 * route that may take a body is missing here, so a new route cannot go undocumented.
 */
export const ROUTE_CONTRACTS: Record<string, RouteContract> = {
  'POST /api/auth/login': { body: loginInput },
  'POST /api/auth/refresh_token': { noBody: true },
  'DELETE /api/auth/logout': { noBody: true },
  'GET /api/plans': { query: listQuery },
  'POST /api/plans': { body: planInput },
  'PUT /api/plans/:id': { body: planInput.partial() },
  'POST /api/companies/cadastro': { body: signupInput },
  'GET /api/companies': { query: listQuery },
  'POST /api/companies': { body: companyCreateInput },
  'PUT /api/companies/:id': { body: companyInput.partial() },
  'PUT /api/companies/:id/schedules': { body: companySchedulesInput },
  'GET /api/users': { query: listQuery },
  'POST /api/users': { body: userCreateInput },
  'PUT /api/users/:id': { body: userUpdateInput },
  'PUT /api/settings/:key': { body: settingUpdate },
  'GET /api/queue-options': { query: z.object({ queueId: z.string().optional(), parentId: z.string().optional() }) },
  'POST /api/queue': { body: queueInput },
  'PUT /api/queue/:id': { body: queueInput },
  'POST /api/queue-options': { body: queueOptionInput },
  'PUT /api/queue-options/:id': { body: queueOptionInput.partial() },
  'GET /api/contacts': { query: listQuery },
  'POST /api/contacts': { body: contactInput },
  'PUT /api/contacts/:id': { body: contactInput.partial() },
  'POST /api/contacts/import': { noBody: true },
  'GET /api/tags': { query: listQuery },
  'POST /api/tags': { body: tagInput },
  'PUT /api/tags/:id': { body: tagInput.partial() },
  'POST /api/tags/sync': { body: tagSyncInput },
  'PUT /api/ticket-tags/:ticketId/:tagId': { noBody: true },
  'GET /api/ticket-notes/list': { query: ticketNoteListQuery },
  'POST /api/ticket-notes': { body: ticketNoteInput },
  'GET /api/quick-messages': { query: listQuery },
  'POST /api/quick-messages': { body: quickMessageInput },
  'PUT /api/quick-messages/:id': { body: quickMessageInput.partial() },
  'POST /api/quick-messages/:id/media-upload': { multipart: { files: 'file' } },
  'GET /api/schedules': { query: scheduleListQuery },
  'POST /api/schedules': { body: scheduleInput },
  'PUT /api/schedules/:id': { body: scheduleInput.partial() },
  'POST /api/schedules/:id/media-upload': { multipart: { files: 'file' } },
  'POST /api/whatsapp': { body: connectionInput },
  'PUT /api/whatsapp/:id': { body: connectionUpdateInput },
  'POST /api/whatsappsession/:id': { body: connectionSessionInput },
  'PUT /api/whatsappsession/:id': { body: connectionSessionInput },
  'POST /api/simulator/connections/:whatsappId/scan': { noBody: true },
  'POST /api/simulator/connections/:whatsappId/new-qr': { noBody: true },
  'POST /api/simulator/messages': { body: simulatorMessageInput },
  'POST /api/simulator/calls': { body: simulatorCallInput },
  'POST /api/simulator/faults': { body: simulatorFaultInput },
  'GET /api/tickets': { query: ticketListQuery },
  'POST /api/tickets': { body: ticketCreateInput },
  'PUT /api/tickets/:id': { body: ticketUpdateInput },
  'GET /api/messages/:id': { query: page },
  'GET /api/messages/u/:uuid': { query: page },
  'POST /api/messages/:id': { body: messageSendInput, multipart: { fields: z.object({ body: z.string().optional(), idempotencyKey: z.string().optional(), quotedMsg: z.string().optional() }), files: 'medias', many: true } },
  'PUT /api/messages/:id': { body: messageEditInput },
  'GET /api/files': { query: listQuery },
  'POST /api/files': { body: fileListInput },
  'PUT /api/files/:id': { body: fileListInput.partial() },
  'POST /api/files/uploadList/:id': { multipart: { fields: z.object({ fileId: z.string() }), files: 'files' } },
  'GET /api/chats/:id/messages': { query: page },
  'POST /api/chats': { body: chatInput },
  'PUT /api/chats/:id': { body: chatInput.partial() },
  'POST /api/chats/:id/read': { noBody: true },
  'POST /api/chats/:id/messages': { body: chatMessageInput },
  'POST /api/announcements': { body: announcementInput },
  'PUT /api/announcements/:id': { body: announcementInput.partial() },
  'POST /api/announcements/:id/media-upload': { multipart: { files: 'file' } },
  'GET /api/helps': { query: listQuery },
  'POST /api/helps': { body: helpInput },
  'PUT /api/helps/:id': { body: helpInput.partial() },
  'POST /api/forgetpassword/:email': { noBody: true },
  'POST /api/resetpasswords/:email/:token/:password': { noBody: true },
  'GET /api/contact-lists': { query: listQuery },
  'POST /api/contact-lists': { body: contactListInput },
  'PUT /api/contact-lists/:id': { body: contactListInput.partial() },
  'POST /api/contact-lists/:id/upload': { multipart: { files: 'file' } },
  'POST /api/contact-list-items': { body: listContactInput },
  'PUT /api/contact-list-items/:id': { body: listContactInput.partial() },
  /** Meta's webhook: its JSON payload, verified by X-Hub-Signature-256 over the raw bytes. */
  'POST /api/webhooks/whatsapp-cloud/:connectionId': { body: z.looseObject({ object: z.string(), entry: z.array(z.unknown()) }) },
  'POST /api/messages/send': { body: externalMessageInput, multipart: { fields: externalMessageInput, files: 'medias', many: true } },
  'POST /api/subscription': { body: subscriptionInput },
  /** A PSP's Pix notification (API Pix), verified by the shared secret header and re-read. */
  'POST /api/subscription/webhook/pix': { body: pixNotificationInput },
  'POST /api/campaigns': { body: campaignInput },
  'PUT /api/campaigns/:id': { body: campaignInput.partial() },
  'POST /api/campaigns/:id/media-upload': { multipart: { files: 'file' } },
  'POST /api/campaigns/:id/cancel': { noBody: true },
  'POST /api/campaigns/:id/restart': { noBody: true },
  'POST /api/campaign-settings': { body: campaignSettingsInput },
  'POST /api/prompt': { body: promptInput },
  'PUT /api/prompt/:id': { body: promptInput.partial() },
  'POST /api/webhook-subscriptions': { body: webhookSubscriptionInput },
  'PUT /api/webhook-subscriptions/:id': { body: webhookSubscriptionUpdate },
  'POST /api/webhook-subscriptions/:id/secret': { noBody: true },
  'POST /api/webhook-subscriptions/:id/test': { noBody: true },
  'GET /api/queueIntegration': { query: queueIntegrationListQuery },
  'POST /api/queueIntegration': { body: queueIntegrationInput },
  'PUT /api/queueIntegration/:id': { body: queueIntegrationInput.partial() },
  'POST /api/queueIntegration/testSession': { body: queueIntegrationTestInput },
};
