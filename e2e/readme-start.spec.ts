import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from '../playwright.config';
import { DEMO_ADMIN, DEMO_AGENT } from './support/api';
import { signIn } from './support/ui';

/**
 * The README's quick start exactly as written: `npm start` (it builds, migrates, seeds the demo
 * and serves) with nothing set but the port and a fresh data folder, so the embedded database
 * and the demo are on by their defaults. A newcomer reads the README, opens the app a few minutes
 * later and pairs the demo line from /simulator: the line must still offer its QR by then.
 *
 * `npm start` builds into apps/*\/dist, the folders the journeys' own server serves from. That is
 * safe here because journeys run one at a time (workers: 1 in playwright.config.ts), so none is
 * talking to that server while this one builds, and the build of the same sources writes the same
 * files (content-hashed names) back.
 */

const root = new URL('..', import.meta.url).pathname;
// Beside the journeys' own server (E2E_PORT) and the split deployment's (E2E_PORT + 50).
const port = E2E_PORT + 2;
const base = `http://127.0.0.1:${port}`;
/** The bug this journey guards against: the demo line stopped offering a QR after 100 s. */
const NEWCOMER_ARRIVES_AFTER_MS = 3 * 60_000;
// A customer of the seeded demo month whose conversation is closed (the first nine are waiting or
// talking now): the 13th, Larissa Araújo, writing from her seeded number.
const CUSTOMER = { name: 'Larissa Araújo', number: '5531982491255' };

/** The environment of someone who just cloned the project: none of the journeys' settings. */
function newcomerEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(DATABASE_URL|TEST_DATABASE_URL|REDIS_URL|DEMO|SIMULATOR|ADMIN_\w+|SMTP_URL|CORS_ORIGINS|E2E_\w+|CI|PLAYWRIGHT_\w+)$/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, PORT: String(port), DATA_DIR: dataDir };
}

// The build, three minutes of waiting and one conversation: about 4.5 minutes on a quiet machine,
// 7 with the 2 cores loaded five times over.
test.describe.configure({ timeout: 12 * 60_000 });

let server: ChildProcess | undefined;
let dataDir = '';

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    // npm runs the server as its child: the whole group stops.
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("the README's npm start serves the demo, and three minutes later the demo line is paired from /simulator and the demo agent completes a conversation", async ({ browser }) => {
  dataDir = mkdtempSync(join(tmpdir(), 'atende-readme-'));
  const output: string[] = [];
  server = spawn('npm', ['start'], { cwd: root, env: newcomerEnv(dataDir), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  await expect
    .poll(
      async () => {
        if (server!.exitCode !== null) throw new Error(`npm start exited with ${server!.exitCode}:\n${output.join('').slice(-3000)}`);
        return fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      },
      { timeout: 4 * 60_000, intervals: [1_000] },
    )
    .toBe(true);

  // Waiting is what this journey is about: nothing on the screen can stand in for the minutes
  // that pass before a newcomer gets to the simulator.
  await new Promise((resolve) => setTimeout(resolve, NEWCOMER_ARRIVES_AFTER_MS));
  expect(server.exitCode).toBeNull();

  // The agent answers in one browser; the phone is played on /simulator by the demo admin in
  // another (one account has one session, and playing the network is the admins').
  const context = await browser.newContext({ baseURL: base, locale: 'pt-BR' });
  const phoneContext = await browser.newContext({ baseURL: base, locale: 'pt-BR' });
  try {
    const agent = await context.newPage();
    await signIn(agent, DEMO_AGENT.email, DEMO_AGENT.password);
    await expect(agent.getByTestId('drawer')).toBeVisible();

    // The phone: /simulator still offers the demo line's QR, and scanning it pairs the line.
    const phone = await phoneContext.newPage();
    await signIn(phone, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(phone.getByTestId('drawer')).toBeVisible();
    await phone.goto('/simulator');
    await expect(phone.getByTestId('simulator-page')).toContainText('WhatsApp Demo');
    await expect(phone.getByTestId('simulator-scan')).toBeVisible();
    await phone.getByTestId('simulator-scan').click();
    await expect(phone.locator('[data-testid^="connection-status-"]')).toHaveAttribute('data-status', 'CONNECTED');

    // A seeded customer writes and picks Suporte (the demo agent's queue) from the greeting menu.
    await phone.getByTestId('simulator-customer-number').fill(CUSTOMER.number);
    await phone.getByTestId('simulator-customer-name').fill(CUSTOMER.name);
    await phone.getByTestId('simulator-customer-add').click();
    await phone.getByTestId(`simulator-customer-${CUSTOMER.number}`).click();
    await phone.getByTestId('simulator-text').fill('Oi, meu pedido chegou com a caixa amassada');
    await phone.getByTestId('simulator-send').click();
    const menu = phone.getByTestId('simulator-entries').getByText('Escolha um setor', { exact: false });
    await expect(menu).toBeVisible();
    const option = /(\d+)\D{0,8}Suporte/.exec((await menu.textContent()) ?? '')?.[1];
    expect(option, 'the greeting menu offers Suporte').toBeTruthy();
    await phone.getByTestId('simulator-text').fill(option!);
    await phone.getByTestId('simulator-send').click();

    // The agent sees the ticket waiting, accepts it, answers; the phone gets the answer.
    await agent.bringToFront();
    await agent.getByTestId('tickets-subtab-pending').click();
    const waiting = agent.getByTestId('tickets-list-pending').locator('[data-testid^="ticket-item-"]').filter({ hasText: CUSTOMER.name });
    await expect(waiting).toBeVisible();
    const ticketId = ((await waiting.getAttribute('data-testid')) ?? '').replace('ticket-item-', '');
    await agent.getByTestId(`ticket-accept-${ticketId}`).click();
    await expect(agent).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const input = agent.getByTestId('composer-text');
    await expect(input).toBeEnabled();
    await input.fill('Sinto muito! Vou enviar uma caixa nova hoje mesmo.');
    await input.press('Enter');
    await expect(agent.getByTestId('ticket-screen').getByText('Vou enviar uma caixa nova hoje mesmo.')).toBeVisible();
    await expect(phone.getByTestId('simulator-entries').getByText('Vou enviar uma caixa nova hoje mesmo.')).toBeVisible();

    // The agent finishes the ticket: it leaves the open list.
    await agent.getByTestId('ticket-finish').click();
    await expect(agent).toHaveURL(/\/tickets$/);
    await expect(agent.getByTestId(`ticket-item-${ticketId}`)).toHaveCount(0);
  } finally {
    await context.close();
    await phoneContext.close();
  }
});
