import { test as base } from '@playwright/test';
import { serverOrigin } from './servers';

export * from '@playwright/test';

/**
 * Playwright's `test` with each worker on its own server (./servers.ts): `serverURL` is the worker's origin
 * (for hooks that open their own request context), `baseURL` follows it. Every spec imports `test` from here.
 */
export const test = base.extend<Record<never, never>, { serverURL: string }>({
  serverURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => use(serverOrigin(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ serverURL }, use) => use(serverURL),
});

/**
 * For a spec file that takes the network away: the register's service worker runs and serves it its code, as on
 * an installed till (`test.use(WITH_SERVICE_WORKER)`). Every other file runs without it (playwright.config.ts).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;
