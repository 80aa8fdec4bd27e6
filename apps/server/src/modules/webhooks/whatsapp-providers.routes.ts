import type { FastifyInstance } from 'fastify';
import { findProviderDefinition, type ProviderDefinition, type ProviderRouteContext } from '../../channels/whatsapp/registry.js';
import type { AppContext } from '../../platform/context.js';

/**
 * The HTTP routes WhatsApp providers bring along (the Cloud API's webhook), mounted from their
 * definitions. A provider's routes only ever see connections that use that provider.
 */
export async function whatsappProviderRoutes(app: FastifyInstance, ctx: AppContext) {
  const { registry } = ctx.sessions;
  const contextOf = (definition: ProviderDefinition): ProviderRouteContext => ({
    async connection(connectionId) {
      const row = await ctx.db.selectFrom('whatsapps').select(['id', 'provider', 'providerConfig']).where('id', '=', connectionId).executeTakeFirst();
      if (!row || findProviderDefinition(row.provider) !== definition) return undefined;
      return { id: row.id, config: row.providerConfig ?? {} };
    },
    session: (connectionId) => ctx.sessions.session(connectionId),
  });
  for (const definition of registry.definitions) {
    if (definition.routes) await definition.routes.register(app, contextOf(definition));
  }
}
