import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeCartTotals } from '../packages/shared/src/money';
import { type ApiSession, apiSession, findProduct } from './api';
import { expect, type Page, test, WITH_SERVICE_WORKER } from './fixtures';
import {
  ensureShiftOpen,
  expectServiceWorkerControl,
  keepPrintPopupsOpen,
  LONG_FLOW_MS,
  signIn,
  signInToDashboard,
} from './helpers';
import { E2E_PORT } from './servers';

test.use(WITH_SERVICE_WORKER);

// The register keeps selling with the network down and loses nothing when it comes back.
// Demo data: Main Branch; Cola 1.5L (BEV-COLA-15). Stock and tax are read, never assumed.

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/offline-register';
const RECEIPT_NUMBER = /R\d+-\d{6}/;

async function scan(page: Page, code: string) {
  const barcode = page.getByLabel('Barcode');
  await barcode.fill(code);
  await barcode.press('Enter');
}

/** Today's sales figures of the branch as the dashboard has them (GET /dashboard/sales-summary). */
async function dashboardToday(page: Page, session: ApiSession) {
  const res = await page.request.get('/api/dashboard/sales-summary', {
    headers: session.headers,
    params: { branchId: session.branchId },
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.today as { grossTransactions: number; grossRevenue: number };
}

/** One sale of a Cola at the register (cash or card); answers the receipt number printed. */
async function sellCola(
  page: Page,
  method: 'cash' | 'card',
  customer?: { phone: string; name: string },
): Promise<string> {
  await scan(page, 'BEV-COLA-15');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  if (customer) {
    await page.getByLabel('Phone').fill(customer.phone);
    await page.getByLabel('Customer Name').fill(customer.name);
  }
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog).toBeVisible();
  if (method === 'card') {
    await dialog.getByText('Card', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked();
  } else {
    await dialog.getByLabel('Amount Received').fill('100000');
  }
  const popup = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  const receipt = await popup;
  const text = (await receipt.locator('pre').textContent()) ?? '';
  const number = RECEIPT_NUMBER.exec(text)?.[0];
  expect(number, `receipt number on the printed receipt:\n${text}`).toBeTruthy();
  await expect(page.getByText('Cart is empty')).toBeVisible();
  return number as string;
}

test('offline register (network down): reload, 5 sales with receipts, reload, sign out and in, then every sale syncs once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await keepPrintPopupsOpen(context);
  const api = await apiSession(page, 'cashier');
  const manager = await apiSession(page, 'manager');
  const cola = await findProduct(page, api, 'BEV-COLA-15');
  const colaBefore = cola.stockQuantity;
  const phone = `0300${Date.now().toString().slice(-7)}`;
  const todayBefore = await dashboardToday(page, manager);
  const tax = await page.request.get('/api/settings/tax', { headers: api.headers, params: { branchId: api.branchId } });
  expect(tax.ok()).toBeTruthy();
  // One Cola at the branch's tax rate: what every sale below must total, the first one right after the reload too.
  const colaSaleTotal = computeCartTotals({
    items: [{ quantity: 1, price: Number(cola.price) }],
    taxRate: (await tax.json()).data.taxRate,
    discountType: 'amount',
    discountValue: 0,
  }).total;

  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  // Cash sales need an open shift of the register (opened online, before the network goes).
  await ensureShiftOpen(page);
  const status = page.getByTestId('register-status');
  await expect(status).toContainText('Online');
  await expect(status).toContainText(/Register R\d+/);
  await expect(status).toHaveAttribute('data-catalogue', 'synced');
  // The service worker controls the page: the app shell is precached.
  await expectServiceWorkerControl(page);
  // The sign-in was remembered for an offline sign-in (its key derivation runs after the sign-in, and takes
  // seconds on a busy machine): the offline sign-ins below check a password against it.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('pos-credentials');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          // Closed at once, so the app's own upgrade of the database is never held up by this look.
          const db = open.result;
          const done = (found: boolean) => {
            db.close();
            resolve(found);
          };
          if (!db.objectStoreNames.contains('credentials')) return done(false);
          const get = db.transaction('credentials').objectStore('credentials').get('cashier');
          get.onsuccess = () => done(Boolean(get.result));
          get.onerror = () => done(false);
        };
      }),
  );
  await status.screenshot({ path: `${SCREENS_DIR}/status-online.png` });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Point of Sale' })).toBeVisible();
  await expect(status).toContainText('Offline since');

  const numbers: string[] = [];
  numbers.push(await sellCola(page, 'cash'));
  numbers.push(await sellCola(page, 'card', { phone, name: 'Offline Customer' }));
  numbers.push(await sellCola(page, 'cash'));
  numbers.push(await sellCola(page, 'card'));
  numbers.push(await sellCola(page, 'cash'));
  expect(new Set(numbers).size).toBe(5);
  await expect(status).toContainText('5 sales waiting to sync');
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
  await status.screenshot({ path: `${SCREENS_DIR}/status-offline.png` });
  await page.screenshot({ path: `${SCREENS_DIR}/register-offline.png` });

  // A reload offline keeps the register signed in and the queue.
  await page.reload();
  await expect(status).toContainText('Offline since');
  await expect(status).toContainText('5 sales waiting to sync');

  // Signing out with unsynced sales warns first; the queue stays in this browser.
  let warning = '';
  page.once('dialog', (dialog) => {
    warning = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: /user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(warning).toContain('5 sales are waiting to sync');

  // Still offline, the cashier signs in again on this device (a wrong password is refused): the
  // register opens offline with the queue, and sells on.
  await signIn(page, 'cashier', 'not-the-password');
  // The toast of the offline refusal, whichever it is: a failure names the one shown (one that says the device
  // does not know the user would mean the sign-in above was not kept).
  await expect(page.getByRole('alert').filter({ hasText: /credentials|cannot be reached/ })).toContainText(
    'Invalid credentials',
  );
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'cashier');
  await expect(page).toHaveURL(/\/dashboard\/pos$/);
  await expect(status).toContainText('Offline since');
  await expect(status).toContainText('5 sales waiting to sync');
  await page.screenshot({ path: `${SCREENS_DIR}/register-offline-signed-in.png` });

  // The network is back: the offline session ends and asks for an online sign-in, which drains the queue.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.getByText("The server is back: sign in to sync this register's sales")).toBeVisible();
  await signIn(page, 'cashier');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/pos');
  await expect(status).toContainText('Online');
  await expect(status).not.toContainText('waiting to sync', { timeout: 30_000 });
  await status.screenshot({ path: `${SCREENS_DIR}/status-synced.png` });

  // Each sale once, under the number printed on its receipt.
  const sales: { id: string; total: number }[] = [];
  for (const number of numbers) {
    const res = await page.request.get('/api/transactions', {
      headers: api.headers,
      params: { branchId: api.branchId, receiptNumber: number, page: 1, limit: 10 },
    });
    expect(res.ok()).toBeTruthy();
    const rows = (await res.json()).data.filter((s: { receiptNumber: string }) => s.receiptNumber === number);
    expect(rows, `sale ${number}`).toHaveLength(1);
    expect(rows[0].total, `sale ${number} at the branch's tax rate`).toBe(colaSaleTotal);
    sales.push(rows[0]);
  }
  await page.goto('/dashboard/transactions');
  for (const number of numbers) await expect(page.getByText(number, { exact: true })).toBeVisible();

  // Stock, and one sale movement of the Cola for each sale.
  await expect.poll(async () => (await findProduct(page, api, 'BEV-COLA-15')).stockQuantity).toBe(colaBefore - 5);
  const movements = await page.request.get('/api/inventory/movements', {
    headers: manager.headers,
    params: { branchId: manager.branchId, productId: cola.id, movementType: 'sale', page: 1, limit: 50 },
  });
  expect(movements.ok()).toBeTruthy();
  const references = (await movements.json()).data.map((m: { referenceId: string }) => m.referenceId);
  for (const sale of sales) expect(references.filter((r: string) => r === sale.id)).toHaveLength(1);

  // The dashboard counts them today, the day they were made, to the cent.
  const todayAfter = await dashboardToday(page, manager);
  expect(todayAfter.grossTransactions).toBe(todayBefore.grossTransactions + 5);
  const cents = (n: number) => Math.round(n * 100);
  expect(cents(todayAfter.grossRevenue)).toBe(
    cents(todayBefore.grossRevenue) + sales.reduce((sum, sale) => sum + cents(sale.total), 0),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  const customer = await page.request.get(`/api/customers/branch/${api.branchId}/phone/${phone}`, {
    headers: api.headers,
  });
  expect(customer.ok()).toBeTruthy();
  expect((await customer.json()).data.name).toBe('Offline Customer');
});

/** The built server on its own port and embedded database (demo data), for this spec to stop and start. */
function startOwnServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.resolve('apps/server/dist/main.js')], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_MAX_PER_IP: '100000',
      LOGIN_RATE_MAX_PER_USERNAME: '100000',
    },
  });
  return (async () => {
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return child;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    child.kill('SIGKILL');
    throw new Error('own server did not start');
  })();
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('offline register (server stopped): the register reloads and sells, and syncs when the server is back', async ({
  browser,
}) => {
  test.setTimeout(LONG_FLOW_MS);
  const port = E2E_PORT + 100;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-offline-e2e-'));
  let server = await startOwnServer(port, dataDir);
  const context = await browser.newContext({ baseURL: base });
  await keepPrintPopupsOpen(context);
  try {
    const page = await context.newPage();
    const api = await apiSession(page, 'cashier');
    const colaBefore = (await findProduct(page, api, 'BEV-COLA-15')).stockQuantity;
    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/pos');
    await ensureShiftOpen(page);
    const status = page.getByTestId('register-status');
    await expect(status).toContainText('Online');
    await expect(status).toHaveAttribute('data-catalogue', 'synced');
    await expectServiceWorkerControl(page);

    await stopServer(server);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Point of Sale' })).toBeVisible();
    const numbers = [await sellCola(page, 'cash'), await sellCola(page, 'card')];
    await expect(status).toContainText('Offline since');
    await expect(status).toContainText('2 sales waiting to sync');

    // The server is back (same database): the register notices by itself and uploads.
    server = await startOwnServer(port, dataDir);
    await expect(status).toContainText('Online', { timeout: 30_000 });
    await expect(status).not.toContainText('waiting to sync', { timeout: 30_000 });
    for (const number of numbers) {
      const res = await page.request.get('/api/transactions', {
        headers: api.headers,
        params: { branchId: api.branchId, receiptNumber: number, page: 1, limit: 10 },
      });
      const rows = (await res.json()).data.filter((s: { receiptNumber: string }) => s.receiptNumber === number);
      expect(rows, `sale ${number}`).toHaveLength(1);
    }
    await expect.poll(async () => (await findProduct(page, api, 'BEV-COLA-15')).stockQuantity).toBe(colaBefore - 2);
  } finally {
    await context.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('offline register: the dialogs that load on first use (price check, X report, shortcuts) open with the network down, their code from the service worker', async ({
  page,
  context,
}) => {
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  const status = page.getByTestId('register-status');
  await expect(status).toHaveAttribute('data-catalogue', 'synced');
  await expectServiceWorkerControl(page);

  // Their chunks were not fetched online (no dialog opened yet): each must come from the precache.
  const LAZY = /\/assets\/(price-check-modals|shift-report-modal|shortcuts-modal)-[\w-]+\.js$/;
  const chunks: { path: string; status: number; fromServiceWorker: boolean }[] = [];
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (LAZY.test(pathname))
      chunks.push({ path: pathname, status: r.status(), fromServiceWorker: r.fromServiceWorker() });
  });
  await context.setOffline(true);
  await expect(status).toContainText('Offline since');

  // Price check, answered from the local catalogue.
  await page.getByRole('button', { name: 'Price Check' }).click();
  const check = page.getByRole('dialog', { name: 'Price Check', exact: true });
  await check.getByLabel('Barcode or product name').fill('BEV-COLA-15');
  await check.getByRole('button', { name: 'Check Price' }).click();
  const result = page.getByRole('dialog', { name: 'Price Check Result' });
  await expect(result).toContainText('Cola 1.5L');
  await result.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(result).toHaveCount(0);

  // The X report from the shift menu (from the keyboard: a toast may sit over the header).
  await page.getByRole('button', { name: /^Shift R\d+$/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'X report' }).press('Enter');
  const report = page.getByRole('dialog', { name: 'X report' });
  await expect(report.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await report.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(report).toHaveCount(0);

  // The keyboard shortcuts.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('table', { name: 'Keyboard shortcuts' })).toBeVisible();

  expect(chunks.map((c) => c.path.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual([
    '/assets/price-check-modals',
    '/assets/shift-report-modal',
    '/assets/shortcuts-modal',
  ]);
  for (const chunk of chunks) expect(chunk, chunk.path).toMatchObject({ status: 200, fromServiceWorker: true });
  await context.setOffline(false);
});

test('a failed download of the offline code is tried again: the page comes under the service worker without a reload, and opens with the network down', async ({
  page,
  context,
}) => {
  // The service worker's install fetches every built file; the first fetch of one of them fails, as on a
  // connection that drops for a moment. (Playwright's routes see the service worker's own requests.)
  const answers: number[] = [];
  let chunkUrl = '';
  await context.route(/\/assets\/toast-stack-[\w-]+\.js$/, async (route) => {
    chunkUrl = route.request().url();
    if (answers.length === 0) {
      answers.push(503);
      return route.fulfill({ status: 503, body: 'Service Unavailable' });
    }
    answers.push(200);
    return route.continue();
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The page is never reloaded: only the app's own second try can install the worker.
  await expectServiceWorkerControl(page);
  expect(answers).toEqual([503, 200]);

  // With the network down, a new page of the app opens from the precache, and the file that failed once is in it.
  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/login');
  await expect(offline.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await offline.evaluate(async (url) => (await fetch(url)).status, chunkUrl)).toBe(200);
  expect(answers).toEqual([503, 200]);
});
