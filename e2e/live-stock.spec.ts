import { expect, type Page, test } from '@playwright/test';
import { apiSession, findProduct } from './api';
import { ensureShiftOpen, signInToDashboard } from './helpers';

// Issue 14: two registers of one branch; a sale on one shows on the other's tiles without a reload
// (server-sent events). Demo data: Main Branch, Cola 1.5L (BEV-COLA-15); stock read, never assumed.

async function colaTile(page: Page) {
  await page.getByLabel('Search Products').fill('Cola 1.5L');
  const tile = page.getByRole('button', { name: /^Add Cola 1\.5L to cart/ });
  await expect(tile).toBeVisible();
  return tile;
}

test('a sale on one register updates the stock on the other register of the branch without a reload', async ({
  browser,
}) => {
  const seller = await browser.newContext();
  const watcher = await browser.newContext();
  try {
    const a = await seller.newPage();
    const b = await watcher.newPage();
    const api = await apiSession(a, 'cashier');
    const before = (await findProduct(a, api, 'BEV-COLA-15')).stockQuantity;

    await signInToDashboard(b, 'manager');
    await b.goto('/dashboard/pos');
    await ensureShiftOpen(b);
    const watched = await colaTile(b);
    await expect(watched).toContainText(`Stock: ${before}`, { ignoreCase: true });
    await expect(b.getByTestId('register-status')).toHaveAttribute('data-catalogue', 'synced');

    await signInToDashboard(a, 'cashier');
    await a.goto('/dashboard/pos');
    await ensureShiftOpen(a);
    await a.getByLabel('Barcode').fill('BEV-COLA-15');
    await a.getByLabel('Barcode').press('Enter');
    await expect(a.getByTestId('cart-line')).toHaveCount(1);
    await a.getByRole('button', { name: 'Payment' }).click();
    const dialog = a.getByRole('dialog', { name: 'Payment' });
    await dialog.getByText('Card', { exact: true }).click();
    const popup = seller.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Complete Payment' }).click();
    await popup;
    await expect(a.getByText('Cart is empty')).toBeVisible();

    // Register B was not reloaded, nor its search typed again: the event stream brought the new figure.
    await expect(watched).toContainText(`Stock: ${before - 1}`, { ignoreCase: true });
  } finally {
    await seller.close();
    await watcher.close();
  }
});
