/**
 * One source of truth for who may do what. The server's guards and the web's visibility both
 * read these rules, so the menu never offers what the API refuses.
 */
import type { PlanFeature } from './plans.js';

export const PROFILES = ['admin', 'user', 'supervisor'] as const;
export type Profile = (typeof PROFILES)[number];

/** Named checks and the profiles that pass them. */
export const PERMISSIONS = {
  'dashboard:view': ['admin'],
  'drawer-admin-items:view': ['admin'],
  'tickets-manager:showall': ['admin'],
  'user-modal:editProfile': ['admin'],
  'user-modal:editQueues': ['admin'],
  'users:manage': ['admin'],
  'ticket-options:deleteTicket': ['admin'],
  'ticket-options:transferToUser': ['admin', 'supervisor'],
  'ticket:peek': ['admin'],
  'contacts-page:deleteContact': ['admin'],
  'connections-page:addConnection': ['admin'],
  'connections-page:actionButtons': ['admin'],
  'connections-page:editOrDeleteConnection': ['admin'],
  'tag:kanbanSwitch': ['admin', 'supervisor'],
  'settings:edit': ['admin'],
  'queues:manage': ['admin'],
  /** Change or delete quick messages and ticket notes written by someone else. */
  'quick-messages:manageOthers': ['admin'],
  'ticket-notes:deleteOthers': ['admin'],
  /** Play customers and inject faults on the simulated WhatsApp network. */
  'simulator:use': ['admin'],
  /** The company's file lists (/files), which campaigns send. */
  'files:manage': ['admin'],
  /** The company's invoices and their Pix checkout (/financeiro). */
  'billing:pay': ['admin'],
  /** The company's AI prompts (/prompts), with their API keys. */
  'prompts:manage': ['admin'],
  /** The company's outgoing webhooks (Settings > Webhooks); also needs the plan's useExternalApi. */
  'webhooks:manage': ['admin'],
  /** The company's queue integrations (/queue-integration): Typebot, n8n, webhook, Dialogflow. */
  'queue-integrations:manage': ['admin'],
} as const satisfies Record<string, readonly Profile[]>;

export type Permission = keyof typeof PERMISSIONS;

export interface PermissionSubject {
  profile: Profile;
  super?: boolean;
}

export function can(subject: PermissionSubject | null | undefined, permission: Permission): boolean {
  if (!subject) return false;
  return (PERMISSIONS[permission] as readonly Profile[]).includes(subject.profile);
}

export function isSuper(subject: PermissionSubject | null | undefined): boolean {
  return Boolean(subject?.super);
}

/** Pages a plan flag switches on (the menu entry is hidden and the API refuses). */
export const FEATURE_ROUTES: Record<PlanFeature, readonly string[]> = {
  useCampaigns: ['/campaigns', '/contact-lists', '/campaigns-config', '/campaign'],
  useKanban: ['/kanban'],
  useOpenAi: ['/prompts'],
  useIntegrations: ['/queue-integration'],
  useSchedules: ['/schedules'],
  useInternalChat: ['/chats'],
  useExternalApi: ['/messages-api'],
};

export type PlanFlags = Record<PlanFeature, boolean>;

export function planAllows(plan: Partial<PlanFlags> | null | undefined, feature: PlanFeature): boolean {
  return Boolean(plan?.[feature]);
}
