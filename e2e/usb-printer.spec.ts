import { expect, type Page, test } from '@playwright/test';
import { apiSession, createProductViaApi } from './api';
import { decodeEscPos, escPosIndex, escPosLines, installFakeUsbPrinter, usbRecord } from './devices';
import { ensureShiftOpen, signInToDashboard } from './helpers';

/**
 * A paired USB receipt printer, in Chromium: a fake `navigator.usb` device (e2e/devices.ts) takes the
 * bytes the register sends through @point-of-sale/webusb-receipt-printer, and the test decodes them.
 * The receipt goes to the printer, not to the HTML popup; only a cash sale kicks the drawer.
 */

const WIDTH = 48;
const LONG_NAME = 'USB Receipt Product With A Long Name';

/** One whole print job: opened, configured, claimed, reset, one transfer, closed. */
async function printedJob(page: Page) {
  await expect
    .poll(async () => (await usbRecord(page)).calls)
    .toEqual(['open', 'selectConfiguration', 'claimInterface', 'reset', 'transferOut', 'close']);
  const { transfers } = await usbRecord(page, { clear: true });
  expect(transfers).toHaveLength(1);
  const items = decodeEscPos(transfers[0] ?? []);
  const lines = escPosLines(items);
  expect(items[0]).toEqual({ kind: 'init' });
  for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(WIDTH);
  return { items, lines };
}

async function sell(page: Page, sku: string, method: 'cash' | 'card') {
  // The last sale's toasts are gone first: each sale's are its own.
  await expect(page.getByText(/^(Payment processed|Receipt printed) successfully$/)).toHaveCount(0);
  const barcode = page.getByLabel('Barcode');
  await barcode.fill(sku);
  await barcode.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog).toBeVisible();
  if (method === 'card') await dialog.getByText('Card', { exact: true }).click();
  else await dialog.getByLabel('Amount Received').fill('1000');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Payment processed successfully')).toBeVisible();
  await expect(page.getByText('Receipt printed successfully')).toBeVisible();
  await expect(page.getByText('Cart is empty')).toBeVisible();
}

test('a USB receipt printer prints the receipt (no popup): a cash sale kicks the drawer, a card sale and Test Printer do not', async ({
  page,
  context,
}) => {
  await installFakeUsbPrinter(context);
  const popups: string[] = [];
  context.on('page', (p) => popups.push(p.url()));
  const admin = await apiSession(page, 'admin');
  const product = await createProductViaApi(page, admin, { name: LONG_NAME, price: 250.5 });

  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  await expect(page.getByLabel('Barcode')).toBeFocused();
  // Whatever the shift's opening sent is not this test's job.
  await expect.poll(async () => (await usbRecord(page)).calls.at(-1) ?? 'close').toBe('close');
  await usbRecord(page, { clear: true });

  // Cash: the receipt's text, then the drawer kick, then the cut.
  await sell(page, product.sku, 'cash');
  const cash = await printedJob(page);
  expect(cash.lines).toContainEqual(expect.stringMatching(/^USB Receipt Produ\.\.\. +1 +250\.50 +250\.50$/));
  expect(cash.lines.join('\n')).not.toContain(LONG_NAME);
  expect(cash.lines).toContainEqual(expect.stringMatching(/^Payment: +Cash$/));
  expect(cash.lines).toContainEqual(expect.stringMatching(/^Paid: +1,?000\.00$/));
  const thanks = cash.items.findIndex((i) => i.kind === 'line' && i.text.includes('Thank you for shopping'));
  expect(thanks).toBeGreaterThan(0);
  expect(escPosIndex(cash.items, 'pulse')).toBeGreaterThan(thanks);
  expect(escPosIndex(cash.items, 'cut')).toBeGreaterThan(escPosIndex(cash.items, 'pulse'));

  // Card: the same receipt and cut, no drawer kick.
  await sell(page, product.sku, 'card');
  const card = await printedJob(page);
  expect(card.lines).toContainEqual(expect.stringMatching(/^Payment: +Card$/));
  expect(escPosIndex(card.items, 'cut')).toBeGreaterThan(0);
  expect(escPosIndex(card.items, 'pulse')).toBe(-1);

  // Test Printer: the sample receipt, cut, no drawer kick.
  await page.getByRole('button', { name: 'Test Printer' }).click();
  await expect(page.getByText('Printer test successful')).toBeVisible();
  const sample = await printedJob(page);
  expect(sample.lines).toContainEqual(expect.stringMatching(/^Receipt #: +TEST-000000$/));
  expect(sample.lines).toContainEqual(expect.stringMatching(/^Sample Product Wi\.\.\. /));
  expect(escPosIndex(sample.items, 'cut')).toBeGreaterThan(0);
  expect(escPosIndex(sample.items, 'pulse')).toBe(-1);

  expect(popups).toEqual([]);
});
