import { can, isSuper, planAllows, type Permission, type PermissionSubject, type PlanFeature, type PlanFlags } from '@atende/contract';

/** Who may open a page or see its menu entry. All given conditions must hold. */
export interface AccessRule {
  permission?: Permission;
  /** Plan flag that switches the page on. */
  feature?: PlanFeature;
  superOnly?: boolean;
  /**
   * The campaign pages: the plan must allow campaigns and the company must have them switched on
   * (setting campaignsEnabled, kept as the browser flag cshow at login). See `campaignsAllowed`.
   */
  campaigns?: boolean;
  /** Only while the server runs the WhatsApp simulator (GET /simulator/status). */
  simulator?: boolean;
}

export interface AccessContext {
  user: PermissionSubject | null;
  plan: Partial<PlanFlags> | null;
  campaignFlag: boolean;
  /** The server answered that its simulator is on; false while unknown. */
  simulator?: boolean;
  /** A demo server lets everyone play the simulated phone, not only those with simulator:use. */
  simulatorForEveryone?: boolean;
}

export function isAllowed(rule: AccessRule | undefined, ctx: AccessContext): boolean {
  if (!rule) return true;
  if (rule.permission && !can(ctx.user, rule.permission) && !(rule.simulator && ctx.simulatorForEveryone)) return false;
  if (rule.superOnly && !isSuper(ctx.user)) return false;
  if (rule.feature && !planAllows(ctx.plan, rule.feature)) return false;
  if (rule.campaigns && !campaignsAllowed(ctx)) return false;
  if (rule.simulator && !ctx.simulator) return false;
  return true;
}

/**
 * The menu rule reads "plan allows campaigns, or cshow". The server refuses every campaign call
 * when the plan lacks useCampaigns (ERR_PLAN_FEATURE_DISABLED), and campaignsEnabled defaults to
 * 'true', so cshow alone would offer pages that can only fail. Both must hold here: the plan
 * grants the feature, the company setting (cshow) can still switch it off.
 */
export function campaignsAllowed(ctx: AccessContext): boolean {
  return planAllows(ctx.plan, 'useCampaigns') && ctx.campaignFlag;
}

const admin: AccessRule = { permission: 'drawer-admin-items:view' };

/** The access rule of every gated private route; the menu uses the same rules. */
export const ACCESS = {
  dashboard: { permission: 'dashboard:view' },
  kanban: { feature: 'useKanban' },
  schedules: { feature: 'useSchedules' },
  chats: { feature: 'useInternalChat' },
  admin,
  campaigns: { ...admin, campaigns: true },
  announcements: { ...admin, superOnly: true },
  prompts: { ...admin, feature: 'useOpenAi' },
  queueIntegration: { ...admin, feature: 'useIntegrations' },
  messagesApi: { ...admin, feature: 'useExternalApi' },
  simulator: { permission: 'simulator:use', simulator: true },
} as const satisfies Record<string, AccessRule>;
