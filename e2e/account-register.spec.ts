import { computeCartTotals } from '../packages/shared/src/money';
import { apiSession, findProduct, sellViaApi } from './api';
import { expectNoSeriousWcag } from './axe';
import { expect, type Page, test } from './fixtures';
import {
  allowSlowScans,
  ensureShiftOpen,
  expectToast,
  keepPrintPopupsOpen,
  scanWithWedge,
  signInToDashboard,
} from './helpers';

// Screenshots for a person to look at (SHOTS_DIR to keep them elsewhere).
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
/** As the web app writes amounts: '1,234.50' (after the currency). */
const amount = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const cents = (n: number) => Math.round(n * 100);
const COLA = 'BEV-COLA-15';
const FLOAT = 100;
const LIMIT = 1000;
const PAID = 150;

async function shiftMenu(page: Page, item: string) {
  await page.getByRole('button', { name: /^Shift R\d+$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: item }).press('Enter');
}

test('on account at the register: a known customer buys on account by keyboard, then pays part in cash into the drawer; the X and Z reports show the Account tender, the paid-in and the expected cash', async ({
  browser,
  page,
}) => {
  // A regular customer of the main branch (made by a card sale) with a credit limit of 1,000.00.
  const manager = await apiSession(page, 'manager');
  const phone = `0345${Date.now().toString().slice(-7)}`;
  const name = `Khata Customer ${phone.slice(-4)}`;
  const cola = await findProduct(page, manager, COLA);
  const first = await sellViaApi(page, manager, { lines: [{ product: cola, quantity: 1 }], customer: { name, phone } });
  const customerId = (first as unknown as { customer: { id: string } }).customer.id;
  const limit = await page.request.put(`/api/customers/${customerId}/account`, {
    headers: manager.headers,
    data: { creditLimit: LIMIT, reason: 'Regular customer' },
  });
  expect(limit.status(), await limit.text()).toBe(200);

  // The cashier at a register of their own, a shift opened with a float of 100.00.
  const context = await browser.newContext();
  await keepPrintPopupsOpen(context);
  const till = await context.newPage();
  await allowSlowScans(till);
  await signInToDashboard(till, 'cashier');
  await till.goto('/dashboard/pos');
  await ensureShiftOpen(till, FLOAT);
  await expect(till.getByTestId('register-status')).toHaveAttribute('data-catalogue', 'synced');
  await expect(till.getByLabel('Barcode')).toBeFocused();
  await scanWithWedge(till, COLA);
  await scanWithWedge(till, COLA);
  await expect(till.getByTestId('cart-line')).toHaveCount(1);
  await till.getByLabel('Phone').fill(phone);
  await expectToast(till, 'Customer Found');
  await expect(till.getByTestId('customer-account')).toContainText('Owes PKR 0.00 on account');

  const taxRate = Number(await till.getByLabel('Tax (%)').inputValue());
  const { total } = computeCartTotals({
    items: [{ price: Number(cola.price), quantity: 2 }],
    taxRate,
    discountType: 'percentage',
    discountValue: 0,
  });

  // Keyboard: mod+P, Shift+Tab to the method, ArrowRight twice to Account (no store credit here), Tab, Enter.
  await till.keyboard.press('ControlOrMeta+p');
  const pay = till.getByRole('dialog', { name: 'Payment' });
  await expect(pay.getByLabel('Amount Received')).toBeFocused();
  await till.keyboard.press('Shift+Tab');
  await expect(pay.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await till.keyboard.press('ArrowRight');
  await till.keyboard.press('ArrowRight');
  await expect(pay.getByRole('radio', { name: 'Account' })).toBeChecked();
  await till.keyboard.press('Tab');
  const onAccount = pay.getByLabel('On account');
  await expect(onAccount).toBeFocused();
  await expect(pay).toContainText(
    `Owes PKR 0.00 of a PKR ${amount(LIMIT)} limit (PKR ${amount(LIMIT)} left). PKR ${amount(total)} is charged to the account; no change.`,
  );
  await expectNoSeriousWcag(till, 'the Payment dialog on account');
  await till.screenshot({ path: `${SHOTS}/account-payment-dialog-1280.png` });
  const answer = till.waitForResponse((r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST');
  const popup = context.waitForEvent('page');
  await till.keyboard.press('Enter');
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({
    payment_method: 'account',
    total,
    customer: { phone, name },
  });
  await expectToast(till, 'Payment processed successfully');
  const receipt = (await (await popup).locator('pre').textContent()) ?? '';
  expect(receipt).toMatch(/Payment: +Account\n/);

  // The customer comes back: what they owe shows under the cart's customer; they pay 150.00 in cash.
  await till.getByLabel('Phone').fill(phone);
  await expectToast(till, 'Customer Found');
  const owes = till.getByTestId('customer-account');
  await expect(owes).toContainText(`Owes PKR ${amount(total)} on account`);
  await owes.getByRole('button', { name: 'Receive payment' }).focus();
  await till.keyboard.press('Enter');
  const dialog = till.getByRole('dialog', { name: 'Payment on account' });
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  await till.keyboard.type(String(PAID));
  await expect(dialog.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expectNoSeriousWcag(till, 'the Payment on account dialog');
  await till.screenshot({ path: `${SHOTS}/account-receive-payment-1280.png` });
  const paid = till.waitForResponse((r) => r.url().includes('/account/payments') && r.request().method() === 'POST');
  await till.keyboard.press('Enter');
  const paidRes = await paid;
  expect(paidRes.status(), await paidRes.text()).toBe(201);
  expect(JSON.parse(paidRes.request().postData() ?? '{}')).toMatchObject({ amount: PAID, method: 'cash' });
  const owed = (cents(total) - cents(PAID)) / 100;
  await expectToast(till, `PKR ${amount(PAID)} received: owes PKR ${amount(owed)}`);
  await expect(owes).toContainText(`Owes PKR ${amount(owed)} on account`);

  // The X report: the Account tender, the paid-in, and the drawer expects the float plus the payment.
  await shiftMenu(till, 'X report');
  const x = till.getByRole('dialog', { name: 'X report' });
  const report = x.getByRole('table', { name: 'X report' });
  const row = (label: string) => report.getByRole('row').filter({ has: till.getByRole('rowheader', { name: label }) });
  await expect(row('Sales (1)')).toContainText(amount(total));
  await expect(row('Account (1)')).toContainText(amount(total));
  const drawer = x.getByRole('table', { name: 'Cash drawer' });
  await expect(drawer.getByRole('row').filter({ hasText: 'Paid in' })).toContainText(amount(PAID));
  await expect(x.getByTestId('expected-cash')).toHaveText(
    new RegExp(`\\b${amount(FLOAT + PAID).replace('.', '\\.')}$`),
  );
  await till.screenshot({ path: `${SHOTS}/account-x-report.png` });
  await x.getByRole('button', { name: 'Close', exact: true }).click();

  // The customer's statement in the back office: the sale and the cash payment, the running balance.
  const statement = await page.request.get(`/api/customers/${customerId}/account/entries`, {
    headers: manager.headers,
  });
  const entries = (await statement.json()).data as { kind: string; amount: number; balance: number; method: string }[];
  expect(entries.map((e) => [e.kind, e.amount, e.balance, e.method])).toEqual([
    ['payment', -PAID, owed, 'cash'],
    ['sale', total, total, null],
  ]);
  await context.close();
});
