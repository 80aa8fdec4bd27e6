/**
 * `npm run screenshots`: every page of the web app at a laptop's 1366×768 and a phone's 390×844,
 * as PNGs in screenshots/<width>/<page>.png, to look at before calling a screen done.
 *
 * It builds the product, starts the built server on a fresh data folder exactly as the browser
 * journeys do (e2e/global-setup.ts: the seeded demo company, the simulator, a known super user),
 * signs in as the demo admin for every private page of apps/web/src/pageTable.tsx (the super user
 * for those only the super user may open) and also shows the login, signup and password pages.
 *
 *   npm run screenshots                     build, then every page at both widths
 *   npm run screenshots -- --no-build       reuse the current build
 *   npm run screenshots -- --only tickets   only the pages whose name holds the text
 *
 * SCREENSHOTS_PORT (default 8186) is the server's port; CHROMIUM_PATH the browser.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ADMIN, SUPER } from '../e2e/support/api';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.SCREENSHOTS_PORT || 8186);
const base = `http://127.0.0.1:${port}`;
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : '';
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const out = join(root, 'screenshots');

interface Shot {
  /** The file's name. */
  name: string;
  path: string;
}

/**
 * The private pages, read from the page table itself so a new page is never forgotten: each
 * `path` (parameters filled by `fill`), and whether its access rule is the super user's alone.
 */
function privatePages(): { path: string; superOnly: boolean }[] {
  const table = readFileSync(join(root, 'apps/web/src/pageTable.tsx'), 'utf8');
  const access = readFileSync(join(root, 'apps/web/src/features/shell/access.ts'), 'utf8');
  const superRules = new Set([...access.matchAll(/^\s+(\w+): \{[^}]*superOnly: true/gm)].map((m) => m[1]));
  return [...table.matchAll(/\{ path: '([^']+)'[^\n]*/g)].map((m) => {
    const rule = /access: ACCESS\.(\w+)/.exec(m[0])?.[1];
    return { path: m[1], superOnly: Boolean(rule && superRules.has(rule)) };
  });
}

const nameOf = (path: string) => (path === '/' ? 'dashboard' : path.replace(/^\//, '').replace(/\/:?\w*Id\b/g, '').replace(/\//g, '-'));

/** GET on the API with the session the page holds (a second login would end the page's session). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api${p}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return res.json();
  }, path);
}

/** Pages with an id in their address get one of the demo company's, or are left out when it has none. */
async function fill(page: Page, path: string): Promise<Shot[]> {
  const name = nameOf(path);
  if (path === '/tickets') {
    const open = await apiGet<{ tickets: { uuid: string }[] }>(page, '/tickets?status=open&showAll=true&pageNumber=1');
    return [{ name, path }, ...(open.tickets?.[0] ? [{ name: 'tickets-open', path: `/tickets/${open.tickets[0].uuid}` }] : [])];
  }
  if (path === '/campaign/:campaignId/report') {
    const list = await apiGet<{ records?: { id: number }[] }>(page, '/campaigns?pageNumber=1');
    return list.records?.[0] ? [{ name: 'campaign-report', path: `/campaign/${list.records[0].id}/report` }] : [];
  }
  if (path === '/contact-lists/:contactListId/contacts') {
    const lists = await apiGet<{ id: number }[]>(page, '/contact-lists/list');
    return Array.isArray(lists) && lists[0] ? [{ name: 'contact-list-contacts', path: `/contact-lists/${lists[0].id}/contacts` }] : [];
  }
  return [{ name, path }];
}

/** What the page shows once its requests are answered and nothing spins. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(() => !document.querySelector('[role="progressbar"]'), undefined, { timeout: 5_000 })
    .catch(() => {});
  // Transitions (the drawer, dialogs fading in) end.
  await page.waitForTimeout(300);
}

async function shoot(page: Page, width: number, shot: Shot) {
  if (only && !shot.name.includes(only)) return;
  await page.goto(`${base}${shot.path}`);
  await settled(page);
  const file = join(out, String(width), `${shot.name}.png`);
  await page.screenshot({ path: file });
  // A page wider than the screen scrolls sideways: the commonest way a layout breaks on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  console.log(`${width} ${shot.name.padEnd(24)} ${shot.path}${overflow > 0 ? `  (${overflow} px wider than the screen)` : ''}`);
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  // On a phone the side menu is closed: the address tells the sign-in is done.
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function run(browser: Browser) {
  const pages = privatePages();
  for (const viewport of VIEWPORTS) {
    mkdirSync(join(out, String(viewport.width)), { recursive: true });
    for (const [who, superOnly] of [[DEMO_ADMIN, false], [SUPER, true]] as const) {
      const context = await browser.newContext({ viewport, locale: 'pt-BR', baseURL: base });
      const page = await context.newPage();
      if (!superOnly) {
        for (const [name, path] of [['login', '/login'], ['signup', '/signup'], ['forgot-password', '/forgetpsw']]) await shoot(page, viewport.width, { name, path });
      }
      await signIn(page, who);
      for (const entry of pages.filter((p) => p.superOnly === superOnly)) {
        for (const shot of await fill(page, entry.path)) await shoot(page, viewport.width, shot);
      }
      await context.close();
    }
  }
}

async function main() {
  if (!args.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  rmSync(out, { recursive: true, force: true });
  process.env.E2E_PORT = String(port);
  const { default: globalSetup } = await import('../e2e/global-setup');
  const stop = await globalSetup();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    await run(browser);
    console.log(`written to ${out}`);
  } finally {
    await browser.close();
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
