import { MSG } from '../packages/shared/src/messages';
import { apiSession, createProductViaApi } from './api';
import { decodeEscPos, type EscPosItem, escPosIndex, escPosLines, installFakeUsbPrinter, usbRecord } from './devices';
import { expect, type Page, test } from './fixtures';
import { ensureShiftOpen, signInToDashboard, unique } from './helpers';

/**
 * A paired USB receipt printer, in Chromium: a fake `navigator.usb` device (e2e/devices.ts) takes the
 * bytes the register sends through @point-of-sale/webusb-receipt-printer, and the test decodes them.
 * The receipt goes to the printer, not to the HTML popup; only a cash sale kicks the drawer.
 */

const WIDTH = 48;
const LONG_NAME = 'USB Receipt Product With A Long Name';
const URDU_NAME = 'چائے کی پتی';

// The browser's clock runs in another zone than the demo branch's (Asia/Karachi): a receipt prints the
// branch's time, never the device's.
test.use({ timezoneId: 'America/Los_Angeles' });
const BRANCH_ZONE = 'Asia/Karachi';

/** The receipt's 'Date:' value for an instant in a zone: dd/mm/yyyy hh:mm. */
function receiptTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

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

async function sell(page: Page, skus: string | string[], method: 'cash' | 'card') {
  // The last sale's toasts are gone first: each sale's are its own.
  await expect(page.getByText(/^(Payment processed|Receipt printed) successfully$/)).toHaveCount(0);
  const barcode = page.getByLabel('Barcode');
  const codes = typeof skus === 'string' ? [skus] : skus;
  for (const [i, sku] of codes.entries()) {
    await barcode.fill(sku);
    await barcode.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(i + 1);
  }
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

  // Test Printer: the sample receipt, cut, no drawer kick, its time the branch's (not the browser's).
  const before = new Date();
  await page.getByRole('button', { name: 'Test Printer' }).click();
  await expect(page.getByText('Printer test successful')).toBeVisible();
  const sample = await printedJob(page);
  const after = new Date();
  const date = sample.lines.find((l) => l.startsWith('Date:'))?.replace(/^Date: +/, '');
  expect([receiptTime(before, BRANCH_ZONE), receiptTime(after, BRANCH_ZONE)]).toContain(date);
  expect(date).not.toBe(receiptTime(before, 'America/Los_Angeles'));
  expect(sample.lines).toContainEqual(expect.stringMatching(/^Receipt #: +TEST-000000$/));
  expect(sample.lines).toContainEqual(expect.stringMatching(/^Sample Product Wi\.\.\. /));
  expect(escPosIndex(sample.items, 'cut')).toBeGreaterThan(0);
  expect(escPosIndex(sample.items, 'pulse')).toBe(-1);

  expect(popups).toEqual([]);
});

/** The first item of a kind at or after `from`, and where (-1 when none). */
const itemAfter = (items: EscPosItem[], kind: EscPosItem['kind'], from = 0) =>
  items.findIndex((item, i) => i >= from && item.kind === kind);

test("a receipt over USB: the company's NTN and STRN in the header, an Urdu product name as an image line (GS v 0) among text lines, the receipt number as a Code 128 barcode (GS k)", async ({
  page,
  context,
}) => {
  await installFakeUsbPrinter(context);
  const admin = await apiSession(page, 'admin');
  const urdu = await createProductViaApi(page, admin, { name: URDU_NAME, price: 450 });
  const latinName = unique('USB Tea');
  const latin = await createProductViaApi(page, admin, { name: latinName, price: 120 });

  // The company's tax registration, in Settings: a malformed STRN is refused with the rule, then saved.
  await signInToDashboard(page, 'admin');
  await page.goto('/settings');
  const card = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Tax Registration' }) });
  await card.getByLabel('NTN (Tax ID)').fill('7654321-0');
  await card.getByLabel('STRN').fill('12345');
  await card.getByRole('button', { name: 'Update Tax Registration' }).click();
  await expect(card.getByText(MSG.invalidStrn)).toBeVisible();
  await card.getByLabel('STRN').fill('11-22-3333-444-55');
  await card.getByRole('button', { name: 'Update Tax Registration' }).click();
  await expect(page.getByText('Tax registration updated successfully.')).toBeVisible();
  await page.getByRole('button', { name: /user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  await expect(page.getByLabel('Barcode')).toBeFocused();
  await expect.poll(async () => (await usbRecord(page)).calls.at(-1) ?? 'close').toBe('close');
  await usbRecord(page, { clear: true });

  await sell(page, [latin.sku, urdu.sku], 'cash');
  const { items, lines } = await printedJob(page);

  // The header: NTN and STRN, centred, before the first rule.
  const rule = lines.indexOf('-'.repeat(WIDTH));
  expect(lines.slice(0, rule).map((l) => l.trim())).toEqual(
    expect.arrayContaining(['NTN: 7654321-0', 'STRN: 11-22-3333-444-55']),
  );

  // One image, where the Urdu line belongs (among the items, before the subtotal); every other line is
  // text, and nothing went out as the code page's '?'.
  const images = items.filter((i) => i.kind === 'image');
  expect(images).toHaveLength(1);
  const header = items.findIndex((i) => i.kind === 'line' && /^Item +Qty +Price +Total$/.test(i.text));
  const subtotal = items.findIndex((i) => i.kind === 'line' && i.text.startsWith('Subtotal:'));
  const image = itemAfter(items, 'image');
  expect(image).toBeGreaterThan(header);
  expect(image).toBeLessThan(subtotal);
  // The image feeds the paper itself: the next line is the rule under the items, no blank line between.
  expect(items[image + 1]).toEqual({ kind: 'line', text: '-'.repeat(WIDTH) });
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`^${latinName.slice(0, 17)}.* +1 +120\\.00 +120\\.00$`)),
  );
  for (const line of lines) expect(line).not.toContain('?');

  // The image is the printer's full width (576 dots), at least a text line tall, with the name drawn
  // from the left edge and the amounts against the right one (as the text lines have them).
  const picture = images[0] as Extract<EscPosItem, { kind: 'image' }>;
  expect(picture.width).toBe(576);
  expect(picture.height).toBeGreaterThanOrEqual(24);
  expect(picture.ink).toBeGreaterThan(300);
  const inkColumns = picture.rows.flatMap((row) => [row.indexOf('1'), row.lastIndexOf('1')]).filter((x) => x >= 0);
  expect(Math.min(...inkColumns)).toBeLessThan(24);
  expect(Math.max(...inkColumns)).toBeGreaterThan(576 - 24);

  // The receipt number as Code 128 (m = 73, set B) after the return policy, before the cut.
  const number = /^Receipt #: +(\S+)$/.exec(lines.find((l) => l.startsWith('Receipt #:')) ?? '')?.[1];
  expect(number).toMatch(/^RCP-\d{6,}$/);
  const barcode = itemAfter(items, 'barcode');
  expect(items[barcode]).toEqual({ kind: 'barcode', symbology: 73, data: `{B${number}` });
  const policy = items.findIndex((i) => i.kind === 'line' && i.text.includes('Items may be returned'));
  expect(barcode).toBeGreaterThan(policy);
  expect(escPosIndex(items, 'cut')).toBeGreaterThan(barcode);
});
