import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

/**
 * The layer rules of .dependency-cruiser.cjs (npm run depcheck) hold on the server, and they do
 * catch what they forbid: a tree laid out like the server's, with deliberate faults, is refused.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function violationsIn(baseDir: string, paths: string[]) {
  const options = await extractDepcruiseOptions(join(repoRoot, '.dependency-cruiser.cjs'));
  const result = await cruise(paths, { ...options, baseDir });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

/** Writes `files` (path -> source) under a fresh folder; answers it. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'atende-layers-'));
  temporary.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

describe('the layers of the server', () => {
  it('has no violation in the server and the contract', async () => {
    expect(await violationsIn(repoRoot, ['apps/server/src', 'packages/contract/src'])).toEqual([]);
  });

  it('refuses a circle, platform importing a feature, and two features that need each other', async () => {
    const s = 'apps/server/src';
    const dir = tree({
      [`${s}/platform/context.ts`]: `import type { Outbox } from '../modules/messages/outbox.js';\nexport interface AppContext { outbox: Outbox }\n`,
      [`${s}/modules/messages/outbox.ts`]: `import type { AppContext } from '../../platform/context.js';\nexport interface Outbox { ctx: AppContext }\n`,
      [`${s}/modules/tickets/tickets.service.ts`]: `import { hook } from '../inbound/automation.js';\nexport const finish = () => hook();\n`,
      [`${s}/modules/inbound/automation.ts`]: `export const hook = () => undefined;\n`,
      [`${s}/modules/inbound/inbound.store.ts`]: `import { finish } from '../tickets/tickets.service.js';\nexport const store = () => finish();\n`,
    });
    const found = await violationsIn(dir, [s]);
    const rules = new Set(found.map((v) => v.rule));
    expect(rules).toContain('no-circular');
    expect(rules).toContain('server-platform-below-modules');
    expect(rules).toContain('server-no-circular-features');
    expect(found).toContainEqual({
      rule: 'server-platform-below-modules',
      from: `${s}/platform/context.ts`,
      to: `${s}/modules/messages/outbox.ts`,
    });
  });
});
