import { apiSession, createProductViaApi } from './api';
import { expect, type Page, test } from './fixtures';
import { ensureShiftOpen, signInToDashboard } from './helpers';

// Two registers of one branch; one sells the last unit, the other's tile shows it out of stock
// without a reload (server-sent events). The time it takes, and the same with two server processes on
// PostgreSQL, is measured by bench/live-stock.mjs (bench/README.md), not asserted here.

async function tileOf(page: Page, name: string) {
  await page.getByLabel('Search Products').fill(name);
  const tile = page.getByTestId('product-tile').filter({ hasText: name });
  await expect(tile).toHaveCount(1);
  return tile;
}

test('one register sells the last unit: the other register of the branch shows it out of stock without a reload', async ({
  browser,
}) => {
  const seller = await browser.newContext();
  const watcher = await browser.newContext();
  try {
    const a = await seller.newPage();
    const b = await watcher.newPage();
    const api = await apiSession(a, 'manager');
    const sku = `LAST${Date.now().toString(36)}`.toUpperCase();
    const name = `Last jar ${sku}`;
    await createProductViaApi(a, api, { name, sku, price: 30, cost: 12, stockQuantity: 1 });

    await signInToDashboard(b, 'manager');
    await b.goto('/dashboard/pos');
    await ensureShiftOpen(b);
    await expect(b.getByTestId('register-status')).toHaveAttribute('data-catalogue', 'synced');
    const watched = await tileOf(b, name);
    await expect(watched).toContainText('Stock: 1');
    await expect(watched).toBeEnabled();

    await signInToDashboard(a, 'cashier');
    await a.goto('/dashboard/pos');
    await ensureShiftOpen(a);
    await a.getByLabel('Barcode').fill(sku);
    await a.getByLabel('Barcode').press('Enter');
    await expect(a.getByTestId('cart-line')).toHaveCount(1);
    await a.getByRole('button', { name: 'Payment', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Payment' });
    await dialog.getByText('Card', { exact: true }).click();
    const popup = seller.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Complete Payment' }).click();
    await popup;
    await expect(a.getByText('Cart is empty')).toBeVisible();

    // Register B was not reloaded, nor its search typed again: the event stream brought the new figure.
    await expect(watched).toContainText('Out of stock');
    await expect(watched).toBeDisabled();
  } finally {
    await seller.close();
    await watcher.close();
  }
});
