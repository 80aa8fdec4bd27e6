/**
 * Cross-origin access for split deployments (the web app served from another origin than the API):
 * every method the API answers, the headers its clients send, and credentials (the refresh cookie).
 * The HTTP API and the live channel share it so a client allowed on one is allowed on the other.
 */
export function crossOriginAccess(origins: string[]) {
  return {
    origin: origins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
  };
}
