import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

/** What a browser is told about the app on every answer: the API's, the SPA's, errors too. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { CORS_ORIGINS: 'https://painel.example.com' } });
});
afterAll(() => t.close());

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('sends a Content-Security-Policy the web app runs under, and forbids framing', async () => {
    for (const res of [await t.request({ method: 'GET', url: '/' }), await t.request({ method: 'GET', url: '/api/auth/me' })]) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp['media-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://painel.example.com', 'wss://painel.example.com']);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers).not.toHaveProperty('x-powered-by');
    }
  });
});
