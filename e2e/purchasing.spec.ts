import { apiSession, createProductViaApi } from './api';
import { expect, type Page, test } from './fixtures';
import { expectToast, signInToDashboard, unique } from './helpers';

const SHOTS = process.env.SCREENS_DIR ?? 'test-results/purchasing-screens';

/** A fresh product of the manager's branch (stock 10), made through the API. */
async function newProduct(page: Page) {
  const session = await apiSession(page, 'manager');
  const name = unique('PO Item');
  const sku = `PO-${Date.now().toString(36).toUpperCase()}`;
  await createProductViaApi(page, session, { name, sku, price: 9.5, cost: 4, stockQuantity: 10 });
  return { name, sku };
}

async function pickOption(page: Page, label: string, search: string, option: RegExp | string) {
  const box = page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first();
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('purchasing', () => {
  test('a manager receives a purchase order in two parts and applies a count; the history shows both', async ({
    page,
  }) => {
    const product = await newProduct(page);
    await signInToDashboard(page, 'manager');

    // A supplier.
    await page.getByRole('link', { name: 'Suppliers', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();
    const supplier = unique('E2E Supplier');
    await page.getByRole('button', { name: 'Add Supplier' }).click();
    const form = page.getByRole('dialog', { name: 'Add Supplier' });
    await form.getByRole('textbox', { name: 'Name' }).fill(supplier);
    await form.getByRole('textbox', { name: 'Phone' }).fill('0300-5550001');
    await form.getByRole('button', { name: 'Add Supplier' }).click();
    await expectToast(page, 'Supplier added');
    await page.getByRole('textbox', { name: 'Search suppliers' }).fill(supplier);
    await expect(page.getByRole('cell', { name: supplier, exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/suppliers.png`, fullPage: true });

    // A purchase order of 5 units, received as 2 then 3.
    await page.getByRole('link', { name: 'Purchase Orders', exact: true }).click();
    await page.getByRole('link', { name: 'New Purchase Order' }).click();
    await pickOption(page, 'Supplier', supplier, supplier);
    await pickOption(page, 'Add product', product.sku, new RegExp(product.sku));
    await page.getByRole('textbox', { name: `Quantity of ${product.name}` }).fill('5');
    await page.getByRole('textbox', { name: `Unit cost of ${product.name}` }).fill('5');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Ordered', { exact: true }).first()).toBeVisible();

    await page.getByRole('textbox', { name: `Receive now: ${product.name}` }).fill('2');
    await page.getByRole('button', { name: 'Receive stock' }).click();
    await expectToast(page, 'Received 2 units');
    await expect(page.getByText('Partially received', { exact: true })).toBeVisible();
    await expect(page.getByText('2 of 5 received')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/purchase-order-partial.png`, fullPage: true });
    await page.getByRole('button', { name: 'Fill outstanding' }).click();
    await expect(page.getByRole('textbox', { name: `Receive now: ${product.name}` })).toHaveValue('3');
    await page.getByRole('button', { name: 'Receive stock' }).click();
    await expectToast(page, 'Received 3 units');
    await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('5 of 5 received')).toBeVisible();

    // A count: 15 in stock, 13 found.
    await page.getByRole('link', { name: 'Stock Counts', exact: true }).click();
    await page.getByRole('button', { name: 'Start count' }).click();
    await page
      .getByRole('dialog', { name: 'Start a stock count' })
      .getByRole('button', { name: 'Start count' })
      .click();
    await expect(page.getByRole('heading', { name: 'Stock count', exact: true })).toBeVisible();
    await page.getByText('Type quantity').click();
    await page.getByRole('textbox', { name: 'SKU or barcode' }).fill(product.sku);
    await page.getByRole('textbox', { name: 'Counted quantity' }).fill('13');
    await page.getByRole('textbox', { name: 'SKU or barcode' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${product.name}: 13 counted` })).toBeVisible();
    // Blind while counting: the counted list shows no expected figure.
    await expect(page.getByRole('table', { name: 'Counted products' }).getByRole('columnheader')).toHaveText([
      'Product',
      'Counted',
      'When',
      'By',
    ]);
    await page.getByRole('tab', { name: 'Variances' }).click();
    const variance = page.getByRole('table', { name: 'Variances' }).getByRole('row').filter({ hasText: product.name });
    await expect(variance).toContainText('15');
    await expect(variance).toContainText('-2');
    await page.screenshot({ path: `${SHOTS}/stock-count-variances.png`, fullPage: true });
    await page.getByRole('button', { name: 'Apply count' }).click();
    await page.getByRole('dialog', { name: 'Apply stock count' }).getByRole('button', { name: 'Apply count' }).click();
    await expectToast(page, 'Applied: 1 products adjusted');
    await expect(page.getByText('applied', { exact: true })).toBeVisible();

    // The movement history: initial stock, two purchases, one adjustment for the product.
    await page.getByRole('link', { name: 'Inventory', exact: true }).click();
    await page.getByRole('tab', { name: 'Movement History' }).click();
    const rows = page.getByTestId('movement-row').filter({ hasText: product.sku });
    await expect(rows.filter({ hasText: 'Purchase' })).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Adjustment' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Adjustment' })).toContainText('15 → 13');
    await page.screenshot({ path: `${SHOTS}/movement-history.png`, fullPage: true });
  });
});
