import { computeCartTotals } from '../packages/shared/src/money';
import { paidOutCeilingMessage } from '../packages/shared/src/shifts';
import { apiSession, findProduct } from './api';
import { expectNoSeriousWcag } from './axe';
import { decodeEscPos, installFakeUsbPrinter, usbRecord } from './devices';
import { expect, type Locator, type Page, type Request, test, WITH_SERVICE_WORKER } from './fixtures';
import { ensureShiftOpen, expectServiceWorkerControl, expectToast, signInToDashboard } from './helpers';

test.use(WITH_SERVICE_WORKER);

// Offline, after a reload, the register's Shift menu is there; cash in / out work (queued,
// the drawer still opens) and the X report is provisional; back online they sync once. Demo data: Main
// Branch, Cola 1.5L (BEV-COLA-15). A new browser context is a new device: its own register and shift.

const SCREENS = process.env.SCREENS_DIR ?? 'test-results/offline-shift';
/** As the web app writes amounts: '1,234.50' (after the currency). */
const amount = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const cents = (n: number) => Math.round(n * 100);

/** Picks an item of the Shift menu from the keyboard (toasts may sit over the header). */
async function shiftMenu(page: Page, item?: string) {
  await page.getByRole('button', { name: /^Shift R\d+$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  if (item) await page.getByRole('menuitem', { name: item }).press('Enter');
}

/**
 * A register dialog has closed and given the focus back to the Barcode field (it does so once its closing
 * transition has ended): the next keyboard step starts from there, not from a focus the closing takes away.
 */
async function backAtBarcode(page: Page, dialog: Locator) {
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Barcode')).toBeFocused();
}

/** How many drawer kicks (ESC p) the fake USB printer has been sent since it was last cleared. */
async function drawerKicks(page: Page) {
  const { transfers } = await usbRecord(page);
  return transfers.flatMap((bytes) => decodeEscPos(bytes)).filter((item) => item.kind === 'pulse').length;
}

/** Cash in / out: one movement, the drawer kicked once for it. */
async function moveCash(page: Page, kind: 'Paid in' | 'Paid out', value: string, reason: string) {
  await usbRecord(page, { clear: true });
  await shiftMenu(page, 'Cash in / out');
  const dialog = page.getByRole('dialog', { name: 'Cash in / out' });
  await expect(dialog).toBeVisible();
  await dialog.getByText(kind, { exact: true }).click();
  const field = dialog.getByLabel('Amount');
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Record' }).click();
  return dialog;
}

async function sellCashCola(page: Page) {
  const barcode = page.getByLabel('Barcode');
  await barcode.fill('BEV-COLA-15');
  await barcode.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByLabel('Amount Received').fill('1000');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Cart is empty')).toBeVisible();
  await backAtBarcode(page, dialog);
}

test('offline after a reload: the Shift menu, a paid out and a paid in (drawer kicked), a provisional X report; online they sync once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await installFakeUsbPrinter(context);
  const api = await apiSession(page, 'cashier');
  const cola = await findProduct(page, api, 'BEV-COLA-15');
  const tax = await page.request.get('/api/settings/tax', { headers: api.headers, params: { branchId: api.branchId } });
  const colaSale = computeCartTotals({
    items: [{ quantity: 1, price: Number(cola.price) }],
    taxRate: (await tax.json()).data.taxRate,
    discountType: 'amount',
    discountValue: 0,
  }).total;
  const batches: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/transactions/batch')) batches.push(request);
  });

  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  const status = page.getByTestId('register-status');
  // A new device enrols first (a loaded machine takes its time), then the register asks for a shift.
  await expect(status).toContainText(/Register R\d+/, { timeout: 30_000 });
  await ensureShiftOpen(page, 100);
  await expect(status).toContainText('Online');
  await expect(status).toHaveAttribute('data-catalogue', 'synced');
  await expectServiceWorkerControl(page);
  // One cash sale online: the shift's figures the register keeps include it.
  await sellCashCola(page);
  await expectToast(page, 'Payment processed successfully');
  const registerId = await page.evaluate(async () => {
    const open = indexedDB.open('pos-register');
    const db = await new Promise<IDBDatabase>((resolve) => {
      open.onsuccess = () => resolve(open.result);
    });
    const rows = await new Promise<{ key: string; value: { registerId: string } }[]>((resolve) => {
      const all = db.transaction('meta').objectStore('meta').getAll();
      all.onsuccess = () => resolve(all.result);
    });
    return rows.find((row) => row.key.startsWith('register:'))?.value.registerId as string;
  });
  const current = await page.request.get('/api/shifts/current', { headers: api.headers, params: { registerId } });
  const shiftId: string = (await current.json()).data.shift.id;
  // The register has the online sale in the figures it keeps before the network goes.
  await expect
    .poll(async () =>
      page.evaluate(async (key) => {
        const open = indexedDB.open('pos-register');
        const db = await new Promise<IDBDatabase>((resolve) => {
          open.onsuccess = () => resolve(open.result);
        });
        const row = await new Promise<{ value?: { value?: { sales?: { count?: number } } } } | undefined>((resolve) => {
          const get = db.transaction('meta').objectStore('meta').get(key);
          get.onsuccess = () => resolve(get.result);
        });
        return row?.value?.value?.sales?.count ?? 0;
      }, `shiftReport:${shiftId}`),
    )
    .toBe(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Point of Sale' })).toBeVisible();
  await expect(status).toContainText('Offline since');

  // The Shift menu is there, saying it is offline; what needs the server is disabled.
  await shiftMenu(page);
  await expect(page.getByTestId('shift-offline')).toHaveText(/^Offline · shift as of \d\d:\d\d$/);
  await expect(page.getByRole('menuitem', { name: 'Cash in / out' })).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Close shift' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/shift-menu-offline-1280.png` });
  await page.keyboard.press('Escape');

  // A paid out and a paid in, each queued and kicking the drawer; a paid out beyond the drawer is refused here.
  let dialog = await moveCash(page, 'Paid out', '30', 'Supplier paid offline');
  await backAtBarcode(page, dialog);
  await expectToast(page, 'Paid out PKR 30.00 recorded offline: it syncs when the server is back');
  await expect.poll(() => drawerKicks(page)).toBe(1);
  dialog = await moveCash(page, 'Paid in', '12.5', 'Change brought in offline');
  await backAtBarcode(page, dialog);
  await expectToast(page, 'Paid in PKR 12.50 recorded offline: it syncs when the server is back');
  await expect.poll(() => drawerKicks(page)).toBe(1);
  // One cash sale offline: in the X report as not yet synced (its receipt, and its kick, printed first).
  await sellCashCola(page);
  await expectToast(page, 'Payment processed successfully');
  await expectToast(page, 'Receipt printed successfully');
  const expected = 100 + colaSale + colaSale + 12.5 - 30;
  dialog = await moveCash(page, 'Paid out', '100000', 'Too much');
  await expectToast(page, paidOutCeilingMessage(`PKR ${amount(expected)}`));
  await expect(dialog).toBeVisible();
  expect(await drawerKicks(page)).toBe(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await backAtBarcode(page, dialog);
  await expect(status).toContainText('1 sale and 2 cash movements waiting to sync');

  // The X report: provisional, with them and what is not yet synced.
  await shiftMenu(page, 'X report');
  const x = page.getByRole('dialog', { name: 'X report' });
  await expect(x.getByTestId('x-provisional')).toContainText('Provisional (offline)');
  await expect(x.getByTestId('x-provisional')).toContainText('Not yet synced: 1 sale, 2 cash movements.');
  await expect(x.getByTestId('expected-cash')).toHaveText(`PKR ${amount(expected)}`);
  const drawer = x.getByRole('table', { name: 'Cash drawer' });
  await expect(drawer.getByRole('row', { name: /^Paid in/ })).toContainText('12.50');
  await expect(drawer.getByRole('row', { name: /^Paid out/ })).toContainText('30.00');
  await expect(x.getByRole('table', { name: 'X report' }).getByRole('row').first()).toContainText('Sales (2)');
  await expect(x.getByTestId('cash-movement').filter({ hasText: 'Not synced' })).toHaveCount(2);
  await page.screenshot({ path: `${SCREENS}/x-report-offline-1280.png` });
  await expectNoSeriousWcag(page, 'the offline X report');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(x.getByTestId('expected-cash')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/x-report-offline-390.png` });
  await expectNoSeriousWcag(page, 'the offline X report at 390 px');
  await x.getByRole('button', { name: 'Close', exact: true }).click();
  await backAtBarcode(page, x);
  await shiftMenu(page);
  await page.screenshot({ path: `${SCREENS}/shift-menu-offline-390.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Back online: the queue drains (the session signed in online stays), each movement once.
  await context.setOffline(false);
  await expect(status).toContainText('Online', { timeout: 30_000 });
  await expect(status).not.toContainText('waiting to sync', { timeout: 30_000 });
  const report = async () =>
    (await (await page.request.get(`/api/shifts/${shiftId}/report`, { headers: api.headers })).json()).data;
  const synced = await report();
  const offlineMoves = synced.cashMovements.filter((m: { offline: boolean }) => m.offline);
  expect(
    offlineMoves.map((m: { kind: string; amount: number; reason: string }) => [m.kind, m.amount, m.reason]),
  ).toEqual([
    ['paid_out', 30, 'Supplier paid offline'],
    ['paid_in', 12.5, 'Change brought in offline'],
  ]);
  expect(synced.sales.count).toBe(2);
  // The server's X report is what the register showed offline, to the cent.
  expect(cents(synced.expectedCash)).toBe(cents(expected));

  // A second sync of the same movements (the register sending its batch again) records nothing twice.
  const movementBatch = batches.find((request) => (request.postData() ?? '').includes('"cash_movements"'));
  expect(movementBatch, 'the movements went in a batch upload').toBeTruthy();
  const again = await page.request.post('/api/transactions/batch', {
    headers: api.headers,
    data: JSON.parse(movementBatch?.postData() ?? '{}'),
  });
  expect(again.ok()).toBeTruthy();
  const replays = (await again.json()).data.movementResults;
  expect(replays.map((r: { status: number; replayed: boolean }) => [r.status, r.replayed])).toEqual([
    [201, true],
    [201, true],
  ]);
  const after = await report();
  expect(after.cashMovements).toHaveLength(synced.cashMovements.length);
  expect(cents(after.expectedCash)).toBe(cents(expected));

  // Online again the X report is the server's, no longer provisional.
  await shiftMenu(page, 'X report');
  await expect(x.getByTestId('expected-cash')).toHaveText(`PKR ${amount(expected)}`);
  await expect(x.getByTestId('x-provisional')).toHaveCount(0);
});
