import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'] } },
      { test: { name: 'server-unit', include: ['apps/server/test/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'server-api',
          include: ['apps/server/test/api/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/pglite-template.ts'],
          // Each file gets its own database; files run in parallel on the two cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
