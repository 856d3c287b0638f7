import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { expectToast, signInToDashboard, unique } from './helpers';

const SHOTS = '/tmp/shots';
const PRODUCT = 'Cola 1.5L';

async function openInventory(page: Page) {
  await page.getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/inventory$/);
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Stock Levels' })).toHaveAttribute('aria-selected', 'true');
}

async function findRow(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Search products' }).fill(name);
  const row = page.getByTestId('stock-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('stock-row')).toHaveCount(1);
  return row;
}

test.describe('inventory', () => {
  test('a manager adjusts stock up and sees it in Stock Levels and Movement History', async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    await signInToDashboard(page, 'manager');
    await openInventory(page);
    await expect(page.getByRole('columnheader', { name: 'Stock Value' })).toBeVisible();
    await expect(page.getByTestId('stock-row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/inventory-stock-levels.png`, fullPage: true });

    const row = await findRow(page, PRODUCT);
    const before = Number((await row.getByTestId('stock-quantity').innerText()).replace(/,/g, ''));
    await row.getByRole('button', { name: `Adjust ${PRODUCT}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Stock Adjustment' });
    await expect(dialog).toBeVisible();
    // Nothing filled in: the form refuses.
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await expectToast(page, 'Please fill in all required fields');

    // A decrease past 0 warns that stock floors at 0.
    await dialog.getByText('Decrease', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill(String(before + 10));
    await expect(dialog.getByText('This will set stock to 0 (cannot go below 0)')).toBeVisible();

    await dialog.getByText('Increase', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('5');
    await expect(dialog.getByText('This will set stock to 0 (cannot go below 0)')).toHaveCount(0);
    await expect(dialog.getByTestId('adjustment-preview')).toContainText(`New stock: ${before + 5}`);
    const reason = unique('E2E recount');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await expectToast(page, 'Stock increased by 5 units successfully');
    await expect(dialog).toHaveCount(0);

    await expect(row.getByTestId('stock-quantity')).toHaveText(String(before + 5));

    await page.getByRole('tab', { name: 'Movement History' }).click();
    const movement = page.getByTestId('movement-row').first();
    await expect(movement).toContainText(PRODUCT);
    await expect(movement).toContainText('Adjustment');
    await expect(movement).toContainText(reason);
    await expect(movement).toContainText(`${before} → ${before + 5}`);
    await expect(movement).toContainText('+5');
    await expect(movement).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await page.screenshot({ path: `${SHOTS}/inventory-movement-history.png`, fullPage: true });

    // The type filter keeps only adjustments.
    await page.getByRole('combobox', { name: 'Movement Type', exact: true }).click();
    await page.getByRole('option', { name: 'Sale', exact: true }).click();
    await expect(page.getByTestId('movement-row').filter({ hasText: reason })).toHaveCount(0);
  });

  test('a cashier sees no Stock Value column and no Adjust action', async ({ page }) => {
    await signInToDashboard(page, 'cashier');
    await openInventory(page);
    await expect(page.getByTestId('stock-row').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Stock', exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Stock Value' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Adjust/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Manage Products' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
  });
});
