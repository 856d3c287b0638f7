import { mkdirSync } from 'node:fs';
import { apiSession, findProduct, sellViaApi } from './api';
import { expect, type Page, test } from './fixtures';
import { signInToDashboard } from './helpers';

// Screenshots for a person to look at: under test-results (SCREENS_DIR to keep them elsewhere).
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/reports';

/** The printable popups close themselves after printing; keep them open so the test can look at them. */
async function keepPopupsOpen(page: Page) {
  await page.evaluate(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = open(...args);
      if (popup) popup.close = () => {};
      return popup;
    };
  });
}

// Demo data: the manager's Main Branch sells Cola 1.5L (BEV-COLA-15).
test('a manager opens the sales-by-hour report and sees its chart and rows', async ({ page }) => {
  mkdirSync(SCREENS, { recursive: true });
  // A sale made now, so today's hour has a bar whatever the demo history holds.
  const session = await apiSession(page, 'manager');
  const cola = await findProduct(page, session, 'BEV-COLA-15');
  const tee = await findProduct(page, session, 'APP-TEE-M');
  await sellViaApi(page, session, {
    lines: [
      { product: cola, quantity: 2 },
      { product: tee, quantity: 1 },
    ],
  });

  await signInToDashboard(page, 'manager');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Report rows' });
  await expect(rows.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('combobox', { name: 'Report', exact: true }).click();
  await page.getByRole('option', { name: 'Sales by hour of day' }).click();
  const chart = page.getByTestId('report-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByText('Sales by hour of day: net revenue')).toBeVisible();
  // Recharts draws one bar per hour with sales.
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(rows.getByRole('columnheader', { name: 'Hour' })).toBeVisible();
  await expect(rows.getByRole('cell', { name: /^\d{2}:00$/ }).first()).toBeVisible();
  await expect(rows.getByText('Total', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/reports-sales-by-hour.png`, fullPage: true });

  // Sorting by a column reorders the rows (the header says so to screen readers).
  await rows.getByRole('button', { name: 'Transactions' }).click();
  await expect(rows.getByRole('columnheader', { name: /Transactions/ })).toHaveAttribute('aria-sort', 'descending');

  // The gross margin report is there for a manager (view_cost), with its cost columns.
  await page.getByRole('combobox', { name: 'Report', exact: true }).click();
  await page.getByRole('option', { name: 'Gross margin by product' }).click();
  await expect(rows.getByRole('columnheader', { name: 'Margin %' })).toBeVisible();
  await expect(rows.getByRole('cell', { name: 'Cola 1.5L' })).toBeVisible();

  // By item: the T-Shirt's sizes are one row.
  await page.getByRole('combobox', { name: 'Report', exact: true }).click();
  await page.getByRole('option', { name: 'Sales by item' }).click();
  await expect(rows.getByRole('columnheader', { name: 'Item' })).toBeVisible();
  await expect(rows.getByRole('cell', { name: 'T-Shirt', exact: true })).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('combobox', { name: 'Report', exact: true }).click();
  await page.getByRole('option', { name: 'Sales by hour of day' }).click();
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/reports-390.png`, fullPage: true });
});

test('a cashier has no reports', async ({ page }) => {
  await signInToDashboard(page, 'cashier');
  await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await page.goto('/dashboard/reports');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('a manager prints barcode labels for picked products: the A4 sheet shows a barcode per label', async ({
  page,
  context,
}) => {
  mkdirSync(SCREENS, { recursive: true });
  await signInToDashboard(page, 'manager');
  await page.goto('/dashboard/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await page.getByPlaceholder('Search products by name or SKU...').fill('BEV-COLA-15');
  await page.getByRole('checkbox', { name: 'Select Cola 1.5L for labels' }).check();
  await expect(page.getByText('1 product selected for labels')).toBeVisible();
  // The T-Shirt in size M has two barcodes besides its SKU: its label carries the one chosen.
  await page.getByPlaceholder('Search products by name or SKU...').fill('APP-TEE-M');
  await page.getByRole('checkbox', { name: 'Select T-Shirt / M for labels' }).check();
  await expect(page.getByText('2 products selected for labels')).toBeVisible();
  await page.getByRole('button', { name: 'Print labels' }).click();

  const dialog = page.getByRole('dialog', { name: 'Print barcode labels' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Copies of Cola 1.5L').fill('3');
  const tee = dialog.getByLabel('Barcode of T-Shirt / M');
  await expect(tee).toHaveValue('APP-TEE-M');
  await expect(tee.locator('option')).toHaveText([
    'APP-TEE-M (SKU)',
    '8901234500026 (EAN-13)',
    '8901234500101 (EAN-13)',
  ]);
  await tee.selectOption('8901234500101');
  await page.screenshot({ path: `${SCREENS}/labels-dialog.png` });
  await keepPopupsOpen(page);
  const popup = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Print 4 labels' }).click();
  const sheet = await popup;
  await expect(sheet.locator('.label')).toHaveCount(4);
  await expect(sheet.locator('.barcode svg')).toHaveCount(4);
  await expect(sheet.getByRole('img', { name: 'Barcode BEV-COLA-15' })).toHaveCount(3);
  await expect(sheet.getByRole('img', { name: 'Barcode 8901234500101' })).toHaveCount(1);
  await expect(sheet.locator('.name').first()).toHaveText('Cola 1.5L');
  await expect(sheet.locator('.price').first()).toHaveText(/\d/);
  await sheet.screenshot({ path: `${SCREENS}/labels-sheet.png`, fullPage: true });
  await expect(page.getByText('4 labels sent to the printer')).toBeVisible();
});
