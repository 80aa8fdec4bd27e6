import { defineConfig } from 'vitest/config';

/** One run for the whole repository: contract, server and web component tests. */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
