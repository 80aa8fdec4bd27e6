import type { FastifyInstance } from 'fastify';
import { buildOpenApi, type OpenApiDocument } from './api-docs.openapi.js';
import { renderDocsPage } from './api-docs.page.js';

const VERSION = '6.0.0';

/**
 * The API's own documentation, public like any API reference: `/api/docs/openapi.json` (OpenAPI
 * 3.1, generated from the routes the app registered and the contract's schemas) and `/api/docs`.
 * Built once, on first request, when every route is registered.
 */
export async function apiDocsRoutes(app: FastifyInstance) {
  let doc: OpenApiDocument | null = null;
  let page: string | null = null;
  const document = () => (doc ??= buildOpenApi(app.routeCatalog, VERSION));

  app.get('/docs/openapi.json', async () => document());
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send((page ??= renderDocsPage(document()))));
}
