import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest 4.1 starts (cores - 1) workers by default: one on this two-core machine, so the API suites
    // ran file after file on one core. Each API file has its own database (an in-memory PGlite or its
    // own PostgreSQL database), so two run side by side.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'] } },
      { test: { name: 'server-unit', include: ['apps/server/test/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'server-api',
          include: ['apps/server/test/api/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/pglite-template.ts'],
          // Each file gets its own database, so files run side by side (maxWorkers above).
          // A worker runs its files one after another in one module graph, not a fresh one per file: the server's
          // modules load once per worker instead of once per file (about 2.4 s a file, a third of the suite's time).
          // The server keeps no state between apps but per database (WeakMaps keyed by it), and each file
          // builds its own app on its own database (helpers/context.ts); a file that fakes the clock gives it
          // back in its afterAll.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
