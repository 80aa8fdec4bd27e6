import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.js';

/** The websocket form of an http(s) origin: the live channel connects there. */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The usual protective headers and a Content-Security-Policy the built web app runs under: its
 * own scripts only; inline styles (MUI's emotion writes them); images and media from the app,
 * data: and blob: (previews, recorded voice notes) and, for images, https (WhatsApp profile
 * pictures live on WhatsApp's servers); requests and the socket to this origin and the configured
 * CORS origins; frames from YouTube's privacy-enhanced player only (the help gallery). Nobody may
 * frame the app.
 */
export function securityHeaders(config: Pick<Config, 'corsOrigins' | 'publicUrl'>): FastifyHelmetOptions {
  const origins = [...config.corsOrigins, ...(config.publicUrl ? [new URL(config.publicUrl).origin] : [])];
  const https = Boolean(config.publicUrl?.startsWith('https:'));
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...origins, ...origins.map(socketOrigin)],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only where the app is served over https: on plain http it would break every request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Sent only when the app is reached over https (browsers ignore it on plain http anyway).
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}
