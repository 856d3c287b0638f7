import { mkdirSync } from 'node:fs';
import { apiSession } from './api';
import { expectNoSeriousWcag } from './axe';
import { installFakeUsbPrinter } from './devices';
import { expect, type Locator, type Page, test, WITH_SERVICE_WORKER } from './fixtures';
import {
  allowSlowScans,
  ensureShiftOpen,
  expectServiceWorkerControl,
  expectToast,
  scanWithWedge,
  signInToDashboard,
} from './helpers';
import { exemptItems, payWithVoucher } from './vouchers';

test.use(WITH_SERVICE_WORKER);

/**
 * Gift vouchers at an offline register (docs/architecture/offline.md, 'Gift vouchers offline'): a 200.00 voucher
 * sold online reaches the register by its sync (its code's digest, never the code); offline, a 300.00 sale takes
 * 120.00 of it by a keyboard-wedge scan, and the rest in cash; back online the queued sale syncs with the voucher's
 * code and the server's balance drops to 80.00; offline again, a 250.00 sale can take at most those 80.00; then
 * nothing is left on it for a third sale (the synced 80.00 less the queued 80.00).
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-gv-offline';

const voucherBalance = async (page: Page, session: Awaited<ReturnType<typeof apiSession>>, code: string) => {
  const res = await page.request.get(`/api/gift-vouchers/code/${code}`, {
    headers: session.headers,
    params: { branchId: session.branchId },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.balance as number;
};

/**
 * The voucher scanned into the Payment dialog (Gift voucher chosen): what it shows of it. The page stalls after
 * four keys, past the detector's release timer (a CI run's did, and the code lost its first characters).
 */
async function scanVoucher(page: Page, dialog: Locator, code: string) {
  await scanWithWedge(page, code, { after: 4, ms: 400 });
  await expect(dialog.getByTestId('voucher-found')).toContainText(code);
}

/** The register's sync of vouchers has run since `since` (its status says when it last did). */
async function vouchersSyncedAfter(status: Locator, since: string) {
  await expect
    .poll(async () => Number((await status.getAttribute('data-vouchers-synced-at')) || 0))
    .toBeGreaterThan(Number(since || 0));
}

test('gift voucher offline: spent by scan from its synced balance, synced once back online, limited to what is left', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await installFakeUsbPrinter(context);
  await allowSlowScans(page);
  const cashier = await apiSession(page, 'cashier');
  const [sku300, sku250] = (await exemptItems(page, cashier.branchId, [300, 250])) as [string, string];
  const sold = await page.request.post('/api/gift-vouchers', {
    headers: cashier.headers,
    data: { branchId: cashier.branchId, amount: 200, method: 'card' },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const { code } = (await sold.json()).data as { code: string };

  // The register online: the catalogue, then the vouchers synced (the sync answer never carries a code).
  const voucherSync = page.waitForResponse((r) => r.url().includes('/api/sync/gift-vouchers'));
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  const status = page.getByTestId('register-status');
  await expect(status).toHaveAttribute('data-catalogue', 'synced');
  const synced = await voucherSync;
  expect(await synced.text()).not.toContain(code);
  await vouchersSyncedAfter(status, '');
  // The service worker controls the page: the lazy Payment dialog's code comes from its precache offline.
  await expectServiceWorkerControl(page);

  // Offline: a 300.00 sale, 120.00 of it by the voucher (scanned), 180.00 cash.
  await context.setOffline(true);
  await expect(status).toContainText('Offline since');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(page.getByLabel('Barcode')).toBeFocused();
  await scanWithWedge(page, sku300);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  let pay = await payWithVoucher(page);
  await scanVoucher(page, pay, code);
  await expect(pay.getByTestId('voucher-balance')).toHaveText('Balance PKR 200.00');
  await expect(pay.getByTestId('voucher-offline')).toHaveText('Offline: the balance at the last sync');
  const voucherAmount = pay.getByLabel('Gift voucher amount');
  await expect(voucherAmount).toBeFocused();
  await expect(voucherAmount).toHaveAttribute('placeholder', '200.00');
  await page.keyboard.type('120');
  await expect(pay.getByText(/PKR 180\.00 remains: F8 adds this gift voucher/)).toBeVisible();
  await expectNoSeriousWcag(page, 'the Payment dialog with a gift voucher, offline');
  await pay.screenshot({ path: `${SHOTS}/payment-voucher-offline.png` });
  await page.keyboard.press('F8');
  await expect(pay.getByTestId('tender-line')).toHaveText([/Gift voucher.*120\.00/]);
  await expect(pay.getByLabel('Amount Received')).toBeFocused();
  await page.keyboard.type('180');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Payment processed successfully');
  await expect(status).toContainText('1 sale waiting to sync');

  // Online again: the sale uploads once, with the voucher's code, and the server's balance drops by 120.00.
  const before = (await status.getAttribute('data-vouchers-synced-at')) ?? '';
  const upload = page.waitForRequest((r) => r.url().endsWith('/api/transactions/batch'));
  await context.setOffline(false);
  const sent = JSON.parse((await upload).postData() ?? '{}');
  expect(sent.sales[0].sale).toMatchObject({
    offline: true,
    payment_method: 'mixed',
    total: 300,
    voucher_code: code,
    tenders: [
      { method: 'voucher', amount: 120 },
      { method: 'cash', amount: 180 },
    ],
  });
  await expect(status).not.toContainText('waiting to sync');
  await expect.poll(() => voucherBalance(page, cashier, code)).toBe(80);
  // And the register reads the vouchers again once the sale left its outbox.
  await vouchersSyncedAfter(status, before);

  // Offline again: a 250.00 sale can take at most the 80.00 the register last synced.
  await context.setOffline(true);
  await expect(status).toContainText('Offline since');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(page.getByLabel('Barcode')).toBeFocused();
  await scanWithWedge(page, sku250);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  pay = await payWithVoucher(page);
  await scanVoucher(page, pay, code);
  await expect(pay.getByTestId('voucher-balance')).toHaveText('Balance PKR 80.00');
  await expect(voucherAmount).toHaveAttribute('placeholder', '80.00');
  await page.keyboard.type('100');
  await expect(pay.getByText('Only PKR 80.00 left on the gift voucher')).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Complete Payment' })).toBeDisabled();
  await expect(pay.getByRole('button', { name: 'Add tender' })).toBeDisabled();
  await voucherAmount.fill('');
  await page.keyboard.press('F8');
  await expect(pay.getByTestId('tender-line')).toHaveText([/Gift voucher.*80\.00/]);
  await page.keyboard.type('170');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Payment processed successfully');

  // A third sale: nothing is left on it here (80.00 synced, 80.00 spent by the sale queued).
  await page.keyboard.press('ControlOrMeta+b');
  await scanWithWedge(page, sku250);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  pay = await payWithVoucher(page);
  await scanVoucher(page, pay, code);
  await expect(pay.getByText('Nothing is left on this gift voucher')).toBeVisible();
  await expect(pay.getByTestId('voucher-offline')).toHaveText(
    'Offline: PKR 80.00 at the last sync, less PKR 80.00 spent on this register since',
  );
  await expect(pay.getByLabel('Gift voucher amount')).toHaveCount(0);
  await pay.screenshot({ path: `${SHOTS}/payment-voucher-offline-spent.png` });
  await page.keyboard.press('Escape');
  await expect(pay).toHaveCount(0);

  await context.setOffline(false);
  await expect(status).not.toContainText('waiting to sync');
  await expect.poll(() => voucherBalance(page, cashier, code)).toBe(0);
});
