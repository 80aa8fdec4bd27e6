import type { FastifyInstance } from 'fastify';

/** A registered route as the router holds it (HEAD routes Fastify adds for GET are left out). */
export interface CatalogedRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `catalogRoutes(app)`: what the API documentation lists. */
    routeCatalog: CatalogedRoute[];
  }
}

/**
 * Records every route as it is registered, so the API documentation is read from the app itself
 * and never forgets a route. Call it before any route is registered.
 */
export function catalogRoutes(app: FastifyInstance): void {
  const catalog: CatalogedRoute[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') catalog.push({ method, url: route.url });
    }
  });
}
