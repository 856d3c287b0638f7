import { test as base, type Page } from '@playwright/test';
import { serverOrigin } from './servers';

export * from '@playwright/test';

/** The browser's side of a failure: its last lines are printed with the failed test's output. */
const BROWSER_LOG_LINES = 200;

/**
 * Playwright's `test` with each worker on its own server (./servers.ts): `serverURL` is the worker's origin
 * (for hooks that open their own request context), `baseURL` follows it. Every spec imports `test` from here.
 * A failed test prints what its pages' consoles reported as errors and warnings, their uncaught errors and their
 * failed requests, each with its time since the test began, and each open page's last presses, clicks and form
 * submissions: a failure that does not come back on a second run (a busy machine's) still says what the browser saw.
 */
export const test = base.extend<Record<never, never>, { serverURL: string }>({
  serverURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => use(serverOrigin(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ serverURL }, use) => use(serverURL),
  context: async ({ context }, use, testInfo) => {
    const started = Date.now();
    const lines: string[] = [];
    const note = (page: Page, what: string) =>
      lines.push(
        `${((Date.now() - started) / 1000).toFixed(1)} s ${new URL(page.url() || 'about:blank').pathname} ${what}`,
      );
    const watch = (page: Page) => {
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') note(page, `console.${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (error) => note(page, `uncaught: ${error.message}`));
      page.on('requestfailed', (r) => note(page, `failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
    };
    for (const page of context.pages()) watch(page);
    context.on('page', watch);
    // Each page keeps its last presses, clicks and form submissions (a lost click shows as a press with no click).
    await context.addInitScript(() => {
      const kept: string[] = [];
      Object.defineProperty(window, '__inputs', { value: kept });
      const describe = (node: EventTarget | null) => {
        const el = node instanceof Element ? node : null;
        const text = (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 30);
        return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}"` : String(node);
      };
      for (const type of ['pointerdown', 'pointerup', 'click', 'submit']) {
        window.addEventListener(
          type,
          (event) => {
            kept.push(`${(performance.now() / 1000).toFixed(2)} s ${type} ${describe(event.target)}`);
            if (kept.length > 40) kept.shift();
          },
          { capture: true, passive: true },
        );
      }
    });
    await use(context);
    // Printed, not attached: the list reporter cuts a text attachment at 300 characters, and CI keeps only the output.
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const page of context.pages()) {
        const inputs = await page
          .evaluate(() => (window as unknown as { __inputs?: string[] }).__inputs ?? [])
          .catch(() => [] as string[]);
        if (inputs.length > 0) note(page, `input, since the page loaded:\n  ${inputs.join('\n  ')}`);
      }
      if (lines.length > 0) {
        console.log(`The browser's log of "${testInfo.title}":\n${lines.slice(-BROWSER_LOG_LINES).join('\n')}`);
      }
    }
  },
});

/**
 * For a spec file that takes the network away: the register's service worker runs and serves it its code, as on
 * an installed till (`test.use(WITH_SERVICE_WORKER)`). Every other file runs without it (playwright.config.ts).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;
