import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { computeCartTotals } from '../packages/shared/src/money';
import { type ApiSession, apiSession, findProduct, sellViaApi } from './api';
import { expectAccessible, expectNoSeriousWcag } from './axe';
import { expect, type Page, test } from './fixtures';
import { expectNoSideScroll, expectToast, signInToDashboard } from './helpers';

// Screenshots for a person to look at (SHOTS_DIR to keep them elsewhere).
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
/** As the web app writes amounts: '1,234.50' (after the currency). */
const amount = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const pkr = (n: number) => `PKR ${amount(n)}`;
const cents = (n: number) => Math.round(n * 100);
const COLA = 'BEV-COLA-15';
const LIMIT = 5000;
const PAID = 150;
const MANAGER_NAME = 'Bilal Manager';

/** The customer page's Account tab: its figures and its statement rows (newest first). */
async function openAccount(page: Page, customerId: string) {
  await page.goto(`/dashboard/customers/${customerId}`);
  await page.getByRole('tab', { name: 'Account' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Account' });
  return {
    panel,
    balance: panel.getByLabel('Balance owed'),
    limit: panel.getByLabel('Credit limit'),
    available: panel.getByLabel('Available'),
    current: panel.getByLabel('Current (0-29 days)'),
    rows: panel.getByRole('table', { name: 'Account statement' }).getByTestId('account-entry'),
  };
}

/** A sale paid wholly on account through POST /api/transactions (no tax, no discount; no shift: it takes no cash). */
async function sellOnAccountViaApi(
  page: Page,
  { headers, branchId }: ApiSession,
  {
    product,
    quantity,
    customer,
  }: { product: { id: string; price: number | string }; quantity: number; customer: { name: string; phone: string } },
) {
  const price = Number(product.price);
  const totals = computeCartTotals({
    items: [{ price, quantity }],
    taxRate: 0,
    discountType: 'amount',
    discountValue: 0,
  });
  const res = await page.request.post('/api/transactions', {
    headers,
    data: {
      branchId,
      items: [{ product_id: product.id, quantity, price }],
      subtotal: totals.subtotal,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: totals.total,
      payment_method: 'account',
      amount_paid: totals.total,
      change: 0,
      customer,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string; receiptNumber: string; total: number };
}

test('customer accounts: a manager sets the credit limit, a sale on account shows on the statement, a card payment lowers it, the ageing list and its CSV', async ({
  page,
}) => {
  // A customer of the main branch (made by a card sale), owing nothing yet.
  const manager = await apiSession(page, 'manager');
  const phone = `0334${Date.now().toString().slice(-7)}`;
  const name = `Account Customer ${phone.slice(-4)}`;
  const cola = await findProduct(page, manager, COLA);
  await sellViaApi(page, manager, { lines: [{ product: cola, quantity: 1 }], customer: { name, phone } });
  const found = await page.request.get('/api/customers', {
    headers: manager.headers,
    params: { branchId: manager.branchId, search: phone },
  });
  const customer = ((await found.json()).data as { id: string; accountBalance: number; creditLimit: number }[])[0];
  expect(customer).toMatchObject({ accountBalance: 0, creditLimit: 0 });
  const customerId = customer?.id ?? '';

  // The Account tab: nothing owed, no limit, no statement yet.
  await signInToDashboard(page, 'manager');
  const account = await openAccount(page, customerId);
  await expect(account.balance).toHaveText(pkr(0));
  await expect(account.limit).toHaveText(pkr(0));
  await expect(account.panel.getByText('No account entries yet')).toBeVisible();
  await expectAccessible(page);

  // Set credit limit: without a reason the shared schema's message, then 5,000.00 with a reason.
  await account.panel.getByRole('button', { name: 'Set credit limit' }).click();
  const limitDialog = page.getByRole('dialog', { name: 'Set credit limit' });
  await expect(limitDialog).toBeVisible();
  const limitField = limitDialog.getByLabel('Credit limit');
  await expect(limitField).toBeFocused();
  await limitField.fill(String(LIMIT));
  await limitDialog.getByRole('button', { name: 'Save limit' }).click();
  await expect(limitDialog.getByText('A reason is required')).toBeVisible();
  await expect(limitField).toHaveValue('5,000');
  await limitDialog.getByLabel('Reason').fill('A regular customer, pays monthly');
  await expect(limitDialog.getByLabel('Available after')).toHaveText(pkr(LIMIT));
  await expectNoSeriousWcag(page, 'the Set credit limit dialog');
  await page.screenshot({ path: `${SHOTS}/account-limit-1280.png` });
  const limitSaved = page.waitForResponse((r) => r.url().endsWith('/account') && r.request().method() === 'PUT');
  await limitDialog.getByRole('button', { name: 'Save limit' }).click();
  const limitAnswer = await limitSaved;
  expect(limitAnswer.status(), await limitAnswer.text()).toBe(200);
  expect(JSON.parse(limitAnswer.request().postData() ?? '{}')).toEqual({
    creditLimit: LIMIT,
    reason: 'A regular customer, pays monthly',
  });
  await expect(limitDialog).toHaveCount(0);
  await expectToast(page, 'Credit limit updated');
  await expect(account.limit).toHaveText(pkr(LIMIT));
  await expect(account.available).toHaveText(pkr(LIMIT));

  // Two colas on account, sold by the manager through the API.
  const sale = await sellOnAccountViaApi(page, manager, { product: cola, quantity: 2, customer: { name, phone } });
  const owed = sale.total;
  const after = await openAccount(page, customerId);
  await expect(after.balance).toHaveText(pkr(owed));
  await expect(after.available).toHaveText(pkr((cents(LIMIT) - cents(owed)) / 100));
  await expect(after.current).toHaveText(pkr(owed));
  await expect(after.rows).toHaveCount(1);
  await expect(after.rows.first()).toContainText(`Sale ${sale.receiptNumber}`);
  await expect(after.rows.first()).toContainText(`+${pkr(owed)}`);
  await expect(after.rows.first()).toContainText(MANAGER_NAME);
  await expect(after.rows.first().getByRole('cell').last()).toHaveText(pkr(owed));
  await expect(after.rows.first().getByRole('link', { name: `Sale ${sale.receiptNumber}` })).toHaveAttribute(
    'href',
    `/dashboard/transactions?id=${sale.id}`,
  );
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/account-tab-1280.png`, fullPage: true });

  // Receive payment, keyboard only: Enter opens it, the amount, Tab to the method, the arrow to Card, Tab to the
  // note, Enter records it.
  const receive = after.panel.getByRole('button', { name: 'Receive payment' });
  await receive.focus();
  await page.keyboard.press('Enter');
  const payDialog = page.getByRole('dialog', { name: 'Receive payment' });
  await expect(payDialog).toBeVisible();
  await expect(payDialog.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type(String(PAID));
  await page.keyboard.press('Tab');
  await expect(payDialog.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(payDialog.getByRole('radio', { name: 'Card' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(payDialog.getByLabel('Note')).toBeFocused();
  await page.keyboard.type('Paid by card at the counter');
  const rest = (cents(owed) - cents(PAID)) / 100;
  await expect(payDialog.getByLabel('Balance after')).toHaveText(pkr(rest));
  await expectNoSeriousWcag(page, 'the Receive payment dialog');
  await page.screenshot({ path: `${SHOTS}/account-payment-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(payDialog.getByRole('button', { name: 'Record payment' })).toBeInViewport();
  await expectNoSideScroll(payDialog);
  await expectNoSeriousWcag(page, 'the Receive payment dialog, 390 px');
  await page.screenshot({ path: `${SHOTS}/account-payment-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await payDialog.getByLabel('Note').focus();
  const paid = page.waitForResponse((r) => r.url().endsWith('/account/payments') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  const paidAnswer = await paid;
  expect(paidAnswer.status(), await paidAnswer.text()).toBe(201);
  expect(JSON.parse(paidAnswer.request().postData() ?? '{}')).toMatchObject({
    amount: PAID,
    method: 'card',
    note: 'Paid by card at the counter',
  });
  await expect(payDialog).toHaveCount(0);
  await expect(receive).toBeFocused();
  await expectToast(page, 'Payment received on account');
  await expect(after.balance).toHaveText(pkr(rest));
  await expect(after.current).toHaveText(pkr(rest));
  await expect(after.rows).toHaveCount(2);
  await expect(after.rows.first()).toContainText('Payment (Card)');
  await expect(after.rows.first()).toContainText('Paid by card at the counter');
  await expect(after.rows.first()).toContainText(`-${pkr(PAID)}`);
  await expect(after.rows.first().getByRole('cell').last()).toHaveText(pkr(rest));
  await page.screenshot({ path: `${SHOTS}/account-tab-paid-1280.png`, fullPage: true });

  // A phone's width: the statement fits without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const statement = after.panel.getByRole('table', { name: 'Account statement' });
  await expect.poll(() => statement.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await expectNoSeriousWcag(page, 'the Account tab, 390 px');
  await page.screenshot({ path: `${SHOTS}/account-tab-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The ageing list, from the navigation: the customer found by phone, what is left in Current.
  await page.getByRole('navigation').getByRole('link', { name: 'Account Ageing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Ageing' })).toBeVisible();
  await page.getByLabel('Search customers owing').fill(phone);
  const table = page.getByRole('table', { name: 'Account ageing' });
  const rows = table.getByTestId('ageing-row');
  await expect(rows).toHaveCount(1);
  const cells = rows.first().getByRole('cell');
  // The phone under the name.
  await expect(cells).toHaveText([
    `${name}${phone}`,
    pkr(rest),
    pkr(LIMIT),
    pkr(rest),
    pkr(0),
    pkr(0),
    pkr(0),
    /\d\d\/\d\d\/\d{4}/,
  ]);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/account-ageing-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousWcag(page, 'the Account Ageing page, 390 px');
  await page.screenshot({ path: `${SHOTS}/account-ageing-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The CSV export carries the search: one row, its figures as numbers with 2 decimals.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV: account ageing' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^account-ageing-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const records = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    Customer: name,
    Phone: phone,
    Balance: rest.toFixed(2),
    'Credit limit': LIMIT.toFixed(2),
    'Current (0-29 days)': rest.toFixed(2),
    '30-59 days': '0.00',
    '60-89 days': '0.00',
    '90+ days': '0.00',
  });
  expect(records[0]?.['Oldest unpaid']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);

  // The name opens the customer's Account tab.
  await rows.first().getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${customerId}\\?tab=account$`));
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Account' }).getByLabel('Balance owed')).toHaveText(pkr(rest));
});

test('the Account Ageing page is not in a cashier’s navigation, and says so when opened', async ({ page }) => {
  await signInToDashboard(page, 'cashier');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Account Ageing' })).toHaveCount(0);
  await page.goto('/dashboard/account-ageing');
  await expect(page.getByText(/Only managers and administrators can view the account ageing/)).toBeVisible();
});
