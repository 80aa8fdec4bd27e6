import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_MEDIA_FIELD, UPLOADS, campaignInput, campaignListQuery, campaignSettingsInput, idParam, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { readCampaignSettings, writeCampaignSettings } from './campaign-settings.js';
import { campaignsGate } from './campaigns.policy.js';
import {
  attachMedia,
  createCampaign,
  deleteCampaign,
  detachMedia,
  listCampaigns,
  loadEditable,
  moveCampaign,
  showCampaign,
  updateCampaign,
} from './campaigns.service.js';

/**
 * Campaigns and their settings. Every route needs campaigns on (plan useCampaigns and the
 * company's campaignsEnabled, as contact lists). The worker's dispatcher (campaign-dispatcher.ts)
 * sends them.
 */
export async function campaignsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const allowed = campaignsGate(ctx, guard);

  app.get('/campaigns', { preHandler: allowed }, async (request) => listCampaigns(ctx, actorOf(request), parse(campaignListQuery, request.query)));

  app.get('/campaigns/:id', { preHandler: allowed }, async (request) => showCampaign(ctx, actorOf(request), parse(idParam, request.params).id));

  app.post('/campaigns', { preHandler: allowed }, async (request) => createCampaign(ctx, actorOf(request), parse(campaignInput, request.body)));

  app.put('/campaigns/:id', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(campaignInput.partial(), request.body);
    return updateCampaign(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/campaigns/:id', { preHandler: allowed }, async (request, reply) => {
    await deleteCampaign(ctx, actorOf(request), parse(idParam, request.params).id);
    return reply.code(204).send();
  });

  app.post('/campaigns/:id/media-upload', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    await loadEditable(ctx, actorOf(request), id);
    return attachMedia(ctx, actorOf(request), id, await ctx.uploads.receiveOne(request, { field: CAMPAIGN_MEDIA_FIELD, maxBytes: UPLOADS.mediaMaxBytes }));
  });

  app.delete('/campaigns/:id/media-upload', { preHandler: allowed }, async (request) =>
    detachMedia(ctx, actorOf(request), parse(idParam, request.params).id),
  );

  app.post('/campaigns/:id/cancel', { preHandler: allowed }, async (request) =>
    moveCampaign(ctx, actorOf(request), parse(idParam, request.params).id, 'CANCELADA'),
  );

  app.post('/campaigns/:id/restart', { preHandler: allowed }, async (request) =>
    moveCampaign(ctx, actorOf(request), parse(idParam, request.params).id, 'EM_ANDAMENTO'),
  );

  app.get('/campaign-settings', { preHandler: allowed }, async (request) => ({ settings: await readCampaignSettings(ctx.db, actorOf(request).companyId) }));

  app.post('/campaign-settings', { preHandler: allowed }, async (request) => {
    const input = parse(campaignSettingsInput, request.body);
    return { settings: await writeCampaignSettings(ctx.db, actorOf(request).companyId, input) };
  });
}
