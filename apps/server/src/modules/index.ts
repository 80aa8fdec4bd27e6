import type { FastifyInstance } from 'fastify';
import type { Guards } from '../platform/authenticate.js';
import type { AppContext } from '../platform/context.js';
import { chatsRoutes } from './chats/chats.routes.js';

import { announcementsRoutes } from './announcements/announcements.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { companiesRoutes } from './companies/companies.routes.js';
import { contactListsRoutes } from './contact-lists/contact-lists.routes.js';
import { campaignsRoutes } from './campaigns/campaigns.routes.js';
import { contactsRoutes } from './contacts/contacts.routes.js';
import { helpsRoutes } from './helps/helps.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { connectionsRoutes } from './connections/connections.routes.js';
import { kanbanRoutes } from './kanban/kanban.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { messagesRoutes } from './messages/messages.routes.js';
import { passwordRecoveryRoutes } from './password-recovery/password-recovery.routes.js';
import { plansRoutes } from './plans/plans.routes.js';
import { queueOptionsRoutes } from './queues/queue-options.routes.js';
import { quickMessagesRoutes } from './quick-messages/quick-messages.routes.js';
import { schedulesRoutes } from './schedules/schedules.routes.js';
import { queuesRoutes } from './queues/queues.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { simulatorRoutes } from './simulator/simulator.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { ticketsRoutes } from './tickets/tickets.routes.js';
import { tagsRoutes } from './tags/tags.routes.js';
import { ticketNotesRoutes } from './ticket-notes/ticket-notes.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { whatsappProviderRoutes } from './webhooks/whatsapp-providers.routes.js';
import { filesRoutes } from './files/files.routes.js';
import { messagesApiRoutes } from './messages-api/messages-api.routes.js';
import { apiDocsRoutes } from './api-docs/api-docs.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { promptsRoutes } from './prompts/prompts.routes.js';
import { outgoingWebhooksRoutes } from './outgoing-webhooks/outgoing-webhooks.routes.js';
import { queueIntegrationsRoutes } from './queue-integrations/queue-integrations.routes.js';

export type ModuleRegistration = (api: FastifyInstance, ctx: AppContext, guards: Guards) => Promise<void>;

/**
 * Every feature's routes, mounted under /api by the api role. A new feature adds one line here;
 * what runs in the background or on the socket is started by the composition root (composition.ts).
 */
export const apiModules: ModuleRegistration[] = [
  (api) => systemRoutes(api),
  (api, ctx, guards) => authRoutes(api, ctx, guards),
  (api, ctx, guards) => settingsRoutes(api, ctx, guards),
  (api, ctx, guards) => usersRoutes(api, ctx, guards),
  (api, ctx, guards) => plansRoutes(api, ctx, guards),
  (api, ctx, guards) => companiesRoutes(api, ctx, guards),
  (api, ctx, guards) => queuesRoutes(api, ctx, guards),
  (api, ctx, guards) => queueOptionsRoutes(api, ctx, guards),
  (api, ctx, guards) => contactsRoutes(api, ctx, guards),
  (api, ctx, guards) => tagsRoutes(api, ctx, guards),
  (api, ctx, guards) => dashboardRoutes(api, ctx, guards),
  (api, ctx, guards) => ticketNotesRoutes(api, ctx, guards),
  (api, ctx, guards) => quickMessagesRoutes(api, ctx, guards),
  (api, ctx, guards) => schedulesRoutes(api, ctx, guards),
  (api, ctx, guards) => connectionsRoutes(api, ctx, guards),
  (api, ctx, guards) => mediaRoutes(api, ctx, guards),
  (api, ctx, guards) => simulatorRoutes(api, ctx, guards),
  (api, ctx) => whatsappProviderRoutes(api, ctx),
  (api, ctx, guards) => ticketsRoutes(api, ctx, guards),
  (api, ctx, guards) => messagesRoutes(api, ctx, guards),
  (api, ctx, guards) => kanbanRoutes(api, ctx, guards),

  (api, ctx, guards) => filesRoutes(api, ctx, guards),

  (api, ctx, guards) => chatsRoutes(api, ctx, guards),

  (api, ctx, guards) => announcementsRoutes(api, ctx, guards),
  (api, ctx, guards) => helpsRoutes(api, ctx, guards),
  (api, ctx) => passwordRecoveryRoutes(api, ctx),
  (api, ctx, guards) => contactListsRoutes(api, ctx, guards),
  (api, ctx) => messagesApiRoutes(api, ctx),
  (api) => apiDocsRoutes(api),
  (api, ctx, guards) => billingRoutes(api, ctx, guards),
  (api, ctx, guards) => campaignsRoutes(api, ctx, guards),
  (api, ctx, guards) => promptsRoutes(api, ctx, guards),
  (api, ctx, guards) => outgoingWebhooksRoutes(api, ctx, guards),
  (api, ctx, guards) => queueIntegrationsRoutes(api, ctx, guards),
];
