import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The large many-file packages the web source imports (MUI and date-fns), deep imports included
 * (`@mui/material/Box`). Node 24 reads a package's package.json again for each of its files, so
 * loading them file by file costs seconds per test file; bundled once by the optimizer, as the
 * browser build does, they load at once.
 */
function importedPackages(dir: string, found = new Set<string>()): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) importedPackages(path, found);
    else if (/\.tsx?$/.test(entry.name)) {
      for (const [, name] of readFileSync(path, 'utf8').matchAll(/from '([^'.][^']*)'/g)) {
        if (/^(@mui\/|date-fns)/.test(name)) found.add(name);
      }
    }
  }
  return [...found];
}

// Self-contained so the repository root can list it as one of its vitest projects.
export default defineProject({
  root: webRoot,
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    deps: { optimizer: { client: { enabled: true, include: importedPackages(join(webRoot, 'src')) } } },
  },
});
