import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.js';

/** The built web app as the server hands it to browsers. */
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'atende-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'start-AbC123xy.js'), 'export {};');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

it('keeps the build\'s content-named chunks for good, the page itself never without asking, and the rest for an hour', async () => {
  const chunk = await t.request({ method: 'GET', url: '/assets/start-AbC123xy.js' });
  expect(chunk.statusCode).toBe(200);
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

  const page = await t.request({ method: 'GET', url: '/tickets/5f0c7a52-8d0e-4a43-9d0e-3c3b3b3b3b3b' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<div id="root">');
  expect(page.headers['cache-control']).toBe('no-cache');

  const icon = await t.request({ method: 'GET', url: '/favicon.svg' });
  expect(icon.headers['cache-control']).toBe('public, max-age=3600');

  const missing = await t.request({ method: 'GET', url: '/assets/gone-Zz999999.js' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ error: 'ERR_NOT_FOUND' });
});
