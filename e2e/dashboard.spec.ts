import { mkdirSync } from 'node:fs';
import { apiSession, findProduct, returnViaApi, sellViaApi } from './api';
import { expect, test } from './fixtures';
import { signInToDashboard } from './helpers';

const SHOTS = '/tmp/shots';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a manager sees the figures, recent transactions link to the sale, and a new sale appears', async ({ page }) => {
  await signInToDashboard(page, 'manager');
  // Demo data: three weeks of sales and returns, so this month's figures are not zero.
  const overview = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Sales Overview' }) });
  await expect(overview.getByRole('row', { name: /This Month/ })).toBeVisible();
  await expect(overview.getByRole('row', { name: /This Month/ })).not.toContainText('$0.00');
  await expect(page.getByTestId('vs-yesterday')).toContainText('vs yesterday');
  await expect(page.getByText('Return Rate')).toBeVisible();
  await expect(page.getByText(/^\d+\.\d%$/)).toBeVisible();
  const recent = page.getByRole('table', { name: 'Recent Transactions' });
  await expect(recent.getByRole('row')).not.toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/dashboard-manager.png`, fullPage: true });

  // A sale through the API: its receipt is listed first.
  const session = await apiSession(page, 'manager');
  const cola = await findProduct(page, session, 'BEV-COLA-15');
  const { receiptNumber, id } = await sellViaApi(page, session, { lines: [{ product: cola, quantity: 2 }] });
  await page.reload();
  const first = recent.getByRole('row').nth(1);
  await expect(first).toContainText(receiptNumber);
  await first.getByRole('button', { name: `View ${receiptNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/transactions\\?id=${id}$`));
});

test('a cashier sees Access Restricted on the sales and returns panels only', async ({ page }) => {
  await signInToDashboard(page, 'cashier');
  await expect(page.getByText("You don't have permission to view sales data").first()).toBeVisible();
  await expect(page.getByText("You don't have permission to view returns data").first()).toBeVisible();
  await expect(page.getByText('Access Restricted').first()).toBeVisible();
  // Transactions and inventory stay open to a cashier.
  await expect(page.getByRole('table', { name: 'Recent Transactions' })).toBeVisible();
  await expect(page.getByText('Total Products')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-cashier.png`, fullPage: true });
});

test("a customer's detail lists their sale and their return", async ({ page }) => {
  await signInToDashboard(page, 'manager');
  // A sale to Imran Khan (found by his phone) and a return of it, through the API.
  const session = await apiSession(page, 'manager');
  const milk = await findProduct(page, session, 'DAI-MILK-1L');
  const saleData = await sellViaApi(page, session, {
    lines: [{ product: milk, quantity: 1 }],
    customer: { name: 'Imran Khan', phone: '03001234567' },
  });
  const { returnNumber } = await returnViaApi(page, session, { sale: saleData, condition: 'defective' });

  await page.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/dashboard\/customers$/);
  await page.getByLabel('Search customers').fill('Imran');
  const row = page.getByRole('row', { name: /Imran Khan/ });
  await expect(row).toBeVisible();
  // The search is debounced: wait for the filtered page (the header row and Imran's).
  await expect(page.getByRole('table', { name: 'Customers' }).getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/customers-list.png`, fullPage: true });
  await row.click();
  await expect(page.getByRole('heading', { name: 'Imran Khan' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  const history = page.getByRole('table', { name: 'Transaction History' });
  await expect(history.getByRole('row').filter({ hasText: saleData.receiptNumber })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/customers-detail.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Return History' }).click();
  const returnsTable = page.getByRole('table', { name: 'Return History' });
  await expect(returnsTable.getByRole('row').filter({ hasText: returnNumber })).toBeVisible();
});

test('a sale and a return show in every panel they affect', async ({ page }) => {
  await signInToDashboard(page, 'manager');
  const numberIn = async (text: Promise<string | null>) =>
    Number(/-?[\d,]+/.exec((await text) ?? '')?.[0].replaceAll(',', '') ?? NaN);
  const figure = (panel: string, label: string) =>
    page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByText(panel, { exact: true }) })
      .getByText(label, { exact: true })
      .locator('xpath=following-sibling::*[1]');
  const overviewToday = () =>
    page
      .getByRole('row', { name: /^Today/ })
      .getByRole('cell')
      .nth(2)
      .textContent();
  const readAll = async () => ({
    orders: await numberIn(page.getByTestId('today-orders').textContent()),
    overviewOrders: await numberIn(overviewToday()),
    returnsCard: await numberIn(page.getByLabel("Today's Returns").locator('p').nth(1).textContent()),
    returnsToday: await numberIn(figure('Returns Summary', 'Today').textContent()),
    movements: await numberIn(figure('Inventory Summary', 'Recent Movements').textContent()),
  });
  await expect(page.getByTestId('today-orders')).toBeVisible();
  await expect(figure('Returns Summary', 'Today')).toBeVisible();
  // Not while the figures load (the cards show 0 until they come).
  await expect(page.getByTestId('dashboard')).not.toHaveAttribute('aria-busy', 'true');
  const before = await readAll();

  // A sale of two units and a return of one, through the API.
  const session = await apiSession(page, 'manager');
  const biscuits = await findProduct(page, session, 'SNK-BISC-CH');
  const saleData = await sellViaApi(page, session, { lines: [{ product: biscuits, quantity: 2 }] });
  await returnViaApi(page, session, { sale: saleData });

  await page.reload();
  await expect(page.getByTestId('today-orders')).toBeVisible();
  await expect.poll(readAll).toEqual({
    orders: before.orders + 1,
    overviewOrders: before.overviewOrders + 1,
    returnsCard: before.returnsCard + 1,
    returnsToday: before.returnsToday + 1,
    // The sale's movement and the restocking return's movement.
    movements: before.movements + 2,
  });
  await expect(page.getByRole('table', { name: 'Recent Transactions' }).getByRole('row').nth(1)).toContainText(
    saleData.receiptNumber,
  );
});
