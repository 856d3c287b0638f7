import { apiSession, createProductViaApi, findProduct } from './api';
import { expect, test, WITH_SERVICE_WORKER } from './fixtures';
import {
  ensureShiftOpen,
  expectServiceWorkerControl,
  expectToast,
  keepPrintPopupsOpen,
  signInToDashboard,
} from './helpers';

test.use(WITH_SERVICE_WORKER);

// A sale made offline is accepted even when the stock went short meanwhile (the goods left the shop).
// The stock goes below 0, the line is flagged for the manager, and the product stays usable everywhere.

test('an offline sale beyond the stock is recorded, flagged on the inventory screen, and the product stays editable', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const register = await browser.newContext();
  const office = await browser.newContext();
  // The receipt popup closes itself once printed: on a loaded machine, before the test read its number.
  await keepPrintPopupsOpen(register);
  try {
    const till = await register.newPage();
    const manager = await office.newPage();
    const api = await apiSession(manager, 'manager');
    const sku = `OVER${Date.now().toString(36)}`.toUpperCase();
    const name = `Oversold jam ${sku}`;
    const product = await createProductViaApi(manager, api, { name, sku, price: 40, cost: 15, stockQuantity: 2 });

    // The register has the product (2 in stock) in its catalogue, then the network goes.
    await signInToDashboard(till, 'cashier');
    await till.goto('/dashboard/pos');
    await ensureShiftOpen(till);
    const status = till.getByTestId('register-status');
    await expect(status).toHaveAttribute('data-catalogue', 'synced');
    await expectServiceWorkerControl(till);
    await register.setOffline(true);
    await expect(status).toContainText('Offline since');

    // Meanwhile the manager counts the shelf online: 1 left.
    const counted = await manager.request.post('/api/inventory/adjustments', {
      headers: api.headers,
      data: { productId: product.id, branchId: api.branchId, newQuantity: 1, reason: 'Shelf count' },
    });
    expect(counted.ok(), await counted.text()).toBeTruthy();

    // The till sells both units it believes it has.
    for (let i = 0; i < 2; i++) {
      await till.getByLabel('Barcode').fill(sku);
      await till.getByLabel('Barcode').press('Enter');
    }
    await expect(till.getByLabel(`${name} quantity`)).toHaveText('2');
    await till.getByRole('button', { name: 'Payment', exact: true }).click();
    const dialog = till.getByRole('dialog', { name: 'Payment' });
    await dialog.getByText('Card', { exact: true }).click();
    const popup = register.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Complete Payment' }).click();
    const receipt = await popup;
    const receiptNumber = /R\d+-\d{6}/.exec((await receipt.locator('pre').textContent()) ?? '')?.[0];
    expect(receiptNumber, 'the printed receipt number').toBeTruthy();
    await expect(status).toContainText('1 sale waiting to sync');

    // Back online: the sale is accepted, the stock goes to -1.
    await register.setOffline(false);
    await expect(status).not.toContainText('waiting to sync', { timeout: 30_000 });
    await expect.poll(async () => (await findProduct(manager, api, sku)).stockQuantity).toBe(-1);

    // The manager sees the line flagged, with the receipt number the customer holds.
    await signInToDashboard(manager, 'manager');
    await manager.goto('/dashboard/inventory');
    await manager.getByRole('tab', { name: /Sold offline beyond stock/ }).click();
    const row = manager.getByRole('row').filter({ hasText: receiptNumber as string });
    await expect(row).toContainText(name);
    await expect(row).toContainText('Sold beyond stock', { ignoreCase: true });
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();

    // The product reads -1 in the catalogue and its price can still be changed.
    await manager.goto('/dashboard/products');
    await manager.getByRole('textbox', { name: 'Search products' }).fill(sku);
    await expect(manager.getByText('Stock: -1')).toBeVisible();
    await manager.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = manager.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit.getByRole('textbox', { name: 'Stock Quantity' })).toHaveValue('-1');
    await edit.getByRole('textbox', { name: 'Selling Price' }).fill('45');
    await edit.getByRole('button', { name: 'Update Product' }).click();
    await expectToast(manager, 'Product updated successfully');
    expect(Number((await findProduct(manager, api, sku)).price)).toBe(45);
  } finally {
    await register.close();
    await office.close();
  }
});
