import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import { settingValue } from '../settings/settings.service.js';

/**
 * Contact lists feed campaigns, so they follow the campaigns' gate: the plan must allow them
 * (useCampaigns, ERR_PLAN_FEATURE_DISABLED) and the platform must not have switched them off for
 * the company (setting campaignsEnabled, the web's cshow flag; ERR_CAMPAIGNS_DISABLED).
 * Deleting a list's contact needs contacts-page:deleteContact, like deleting a contact.
 */
export function campaignsGate(ctx: AppContext, guard: Guards): preHandlerAsyncHookHandler[] {
  const switchedOn = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if ((await settingValue(ctx.db, actor.companyId, 'campaignsEnabled')) !== 'true') throw forbidden('ERR_CAMPAIGNS_DISABLED');
  };
  return [...guard.planFeature('useCampaigns'), switchedOn];
}
