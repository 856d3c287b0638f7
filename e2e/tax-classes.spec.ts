import { computeCartTotals } from '../packages/shared/src/money';
import { apiSession, findProduct } from './api';
import { expectNoSeriousWcag } from './axe';
import { expect, test } from './fixtures';
import {
  DEMO_PASSWORD,
  expectToast,
  keepPrintPopupsOpen,
  openRegisterForScans,
  scanWithWedge,
  signInToDashboard,
  unique,
} from './helpers';

/**
 * Tax classes. Demo data: "Full Cream Milk 1L" (DAI-MILK-1L) is of the exempt class "Exempt: fresh milk"
 * (0 %, PCT 0401.1000); Cola 1.5L has no class and is taxed at the branch's rate. Rates and prices are read
 * from the API and the register, never assumed.
 */

const SHOTS = process.env.SCREENS_DIR ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a taxed and an exempt item: the cart and the receipt show each line at its own rate', async ({
  page,
  context,
}) => {
  await keepPrintPopupsOpen(context);
  const cashier = await apiSession(page, 'cashier');
  const milk = await findProduct(page, cashier, 'DAI-MILK-1L');
  const cola = await findProduct(page, cashier, 'BEV-COLA-15');
  expect(milk.taxRate).toBe(0);
  expect(cola.taxRate).toBeNull();

  await openRegisterForScans(page);
  await scanWithWedge(page, 'DAI-MILK-1L');
  await scanWithWedge(page, 'BEV-COLA-15');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  const branchRate = Number(await page.getByLabel('Tax (%)').inputValue());
  expect(branchRate).toBeGreaterThan(0);
  const totals = computeCartTotals({
    items: [
      { price: Number(milk.price), quantity: 1, taxRate: 0 },
      { price: Number(cola.price), quantity: 1 },
    ],
    taxRate: branchRate,
    discountType: 'percentage',
    discountValue: 0,
  });
  const colaTax = totals.taxes.find((g) => g.rate === branchRate)?.tax ?? 0;
  expect(colaTax).toBeGreaterThan(0);
  // The cart shows the tax by rate: the milk's 0 % and the cola's branch rate.
  await expect(page.getByText(`Tax 0% on PKR ${money(Number(milk.price))}`)).toBeVisible();
  await expect(page.getByText(`Tax ${branchRate}% on PKR ${money(Number(cola.price))}`)).toBeVisible();
  await expect(page.getByLabel('Total', { exact: true })).toContainText(money(totals.total));
  await page.screenshot({ path: `${SHOTS}/tax-classes-register.png` });

  await page.keyboard.press('ControlOrMeta+p');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByLabel('Amount due')).toContainText(money(totals.total));
  await dialog.getByRole('button', { name: 'Exact' }).click();
  const popup = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Payment processed successfully')).toBeVisible();
  const receipt = (await popup).locator('pre');
  const text = (await receipt.textContent()) ?? '';
  const lines = text.split('\n');
  const after = (name: string) => lines[lines.findIndex((l) => l.startsWith(name)) + 1] ?? '';
  // Each line's own tax under it; then the tax by rate.
  expect(after('Full Cream Milk 1L')).toMatch(/^ {2}Tax 0% +0\.00$/);
  expect(after('Cola 1.5L')).toMatch(
    new RegExp(`^ {2}Tax ${escapeRe(String(branchRate))}% +${escapeRe(money(colaTax / 100))}$`),
  );
  await expect(receipt).toContainText(new RegExp(`Tax 0% on ${escapeRe(money(Number(milk.price)))}: +0\\.00`));
  await expect(receipt).toContainText(
    new RegExp(
      `Tax ${escapeRe(String(branchRate))}% on ${escapeRe(money(Number(cola.price)))}: +${escapeRe(money(colaTax / 100))}`,
    ),
  );
  await expect(receipt).toContainText(money(totals.total));

  // The server kept each line's rate.
  const number = /[A-Z0-9]+-\d{6}/.exec(lines.find((l) => l.startsWith('Receipt #:')) ?? '')?.[0] ?? '';
  const res = await page.request.get('/api/transactions', {
    headers: cashier.headers,
    params: { branchId: cashier.branchId, receiptNumber: number, page: 1, limit: 10 },
  });
  const found = (await res.json()).data.find((s: { receiptNumber: string }) => s.receiptNumber === number);
  expect(found, `sale ${number}`).toBeTruthy();
  const sale = await (await page.request.get(`/api/transactions/${found.id}`, { headers: cashier.headers })).json();
  expect(
    Object.fromEntries(
      sale.data.items.map((i: { productName: string; taxRate: number }) => [i.productName, i.taxRate]),
    ),
  ).toEqual({ 'Full Cream Milk 1L': 0, 'Cola 1.5L': branchRate });
  expect(sale.data.taxAmount).toBe(colaTax / 100);

  // The shift's X report (this register's new shift holds this sale alone) gives the tax by rate.
  await expect(page.getByLabel('Barcode')).toBeFocused();
  await page.getByRole('button', { name: /^Shift R\d+$/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'X report' }).press('Enter');
  const report = page.getByRole('table', { name: 'X report' });
  await expect(report.getByRole('row', { name: `0% on PKR ${money(Number(milk.price))} PKR 0.00` })).toBeVisible();
  await expect(
    report.getByRole('row', {
      name: `${branchRate}% on PKR ${money(Number(cola.price))} PKR ${money(colaTax / 100)}`,
    }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tax-classes-x-report.png` });
});

test('a retail-price item: the customer pays the printed price; the cart and the receipt show the tax inside it', async ({
  page,
  context,
}) => {
  await keepPrintPopupsOpen(context);
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const { access_token: token, user } = await login.json();
  const admin = { Authorization: `Bearer ${token}` };
  const companyId: string = user.company[0].id;
  const cashier = await apiSession(page, 'cashier');
  const added = await page.request.post('/api/tax-classes', {
    headers: admin,
    data: { companyId, name: unique('Retail price'), kind: 'retail_price', rate: 18, pctCode: '3305.1000' },
  });
  expect(added.status(), await added.text()).toBe(201);
  // A shampoo whose printed retail price, 590.00, holds 18 % sales tax: 500.00 of goods and 90.00 of tax.
  const name = unique('Shampoo');
  const sku = `E2E-RP-${Date.now().toString(36)}`.toUpperCase();
  const created = await page.request.post('/api/items', {
    headers: admin,
    data: { companyId, name, sku, price: 590, taxClassId: (await added.json()).data.id, branchIds: [cashier.branchId] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const listing = (await created.json()).data.variants[0].listings.find(
    (l: { branch: { id: string } }) => l.branch.id === cashier.branchId,
  );
  const stocked = await page.request.post('/api/inventory/adjustments', {
    headers: admin,
    data: { productId: listing.productId, branchId: cashier.branchId, newQuantity: 10, reason: 'Opening stock' },
  });
  expect(stocked.status(), await stocked.text()).toBe(200);

  await openRegisterForScans(page);
  await scanWithWedge(page, sku);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const totals = computeCartTotals({
    items: [{ price: 590, quantity: 1, taxRate: 18, taxIncluded: true }],
    taxRate: 0,
    discountType: 'percentage',
    discountValue: 0,
  });
  expect(totals.minor).toEqual({ subtotal: 50_000, discountAmount: 0, tax: 9_000, serviceFee: 0, total: 59_000 });
  await expect(page.getByText('Tax 18% incl. on PKR 500.00')).toBeVisible();
  await expect(page.getByLabel('Total', { exact: true })).toContainText('590.00');
  await page.screenshot({ path: `${SHOTS}/tax-classes-retail-price.png` });

  await page.keyboard.press('ControlOrMeta+p');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByLabel('Amount due')).toContainText('590.00');
  await dialog.getByRole('button', { name: 'Exact' }).click();
  const popup = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Payment processed successfully')).toBeVisible();
  const receipt = (await popup).locator('pre');
  const lines = ((await receipt.textContent()) ?? '').split('\n');
  const at = lines.findIndex((l) => l.startsWith(name));
  // The line as priced, its tax inside under it, then the goods and the tax by rate.
  expect(lines[at]).toMatch(/ 1 +590\.00 +590\.00$/);
  expect(lines[at + 1]).toMatch(/^ {2}Tax 18% incl\. +90\.00$/);
  expect(lines.find((l) => l.startsWith('Subtotal:'))).toMatch(/500\.00$/);
  expect(lines.find((l) => l.startsWith('Tax 18% incl. on 500.00:'))).toMatch(/90\.00$/);
  expect(lines.find((l) => l.startsWith('TOTAL:'))).toMatch(/590\.00$/);
});

test('a Super Admin keeps the tax classes in Settings and gives an item one', async ({ page }) => {
  await signInToDashboard(page, 'admin');
  await page.goto('/settings');
  const card = page.getByRole('table', { name: 'Tax classes' });
  const exempt = card.getByRole('row').filter({ hasText: 'Exempt: fresh milk' });
  await expect(exempt).toContainText('Exempt');
  await expect(exempt).toContainText('0401.1000');

  // Keyboard only: the Add button, then the form's fields in order.
  const name = unique('Reduced goods');
  await page.getByRole('button', { name: 'Add Tax Class' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add Tax Class' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Reduced' }).click();
  await form.getByLabel('Rate (%)').fill('8');
  await form.getByLabel('PCT code').fill('1905.9000');
  await expectNoSeriousWcag(page, 'the Add Tax Class form');
  await page.screenshot({ path: `${SHOTS}/tax-class-form.png` });
  await page.keyboard.press('Enter');
  await expectToast(page, 'Tax class added successfully.');
  await expect(form).toHaveCount(0);

  // The new class is offered on an item's form.
  await page.goto('/dashboard/items/new');
  await page.getByRole('combobox', { name: 'Tax class' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`^${escapeRe(name)} \\(Reduced, 8`) })).toBeVisible();
  await page.keyboard.press('Escape');

  // A class no item has is archived, after a confirmation.
  await page.goto('/settings');
  await page.getByRole('button', { name: `Archive ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive tax class' });
  await expect(confirm).toContainText(`Archive ${name}?`);
  await expectNoSeriousWcag(page, 'the archive confirmation');
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expectToast(page, 'Tax class archived successfully.');
  await expect(page.getByRole('table', { name: 'Tax classes' }).getByRole('row').filter({ hasText: name })).toHaveCount(
    0,
  );
  // The exempt class has an item: it cannot be archived.
  await expect(page.getByRole('button', { name: 'Archive Exempt: fresh milk' })).toBeDisabled();

  await page.setViewportSize(PHONE);
  await page.getByRole('table', { name: 'Tax classes' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/tax-classes-card-390.png` });
});
