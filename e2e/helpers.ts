import { type BrowserContext, type CDPSession, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInToDashboard(page: Page, username: string, password = DEMO_PASSWORD) {
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
}

/** A token for API calls made by the test itself (setup data), through the real server. */
export async function apiToken(page: Page, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).access_token;
}

/**
 * The time budget of a long flow (several screens and sessions: the offline register's, a shift, store credit,
 * gift vouchers, a transfer), against the suite's 120 s: on 2026-11-30 a machine running system calls 2.2x slower
 * took 1.5-2.0 minutes over such flows (docs/architecture/testing.md).
 */
export const LONG_FLOW_MS = 240_000;

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A unique username (no spaces, which usernames may not contain). */
export const uniqueUsername = (prefix: string) => unique(prefix).replace(/\s+/g, '_').toLowerCase();

/**
 * Expects a toast (Mantine notification, role alert) with this message, then dismisses it, so a later
 * toast with the same message is a new one and not this one still on screen.
 */
export async function expectToast(page: Page, message: string) {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  // Dismissed here, or gone by itself: a toast closes after 4 s, and on a loaded machine that can happen between
  // seeing it and clicking its button (the click would then wait for a button that never comes back).
  await toast
    .getByRole('button')
    .click({ timeout: 4_000 })
    .catch((error: Error) => {
      console.log(`expectToast: "${message}" not dismissed by its button: ${error.message.split('\n')[0]}`);
    });
  // Then the pointer leaves the toasts, dismissed or not: toasts pause while the pointer rests on them, and a click
  // can land on a neighbour instead (a CI rehearsal's browser log: the receipt's toast arrived as the button was
  // pressed, the stack moved, and the click closed nothing while the pointer kept both toasts open). Not dismissed,
  // the toast closes by itself; a cashier's hand moves on.
  await page.mouse.move(0, 0);
  await expect(toast).toHaveCount(0);
}

/**
 * At the register: opens a shift with this float if the register prompts for one (a cash sale needs
 * an open shift; docs/architecture/shifts.md). Waits until the register shows
 * either its open shift or the prompt, so call it after the register page has loaded.
 */
export async function ensureShiftOpen(page: Page, float = 0) {
  const prompt = page.getByRole('dialog', { name: 'Open a shift' });
  const openShift = page.getByRole('button', { name: /^Shift R\d+$/ });
  await expect(prompt.or(openShift)).toBeVisible();
  if (await prompt.isVisible()) {
    await prompt.getByLabel('Opening float').fill(String(float));
    await prompt.getByRole('button', { name: 'Open shift' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(openShift).toBeVisible();
  }
}

/**
 * Printed receipts and reports stay open for the test to read them. The register closes its print
 * popup 500 ms after printing (lib/printing/print.ts), and a loaded CI machine can pass that before the
 * test has read the popup. Only the closing is skipped: what the popup shows is the product's own.
 * Call before the page opens the app (it is an init script of the context).
 */
export async function keepPrintPopupsOpen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = open(...args);
      if (popup) popup.close = () => {};
      return popup;
    };
  });
}

/** Each page's DevTools session, for the keys a scanner sends. */
const wedgeSessions = new WeakMap<Page, Promise<CDPSession>>();

/** A key as Chromium's input takes it: its key, the text it types and its Windows key code. */
function wedgeKey(char: string) {
  if (char === '\r') return { key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 };
  const upper = char.toUpperCase();
  const keyCode = /^[A-Z0-9]$/.test(upper) ? upper.charCodeAt(0) : char === '-' ? 189 : 0;
  return { key: char, text: char, windowsVirtualKeyCode: keyCode };
}

/**
 * A keyboard-wedge scanner: the code's keys 8 ms apart, then Enter, wherever the focus is (scanner.spec.ts).
 * Like a real one, each key carries the time the device pressed it (DevTools' `timestamp`, which becomes the
 * event's timeStamp, the time the register's scan detector reads): Playwright's own typing stamps a key when
 * the test process gets round to sending it, and a loaded machine stretched an 8 ms gap past the register's
 * limit, so a scan broke up and leaked into the focused field. The keys are sent one after another at once;
 * the register still allows 150 ms (allowSlowScans), as its detector hands a burst's characters back to the
 * field when no key has come for that long in real time. `stall` holds the keys after the first `after` for
 * `ms` of real time, their stamps unchanged: the scanner's keys queued while the page is busy.
 */
export async function scanWithWedge(page: Page, code: string, stall?: { after: number; ms: number }) {
  let session = wedgeSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    wedgeSessions.set(page, session);
  }
  const cdp = await session;
  const start = Date.now() / 1000;
  for (const [i, char] of [...code, '\r'].entries()) {
    const key = wedgeKey(char);
    const at = start + i * 0.008;
    if (stall && i === stall.after) await page.waitForTimeout(stall.ms);
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp: at });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: key.key,
      windowsVirtualKeyCode: key.windowsVirtualKeyCode,
      timestamp: at + 0.004,
    });
  }
}

/** The register's own scanner setting for the loaded test machine: 150 ms between a scan's keys. */
export async function allowSlowScans(page: Page) {
  await page.addInitScript(() => localStorage.setItem('pos.scanner', JSON.stringify({ maxGapMs: 150 })));
}

/** The register as the cashier, a shift open, the branch's catalogue synced and the Barcode field focused. */
export async function openRegisterForScans(page: Page) {
  await allowSlowScans(page);
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  await expect(page.getByTestId('register-status')).toHaveAttribute('data-catalogue', 'synced');
  await expect(page.getByLabel('Barcode')).toBeFocused();
}

/**
 * The page (or one element of it) is no wider than the window: no sideways scroll. Polled: just after
 * `setViewportSize` the page can still hold its old layout for a frame (an exchange dialog's page measured 459 px
 * in a 390 px window, then 390 the next frame); a real overflow still fails once the poll times out.
 */
export async function expectNoSideScroll(target: Page | Locator) {
  const fits = () =>
    'goto' in target
      ? target.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
      : target.evaluate((el) => el.scrollWidth <= window.innerWidth);
  await expect.poll(fits).toBe(true);
}

/**
 * Waits until the register's service worker controls the page (its precache then serves the app's code offline).
 * While it does not, the poll reads where the registration stands, so a failure says whether the worker was never
 * registered (the page's load event not yet fired), is still installing (fetching the precache) or is active but
 * not controlling this page.
 */
export async function expectServiceWorkerControl(page: Page, timeout = 60_000) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (navigator.serviceWorker?.controller) return 'controlled';
          const reg = await navigator.serviceWorker?.getRegistration();
          if (!reg) return `not registered (document ${document.readyState})`;
          return `not controlled: installing ${reg.installing?.state ?? '-'}, waiting ${reg.waiting?.state ?? '-'}, active ${reg.active?.state ?? '-'}`;
        }),
      { timeout, message: 'the service worker controls the page' },
    )
    .toBe('controlled');
}
