import { apiSession, createProductViaApi } from './api';
import { expect, test } from './fixtures';
import { ensureShiftOpen, signInToDashboard, unique } from './helpers';

// The customer display (docs/architecture/devices.md, 'Customer display'): a second window at /display opened from the
// register, fed over a BroadcastChannel by the register of the same browser; it calls no API.

const SCREENS = process.env.SCREENS_DIR ?? 'test-results/customer-display';

test('the display window shows the cart and the change of a cash sale', async ({ page, context }) => {
  test.setTimeout(90_000);
  const manager = await apiSession(page, 'manager');
  // An Urdu name (read right to left) and a Latin one, each a product of this test.
  const tea = await createProductViaApi(page, manager, { name: unique('چائے کی پتی'), price: 250 });
  const biscuits = await createProductViaApi(page, manager, { name: unique('Display biscuits'), price: 120.5 });

  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);

  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Customer display' }).click();
  const display = await opened;
  const apiCalls: string[] = [];
  display.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await expect(display).toHaveURL(/\/display$/);
  await expect(display.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(display.getByText('Demo Mart')).toBeVisible();

  const barcode = page.getByLabel('Barcode');
  for (const sku of [tea.sku, biscuits.sku, biscuits.sku]) {
    await barcode.fill(sku);
    await barcode.press('Enter');
  }
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  // The third scan (the biscuits again) landed too, before the register's total is read.
  await expect(page.getByLabel(`${biscuits.name} quantity`)).toHaveText('2');

  // The cart on the display: its lines, and the register's own total (tax included).
  const registerTotal = (await page.getByRole('status', { name: 'Total', exact: true }).textContent()) ?? '';
  const lines = display.getByTestId('display-line');
  await expect(lines).toHaveCount(2);
  const teaName = lines.nth(0).getByText(tea.name);
  await expect(teaName).toHaveAttribute('lang', 'ur');
  await expect(teaName).toHaveAttribute('dir', 'rtl');
  await expect(lines.nth(0)).toContainText('1 × PKR 250.00');
  await expect(lines.nth(1)).toContainText(biscuits.name);
  await expect(lines.nth(1)).toContainText('2 × PKR 120.50');
  await expect(lines.nth(1)).toContainText('PKR 241.00');
  const figures = display.getByRole('region', { name: 'Total' });
  await expect(figures).toContainText('SubtotalPKR 491.00');
  expect(registerTotal).toMatch(/^PKR [\d,]+\.\d{2}$/);
  await expect(figures).toContainText(`Total${registerTotal}`);

  // Payment: what the customer hands over and the change show as the cashier types.
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payment.getByLabel('Amount Received').click();
  await page.keyboard.type('1000', { delay: 120 });
  const changeOutput = payment.getByRole('status', { name: 'Change', exact: true });
  await expect(changeOutput).toHaveText(/^PKR [\d,]+\.\d{2}$/);
  const change = (await changeOutput.textContent()) ?? '';
  await expect(figures).toContainText('Amount tenderedPKR 1,000.00');
  await expect(figures).toContainText(`Change${change}`);
  await display.setViewportSize({ width: 1280, height: 720 });
  await display.screenshot({ path: `${SCREENS}/display-cart.png` });
  await display.setViewportSize({ width: 390, height: 844 });
  await display.screenshot({ path: `${SCREENS}/display-cart-390.png` });

  // After the sale: the thank-you with the change.
  await payment.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Cart is empty')).toBeVisible();
  await expect(display.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  await expect(display.getByTestId('display-change')).toHaveText(change);
  await display.screenshot({ path: `${SCREENS}/display-thanks-390.png` });
  await display.setViewportSize({ width: 1280, height: 720 });
  await display.screenshot({ path: `${SCREENS}/display-thanks.png` });

  // The next customer's first item ends the thank-you.
  await barcode.fill(biscuits.sku);
  await barcode.press('Enter');
  await expect(display.getByTestId('display-line')).toHaveCount(1);
  await expect(display.getByRole('heading', { level: 1, name: 'Your items' })).toBeVisible();
  expect(apiCalls).toEqual([]);
});
