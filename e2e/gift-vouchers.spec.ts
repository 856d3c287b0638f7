import { mkdirSync } from 'node:fs';
import { apiSession } from './api';
import { expectAccessible, expectNoSeriousWcag } from './axe';
import { decodeEscPos, escPosIndex, escPosLines, installFakeUsbPrinter, usbRecord } from './devices';
import { expect, type Page, test } from './fixtures';
import {
  allowSlowScans,
  ensureShiftOpen,
  expectNoSideScroll,
  expectToast,
  LONG_FLOW_MS,
  scanWithWedge,
  signInToDashboard,
} from './helpers';
import { exemptItems, payWithVoucher } from './vouchers';

/**
 * Gift vouchers end to end: a cashier sells a 500.00 voucher for cash at the register (its slip printed on the
 * paired USB printer: the code as text and as a Code 128 barcode; the X report shows the paid-in), pays a 300.00
 * sale by scanning it at Payment, then a 250.00 sale with the 200.00 left on it and 50.00 cash; the manager's Gift
 * Vouchers page shows it used and what vouchers still owe.
 */

// Screenshots for a person to look at (SHOTS_DIR to keep them elsewhere).
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-gv';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };
const WIDTH = 48;
/** As the web app writes amounts: '1,234.50' (after the currency). */
const amount = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

type Voucher = { code: string; amount: number; balance: number; status: string; expiresOn: string | null };

/** Picks an item of the Shift menu from the keyboard (toasts may sit over the header and the menu). */
async function shiftMenu(page: Page, item: string) {
  const button = page.getByRole('button', { name: /^Shift R\d+$/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: item }).press('Enter');
}

/** One whole USB print job, decoded: its items and its text lines (none wider than the paper). */
async function printedJob(page: Page) {
  await expect
    .poll(async () => (await usbRecord(page)).calls)
    .toEqual(['open', 'selectConfiguration', 'claimInterface', 'reset', 'transferOut', 'close']);
  const { transfers } = await usbRecord(page, { clear: true });
  expect(transfers).toHaveLength(1);
  const items = decodeEscPos(transfers[0] ?? []);
  const lines = escPosLines(items);
  for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(WIDTH);
  return { items, lines };
}

const saleAnswer = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST');

test('gift vouchers: sold for cash at the register (slip printed, paid in), spent by scanning it at Payment, then its rest beside cash; the manager sees it used and what vouchers owe', async ({
  page,
  context,
}) => {
  test.setTimeout(LONG_FLOW_MS);
  mkdirSync(SHOTS, { recursive: true });
  await installFakeUsbPrinter(context);
  await allowSlowScans(page);
  const cashier = await apiSession(page, 'cashier');
  const [sku300, sku250] = (await exemptItems(page, cashier.branchId, [300, 250])) as [string, string];

  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  // A new browser context is a new register: its own shift.
  await ensureShiftOpen(page);
  await expect(page.getByTestId('register-status')).toHaveAttribute('data-catalogue', 'synced');
  await expect(page.getByLabel('Barcode')).toBeFocused();
  await expect.poll(async () => (await usbRecord(page)).calls.at(-1) ?? 'close').toBe('close');
  await usbRecord(page, { clear: true });

  // Sell a 500.00 voucher for cash, valid for a year, from the keyboard.
  await shiftMenu(page, 'Sell gift voucher');
  const sell = page.getByRole('dialog', { name: 'Sell gift voucher' });
  await expect(sell).toBeVisible();
  const amountField = sell.getByLabel('Amount');
  await expect(amountField).toBeFocused();
  await page.keyboard.type('500');
  await expect(sell.getByRole('radio', { name: 'Cash' })).toBeChecked();
  const expiry = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await sell.getByLabel('Expires on').fill(expiry);
  const [y, m, d] = expiry.split('-');
  await expect(sell.getByText(`Can be spent until ${d}/${m}/${y}`)).toBeVisible();
  await expectNoSeriousWcag(page, 'the Sell gift voucher dialog');
  await page.screenshot({ path: `${SHOTS}/sell-voucher-1280.png` });
  await page.setViewportSize(PHONE);
  await expect(sell.getByRole('button', { name: 'Sell voucher' })).toBeInViewport();
  await expectNoSideScroll(sell);
  await expectNoSeriousWcag(page, 'the Sell gift voucher dialog, 390 px');
  await page.screenshot({ path: `${SHOTS}/sell-voucher-390.png` });
  await page.setViewportSize(DESKTOP);

  const sold = page.waitForResponse((r) => r.url().endsWith('/api/gift-vouchers') && r.request().method() === 'POST');
  await amountField.focus();
  await page.keyboard.press('Enter');
  const soldAnswer = await sold;
  expect(soldAnswer.status(), await soldAnswer.text()).toBe(201);
  const sentSale = JSON.parse(soldAnswer.request().postData() ?? '{}');
  expect(sentSale).toMatchObject({ branchId: cashier.branchId, amount: 500, method: 'cash', expires_on: expiry });
  expect(sentSale.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(sentSale.shift_id).toMatch(/^[0-9a-f-]{36}$/);
  const voucher = (await soldAnswer.json()).data as Voucher;
  expect(voucher).toMatchObject({ amount: 500, balance: 500, status: 'active', expiresOn: expiry });
  const { code } = voucher;
  expect(code).toMatch(/^GV[0-9A-Z]{10}$/);

  // The code on screen (to write down without a printer), then its slip on the printer.
  await expect(sell.getByTestId('sold-voucher-code')).toHaveText(code);
  await expect(sell.getByRole('button', { name: 'Done' })).toBeFocused();
  const slip = await printedJob(page);
  expect(slip.items[0]).toEqual({ kind: 'init' });
  expect(slip.lines.map((l) => l.trim())).toContain('GIFT VOUCHER');
  expect(slip.lines).toContainEqual(expect.stringMatching(new RegExp(`^Code: +${code}$`)));
  expect(slip.lines).toContainEqual(expect.stringMatching(/^Amount: +PKR 500\.00$/));
  expect(slip.lines).toContainEqual(expect.stringMatching(new RegExp(`^Valid until: +${d}/${m}/${y}$`)));
  // The code as the printer's Code 128 (m = 73, set B), then the drawer kick (cash), then the cut.
  const barcode = escPosIndex(slip.items, 'barcode');
  expect(slip.items[barcode]).toEqual({ kind: 'barcode', symbology: 73, data: `{B${code}` });
  expect(escPosIndex(slip.items, 'pulse')).toBeGreaterThan(barcode);
  expect(escPosIndex(slip.items, 'cut')).toBeGreaterThan(escPosIndex(slip.items, 'pulse'));
  await expect(sell.getByText('The voucher slip is printed with this code and its barcode.')).toBeVisible();
  await expectNoSeriousWcag(page, 'the Sell gift voucher dialog, sold');
  await page.screenshot({ path: `${SHOTS}/sell-voucher-sold-1280.png` });
  await page.keyboard.press('Enter');
  await expect(sell).toHaveCount(0);
  await expect(page.getByLabel('Barcode')).toBeFocused();

  // The X report: the 500.00 came into the drawer as a paid-in of the voucher.
  await shiftMenu(page, 'X report');
  const x = page.getByRole('dialog', { name: 'X report' });
  await expect(x.getByTestId('cash-movement').filter({ hasText: `Gift voucher ${code}` })).toContainText(
    'Paid in PKR 500.00',
  );
  const drawer = x.getByRole('table', { name: 'Cash drawer' });
  await expect(drawer.getByRole('row').filter({ hasText: 'Paid in' })).toContainText(amount(500));
  await x.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(x).toHaveCount(0);

  // A 300.00 sale: Gift voucher chosen, the voucher scanned (a keyboard-wedge scanner, the focus on the method).
  await expect(page.getByLabel('Barcode')).toBeFocused();
  await scanWithWedge(page, sku300);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await usbRecord(page, { clear: true });
  let pay = await payWithVoucher(page);
  await scanWithWedge(page, code);
  await expect(pay.getByTestId('voucher-balance')).toHaveText('Balance PKR 500.00');
  const voucherAmount = pay.getByLabel('Gift voucher amount');
  await expect(voucherAmount).toBeFocused();
  await expect(voucherAmount).toHaveAttribute('placeholder', '300.00');
  await expect(pay.getByText(/PKR 300\.00 of the gift voucher pays it all; no change\./)).toBeVisible();
  // Nothing was held for the cart: the scan was the voucher's.
  await expect(page.getByText('Scan held')).toHaveCount(0);
  await expectNoSeriousWcag(page, 'the Payment dialog with a gift voucher');
  await page.screenshot({ path: `${SHOTS}/payment-voucher-1280.png` });
  await page.setViewportSize(PHONE);
  const complete = pay.getByRole('button', { name: 'Complete Payment' });
  await expect(complete).toBeInViewport();
  await expectNoSideScroll(pay);
  await expectNoSeriousWcag(page, 'the Payment dialog with a gift voucher, 390 px');
  await page.screenshot({ path: `${SHOTS}/payment-voucher-390.png` });
  await page.setViewportSize(DESKTOP);
  await voucherAmount.focus();
  let answer = saleAnswer(page);
  await page.keyboard.press('Enter');
  let res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({
    payment_method: 'voucher',
    total: 300,
    amount_paid: 300,
    change: 0,
    voucher_code: code,
  });
  await expectToast(page, 'Payment processed successfully');
  await expect(page.getByText('Cart is empty')).toBeVisible();
  const receipt = await printedJob(page);
  expect(receipt.lines).toContainEqual(expect.stringMatching(/^Payment: +Gift voucher$/));
  expect(escPosIndex(receipt.items, 'pulse')).toBe(-1);

  // What is left on it, as the server says: 200.00.
  const left = await page.request.get(`/api/gift-vouchers/code/${code}`, {
    headers: cashier.headers,
    params: { branchId: cashier.branchId },
  });
  expect(((await left.json()).data as Voucher).balance).toBe(200);

  // A 250.00 sale: the code scanned into the focused Voucher code field, its 200.00 recorded (F8), 50.00 cash.
  // (Closing the toast took the focus: mod+B gives it back to the Barcode field.)
  await page.keyboard.press('ControlOrMeta+b');
  await expect(page.getByLabel('Barcode')).toBeFocused();
  await scanWithWedge(page, sku250);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  pay = await payWithVoucher(page);
  await page.keyboard.press('Tab');
  await expect(pay.getByLabel('Voucher code')).toBeFocused();
  await scanWithWedge(page, code);
  await expect(pay.getByTestId('voucher-balance')).toHaveText('Balance PKR 200.00');
  await expect(pay.getByLabel('Gift voucher amount')).toBeFocused();
  await expect(pay.getByText(/PKR 50\.00 remains: F8 adds this gift voucher/)).toBeVisible();
  await page.keyboard.press('F8');
  await expect(pay.getByTestId('tender-line')).toHaveText([/Gift voucher.*200\.00/]);
  await expect(pay.getByLabel('Remaining')).toHaveText('PKR 50.00');
  await expect(pay.getByLabel('Amount Received')).toBeFocused();
  await page.keyboard.type('50');
  answer = saleAnswer(page);
  await page.keyboard.press('Enter');
  res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({
    payment_method: 'mixed',
    total: 250,
    voucher_code: code,
    tenders: [
      { method: 'voucher', amount: 200 },
      { method: 'cash', amount: 50 },
    ],
  });
  expect(((await res.json()).data as { tenders: unknown[] }).tenders).toEqual([
    { method: 'cash', amount: 50 },
    { method: 'voucher', amount: 200 },
  ]);
  await expectToast(page, 'Payment processed successfully');
  const used = await page.request.get(`/api/gift-vouchers/code/${code}`, {
    headers: cashier.headers,
    params: { branchId: cashier.branchId },
  });
  expect((await used.json()).data).toMatchObject({ balance: 0, status: 'used' });

  // The back office, as the manager: what vouchers owe, the voucher used, its balance by its code.
  await page.getByRole('button', { name: /user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInToDashboard(page, 'manager');
  await page.getByRole('navigation').getByRole('link', { name: 'Gift Vouchers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Vouchers' })).toBeVisible();
  const manager = await apiSession(page, 'manager');
  const owed = await page.request.get('/api/gift-vouchers/liability', {
    headers: manager.headers,
    params: { branchId: manager.branchId },
  });
  const liability = (await owed.json()).data as { activeCount: number; outstanding: number; expiredBalance: number };
  await expect(page.getByRole('region', { name: 'Outstanding' })).toContainText(`PKR ${amount(liability.outstanding)}`);
  await expect(page.getByRole('region', { name: 'Active vouchers' })).toContainText(String(liability.activeCount));
  await expect(page.getByRole('region', { name: 'Expired balance' })).toContainText(
    `PKR ${amount(liability.expiredBalance)}`,
  );
  const table = page.getByRole('table', { name: 'Gift vouchers' });
  const row = table.getByTestId('voucher-row').filter({ hasText: code });
  await expect(row).toContainText('Used');
  await expect(row).toContainText('PKR 500.00');
  await expect(row).toContainText('PKR 0.00');
  await expect(row).toContainText(`${d}/${m}/${y}`);
  // Active only: it is not there; Used: it is (the status filter from the keyboard).
  const status = page.getByRole('radiogroup', { name: 'Status' });
  await status.getByRole('radio', { name: 'All' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(status.getByRole('radio', { name: 'Active' })).toBeChecked();
  await expect(table.getByTestId('voucher-row').filter({ hasText: code })).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(status.getByRole('radio', { name: 'Used' })).toBeChecked();
  await expect(table.getByTestId('voucher-row').filter({ hasText: code })).toContainText('Used');
  // Check balance: the code, any case; its details show the balance, the amount and who sold it.
  await page.getByLabel('Voucher code').fill(code.toLowerCase());
  await page.getByLabel('Voucher code').press('Enter');
  const checked = page.getByTestId('checked-voucher');
  await expect(checked).toContainText(code);
  await expect(checked).toContainText('Used');
  await expect(checked).toContainText('BalancePKR 0.00');
  await expect(checked).toContainText('AmountPKR 500.00');
  await expect(checked).toContainText(`Valid until${d}/${m}/${y}`);
  // A code in the list shows its voucher there too, the focus on it.
  await page.getByLabel('Voucher code').fill('');
  await row.getByRole('button', { name: code }).click();
  await expect(page.getByLabel('Voucher code')).toHaveValue(code);
  await expect(checked).toContainText('BalancePKR 0.00');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/gift-vouchers-page-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Vouchers' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/gift-vouchers-page-390.png`, fullPage: true });
  // An unknown code says so and keeps what was typed.
  await page.getByLabel('Voucher code').fill('GV0000000000');
  await page.getByLabel('Voucher code').press('Enter');
  await expect(page.getByText('Gift voucher not found')).toBeVisible();
  await expect(page.getByLabel('Voucher code')).toHaveValue('GV0000000000');
});
