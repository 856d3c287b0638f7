import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { serverOrigin } from './servers';

export * from '@playwright/test';

/** The browser's side of a failure: its last lines are printed with the failed test's output. */
const BROWSER_LOG_LINES = 200;

type Note = (page: Page, what: string) => void;

/**
 * Playwright's `test` with each worker on its own server (./servers.ts): `serverURL` is the worker's origin
 * (for hooks that open their own request context), `baseURL` follows it. Every spec imports `test` from here.
 * A failed test prints its browser's log (`browserLog`, watchContext): what its pages' consoles reported as errors
 * and warnings, their uncaught errors, failed requests, presses, clicks and form submissions, each with its time
 * since the test began, in the test's own context and in any it opens: a failure that does not come back on a
 * second run (a busy machine's) still says what the browser saw.
 */
export const test = base.extend<{ browserLog: Note }, { serverURL: string }>({
  serverURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => use(serverOrigin(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ serverURL }, use) => use(serverURL),
  browserLog: [
    async ({ browser }, use, testInfo) => {
      const started = Date.now();
      const lines: string[] = [];
      const note: Note = (page, what) =>
        lines.push(
          `${((Date.now() - started) / 1000).toFixed(1)} s ${new URL(page.url() || 'about:blank').pathname} ${what}`,
        );
      // Every context the test opens itself (a second till, a back office) is watched as its own is.
      const { newContext } = browser;
      browser.newContext = async (options) => {
        const opened = await newContext.call(browser, options);
        await watchContext(opened, note);
        return opened;
      };
      try {
        await use(note);
      } finally {
        browser.newContext = newContext;
      }
      // Printed, not attached: the list reporter cuts a text attachment at 300 characters, and CI keeps only the output.
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        console.log(`The browser's log of "${testInfo.title}":\n${lines.slice(-BROWSER_LOG_LINES).join('\n')}`);
      }
    },
    { auto: true },
  ],
  // Playwright opens the test's own context through the watched newContext; watched here too, whatever the order.
  context: async ({ context, browserLog }, use) => {
    await watchContext(context, browserLog);
    await use(context);
  },
});

const watched = new WeakSet<BrowserContext>();

/**
 * Notes a context's console errors and warnings, uncaught errors, failed requests, and every press, click and
 * form submission on its pages as it happens (a lost click shows as a press with no click); once per context.
 */
async function watchContext(context: BrowserContext, note: Note) {
  if (watched.has(context)) return;
  watched.add(context);
  const watch = (page: Page) => {
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') note(page, `console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (error) => note(page, `uncaught: ${error.message}`));
    page.on('requestfailed', (r) => note(page, `failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  await context.exposeBinding('__noteInput', ({ page }, what: string) => note(page, what));
  await context.addInitScript(() => {
    const send = (what: string) =>
      (window as unknown as { __noteInput?: (what: string) => Promise<void> })
        .__noteInput?.(what)
        .catch(() => undefined);
    const describe = (node: EventTarget | null) => {
      const el = node instanceof Element ? node : null;
      const text = (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 30);
      return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}"` : String(node);
    };
    for (const type of ['pointerdown', 'pointerup', 'click', 'submit']) {
      window.addEventListener(type, (event) => void send(`${type} ${describe(event.target)}`), {
        capture: true,
        passive: true,
      });
    }
  });
}

/**
 * For a spec file that takes the network away: the register's service worker runs and serves it its code, as on
 * an installed till (`test.use(WITH_SERVICE_WORKER)`). Every other file runs without it (playwright.config.ts).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;
