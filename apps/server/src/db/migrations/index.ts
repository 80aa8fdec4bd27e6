import type { Migration } from 'kysely/migration';
import * as foundation from './0001_foundation.js';
import * as planNames from './0002_plan_names.js';
import * as connections from './0003_connections.js';
import * as conversations from './0004_conversations.js';
import * as dashboard from './0005_dashboard.js';
import * as ticketTimers from './0006_ticket_timers.js';
import * as ticketListIndexes from './0007_ticket_list_indexes.js';
import * as ticketSearch from './0008_ticket_search.js';
import * as schedules from './0009_schedules.js';
import * as connectionTasks from './0010_connection_tasks.js';
import * as ticketSearchRecent from './0011_ticket_search_recent.js';
import * as ticketSearchTriggers from './0012_ticket_search_triggers.js';
import * as ticketSearchWords from './0013_ticket_search_words.js';
import * as dropTicketSearchWords from './0014_drop_ticket_search_words.js';
import * as ticketSearchFoldOnClose from './0015_ticket_search_fold_on_close.js';
import * as connectionNextRetry from './0016_connection_next_retry.js';
import * as chats from './0018_chats.js';
import * as announcements from './0019_announcements.js';
import * as files from './0020_files.js';
import * as platform from './0021_platform.js';
import * as contactLists from './0022_contact_lists.js';
import * as mediaQuotaAndQuickMessageStatus from './0023_media_quota_and_quick_message_status.js';
import * as campaigns from './0024_campaigns.js';
import * as connectionIntegration from './0026_connection_integration.js';
import * as billing from './0025_billing.js';
import * as prompts from './0027_prompts.js';
import * as outgoingWebhooks from './0028_outgoing_webhooks.js';
import * as queueIntegrations from './0030_queue_integrations.js';

/**
 * Migrations in order. Listed statically (not read from disk) so the compiled server and the
 * tests run the very same set. Name each `NNNN_<feature>` and never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_plan_names': planNames,
  '0003_connections': connections,
  '0004_conversations': conversations,
  '0005_dashboard': dashboard,
  '0006_ticket_timers': ticketTimers,
  '0007_ticket_list_indexes': ticketListIndexes,
  '0008_ticket_search': ticketSearch,
  '0009_schedules': schedules,
  '0010_connection_tasks': connectionTasks,
  '0011_ticket_search_recent': ticketSearchRecent,
  '0012_ticket_search_triggers': ticketSearchTriggers,
  '0013_ticket_search_words': ticketSearchWords,
  '0014_drop_ticket_search_words': dropTicketSearchWords,
  '0015_ticket_search_fold_on_close': ticketSearchFoldOnClose,
  '0016_connection_next_retry': connectionNextRetry,
  '0018_chats': chats,
  '0019_announcements': announcements,
  '0020_files': files,
  '0021_platform': platform,
  '0022_contact_lists': contactLists,
  '0023_media_quota_and_quick_message_status': mediaQuotaAndQuickMessageStatus,
  '0024_campaigns': campaigns,
  '0025_billing': billing,
  '0026_connection_integration': connectionIntegration,
  '0027_prompts': prompts,
  '0028_outgoing_webhooks': outgoingWebhooks,
  '0030_queue_integrations': queueIntegrations,
};
