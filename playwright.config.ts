import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, E2E_WORKERS, serverOrigin } from './e2e/servers';

// Real Chromium (Debian's /usr/bin/chromium, never a downloaded one) against the real built server on a fresh
// embedded database with the demo data: one server per worker (e2e/servers.ts; specs import `test` from
// e2e/fixtures.ts, which points each worker at its own).
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Budgets for a shared 2-core machine at its slowest: on 2026-11-28 the CI machine ran the suite 2-3 times
  // slower than two days before (e2e 47.9 min against 15-18), and a 32 s flow (transfers) met the old 60 s limit.
  // A slower machine waits longer; nothing is retried.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // A spec file's tests run in order in one worker; two files run at once (E2E_WORKERS, default 2), each worker on
  // its own server (e2e/servers.ts).
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No retries anywhere: a flaky test is fixed, not retried.
  retries: 0,
  reporter: [['list']],
  use: {
    // A fresh context per test installed the service worker, which fetched and stored the whole precache (218 files,
    // 2.9 MB) for a test that never went offline: 10-15 % of the suite's CPU on two cores. The files that take the
    // network away (the offline register, a11y's offline screen) allow it: `test.use(WITH_SERVICE_WORKER)`, e2e/fixtures.ts.
    serviceWorkers: 'block',
    // No trace: recording one for every test (its screencast and DOM snapshots) made the suite 40 % slower on two
    // cores (shop.spec.ts 150 s against 105 s). A failure keeps its screenshot; `--trace retain-on-failure` for more.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `${serverOrigin(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(E2E_PORT + index) },
  })),
});
