import { mkdirSync } from 'node:fs';
import { expectNoSeriousWcag } from './axe';
import { startFbrSimulator } from './fbr-sim';
import { type APIRequestContext, expect, type Page, test, WITH_SERVICE_WORKER } from './fixtures';
import {
  DEMO_PASSWORD,
  ensureShiftOpen,
  expectServiceWorkerControl,
  expectToast,
  keepPrintPopupsOpen,
  signInToDashboard,
} from './helpers';

test.use(WITH_SERVICE_WORKER);

// FBR fiscal reporting (docs/architecture/fiscal.md) with the register offline: its sales are reported when they
// sync, and a reprint carries FBR's number. The FBR simulator (the server's build, apps/server/dist/fbr-sim.js)
// runs beside the e2e server; Main Branch reports to it for these tests and stops at the end (the e2e database
// is shared by every spec). Demo data: Main Branch sells Cola 1.5L (BEV-COLA-15).

const SHOTS = '/tmp/shots';
const RECEIPT_NUMBER = /R\d+-\d{6}/;
const OFFICE_POS = 8100;
const REGISTER_POS = 8101;

type SimInvoice = { posId: number; usin: string; invoiceNumber: string; received: number };

let stopSimulator: (() => void) | undefined;
let simUrl = '';
let api: APIRequestContext;
let admin: Record<string, string>;
let branchId = '';

async function simInvoices(): Promise<SimInvoice[]> {
  const res = await api.get(`${simUrl}/__sim/invoices`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** The simulator's invoice of each USIN once every one of them is numbered. */
async function numbered(usins: string[]): Promise<Map<string, SimInvoice>> {
  let byUsin = new Map<string, SimInvoice>();
  await expect
    .poll(
      async () => {
        byUsin = new Map((await simInvoices()).map((i) => [i.usin, i]));
        return usins.filter((u) => byUsin.has(u));
      },
      { message: 'numbered by the FBR simulator', timeout: 30_000 },
    )
    .toEqual(usins);
  return byUsin;
}

const putSettings = (data: Record<string, unknown>) =>
  api.put('/api/fiscal/settings', { headers: admin, data: { branchId, ...data } });

// One simulator and one setting for both tests: the second returns a sale the first reported.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, serverURL }) => {
  api = await playwright.request.newContext({ baseURL: serverURL });
  ({ url: simUrl, stop: stopSimulator } = await startFbrSimulator());
  const login = await api.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(login.ok()).toBeTruthy();
  const { access_token: token, user } = await login.json();
  admin = { Authorization: `Bearer ${token}` };
  branchId = user.company[0].branches.find((b: { isMain?: boolean }) => b.isMain).id;
  // The Super Admin points Main Branch at the simulator, the back office's POS registration with it.
  const saved = await putSettings({
    provider: 'fbr',
    environment: 'simulator',
    baseUrl: simUrl,
    posId: OFFICE_POS,
    token: 'office-token',
    defaultPctCode: '2202.1010',
    // FBR's PKR 1 POS service fee on every sale: the register learns it with the catalogue and charges it offline.
    serviceFee: true,
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test.afterAll(async () => {
  // The branch stops reporting: the specs after this one sell at Main Branch as before.
  if (api) {
    const off = await putSettings({ provider: 'none' });
    expect(off.status(), await off.text()).toBe(200);
    await api.dispose();
  }
  stopSimulator?.();
});

/** One card sale of a Cola at the register: the receipt number printed and the printed receipt. */
async function sellCola(page: Page): Promise<{ number: string; text: string }> {
  const barcode = page.getByLabel('Barcode');
  await barcode.fill('BEV-COLA-15');
  await barcode.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByText('Card', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked();
  const popup = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  const receipt = await popup;
  const text = (await receipt.locator('pre').textContent()) ?? '';
  await receipt.close();
  await expect(page.getByText('Cart is empty')).toBeVisible();
  const number = RECEIPT_NUMBER.exec(text)?.[0];
  expect(number, `receipt number on the printed receipt:\n${text}`).toBeTruthy();
  return { number: number as string, text };
}

test('a register offline sells 3 sales, comes back, the 3 are fiscalised and their reprints carry FBR numbers', async ({
  page,
  context,
}) => {
  await keepPrintPopupsOpen(context);
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  const status = page.getByTestId('register-status');
  // The catalogue's sync tells the register its branch reports (branch.fiscal): its receipts say FBR's number.
  await expect(status).toHaveAttribute('data-catalogue', 'synced');
  const register = await page.evaluate(async (id) => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('pos-register');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const row = await new Promise<{ value: { registerId: string } } | undefined>((resolve, reject) => {
      const r = idb.transaction('meta').objectStore('meta').get(`register:${id}`);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    idb.close();
    return row?.value.registerId;
  }, branchId);
  expect(register, 'the register is enrolled at Main Branch').toBeTruthy();
  // The register's own POS registration: FBR numbers its invoices under its POSID.
  const registration = await api.put(`/api/fiscal/registers/${register}`, {
    headers: admin,
    data: { branchId, posId: REGISTER_POS, token: 'register-token' },
  });
  expect(registration.status(), await registration.text()).toBe(200);

  // Offline: 3 sales, each receipt printed at once with its number pending. The service worker serves the
  // app's precached code (the Payment dialog is loaded when first opened).
  await expectServiceWorkerControl(page);
  await context.setOffline(true);
  await expect(status).toContainText('Offline since');
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { number, text } = await sellCola(page);
    expect(text).toContain('FBR number pending');
    expect(text).toMatch(/POS service fee \(FBR\): +1\.00/);
    numbers.push(number);
  }
  await expect(status).toContainText('3 sales waiting to sync');

  // Back online: the outbox uploads them, the server's fiscal outbox reports each to FBR once.
  await context.setOffline(false);
  await expect(status).toContainText('Online', { timeout: 30_000 });
  await expect(status).not.toContainText('waiting to sync', { timeout: 30_000 });
  const invoices = await numbered(numbers);
  for (const usin of numbers) {
    expect(invoices.get(usin), `${usin} sent once under the register's POSID`).toMatchObject({
      posId: REGISTER_POS,
      received: 1,
    });
  }

  // The reprint of each (the transactions screen's details) carries FBR's number for its receipt.
  for (const usin of numbers) {
    const fbrNumber = invoices.get(usin)?.invoiceNumber as string;
    const list = await api.get('/api/transactions', {
      headers: admin,
      params: { branchId, receiptNumber: usin, page: 1, limit: 10 },
    });
    const sale = (await list.json()).data.find((s: { receiptNumber: string }) => s.receiptNumber === usin);
    expect(sale, `sale ${usin}`).toBeTruthy();
    // Recorded with the fee it charged, the branch's: nothing to review.
    const read = (await (await api.get(`/api/transactions/${sale.id}`, { headers: admin })).json()).data;
    expect(read).toMatchObject({ serviceFee: 1, offline: true });
    expect(read.flags).not.toContain('service_fee_differs');
    await page.goto(`/dashboard/transactions?id=${sale.id}`);
    const details = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(details.getByTestId('fbr-invoice')).toHaveText(fbrNumber);
    const popup = context.waitForEvent('page');
    await details.getByRole('button', { name: 'Reprint Receipt' }).click();
    const receipt = await popup;
    const text = (await receipt.locator('pre').textContent()) ?? '';
    await receipt.close();
    expect(text).toContain(usin);
    expect(text).toMatch(new RegExp(`FBR Invoice No: +${fbrNumber}`));
    expect(text).not.toContain('FBR number pending');
    expect(text).toMatch(/POS service fee \(FBR\): +1\.00/);
  }
});

test("the returns screen shows the sale's FBR number, and the return's own once FBR numbered it", async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  // The last sale of the test before: reported and numbered.
  const sent = (await simInvoices()).filter((i) => i.posId === REGISTER_POS).at(-1);
  expect(sent, 'a sale numbered by the test before').toBeTruthy();
  const receipt = sent?.usin as string;

  await signInToDashboard(page, 'manager');
  await page.goto('/dashboard/returns');
  await page.getByRole('tab', { name: 'Find Transaction' }).click();
  await page.getByLabel('Receipt Number').fill(receipt);
  await page.getByTestId(`lookup-${receipt}`).getByRole('button', { name: 'Process Return' }).click();
  const dialog = page.getByRole('dialog', { name: 'Process Return' });
  await expect(dialog.getByTestId('fbr-invoice')).toHaveText(`FBR Invoice No: ${sent?.invoiceNumber}`);
  await expectNoSeriousWcag(page, 'Process Return with the FBR number');
  await page.screenshot({ path: `${SHOTS}/fiscal-process-return-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousWcag(page, 'Process Return with the FBR number at 390 px');
  await page.screenshot({ path: `${SHOTS}/fiscal-process-return-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // One Cola back to the card: the return is reported too (a debit note, under the POSID of the register whose
  // shift the form takes, else the back office's).
  await dialog.getByLabel('Return quantity for Cola 1.5L').fill('1');
  await dialog.getByRole('combobox', { name: 'Return Reason' }).click();
  await page.getByRole('option', { name: 'Customer Changed Mind' }).click();
  await dialog.getByRole('button', { name: 'Process Return' }).click();
  await expectToast(page, 'Return processed successfully');
  const list = await api.get('/api/returns', { headers: admin, params: { branchId, page: 1, limit: 10 } });
  const ret = (await list.json()).data.find(
    (r: { originalTransaction: { receiptNumber: string } }) => r.originalTransaction.receiptNumber === receipt,
  );
  expect(ret, `the return of ${receipt}`).toBeTruthy();
  const debitNote = (await numbered([ret.returnNumber])).get(ret.returnNumber);
  expect(debitNote?.received).toBe(1);

  await page.getByRole('tab', { name: 'Returns List' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: ret.returnNumber })
    .getByRole('button', { name: /^View / })
    .click();
  const details = page.getByRole('dialog', { name: 'Return Details' });
  await expect(details.getByTestId('fbr-invoice')).toHaveText(debitNote?.invoiceNumber as string);
  await expectNoSeriousWcag(page, 'Return Details with the FBR number');
  await page.screenshot({ path: `${SHOTS}/fiscal-return-details-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousWcag(page, 'Return Details with the FBR number at 390 px');
  await page.screenshot({ path: `${SHOTS}/fiscal-return-details-390.png` });
});
