import { computeCartTotals } from '../packages/shared/src/money';
import { apiSession, findProduct, sellViaApi } from './api';
import { expectAccessible, expectNoSeriousWcag } from './axe';
import { expect, type Page, test } from './fixtures';
import {
  allowSlowScans,
  ensureShiftOpen,
  expectNoSideScroll,
  expectToast,
  keepPrintPopupsOpen,
  LONG_FLOW_MS,
  scanWithWedge,
  signInToDashboard,
} from './helpers';

// Screenshots for a person to look at (SHOTS_DIR to keep them elsewhere).
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
/** As the web app writes amounts: '1,234.50' (after the currency). */
const amount = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const cents = (n: number) => Math.round(n * 100);
const reEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COLA = 'BEV-COLA-15';
const GIVEN = 20;
const CREDIT = 20;
const CARD = 30;

/** The customer page's Store Credit tab, its balance and its ledger rows (newest first). */
async function openStoreCredit(page: Page, customerId: string) {
  await page.goto(`/dashboard/customers/${customerId}`);
  await page.getByRole('tab', { name: 'Store Credit' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Store Credit' });
  return {
    panel,
    balance: panel.getByLabel('Store credit balance'),
    rows: panel.getByRole('table', { name: 'Store credit' }).getByTestId('credit-entry'),
  };
}

test('store credit: a return and a manager adjustment give it, the register spends part of it beside card and cash, the ledger shows the sale', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_MS);
  // A customer of the main branch with a card sale of two colas (tax 0).
  const manager = await apiSession(page, 'manager');
  const phone = `0333${Date.now().toString().slice(-7)}`;
  const name = `Credit Customer ${phone.slice(-4)}`;
  const cola = await findProduct(page, manager, COLA);
  const sold = await sellViaApi(page, manager, { lines: [{ product: cola, quantity: 2 }], customer: { name, phone } });

  // The manager returns one as store credit: the form says whose balance it goes to.
  await signInToDashboard(page, 'manager');
  await page.goto('/dashboard/returns');
  await page.getByRole('tab', { name: 'Find Transaction' }).click();
  await page.getByLabel('Receipt Number').fill(sold.receiptNumber);
  await page.getByTestId(`lookup-${sold.receiptNumber}`).getByRole('button', { name: 'Process Return' }).click();
  const form = page.getByRole('dialog', { name: 'Process Return' });
  await form.getByLabel('Return quantity for Cola 1.5L').fill('1');
  await form.getByRole('combobox', { name: 'Refund Method' }).click();
  await page.getByRole('option', { name: 'Store Credit' }).click();
  await expect(form.getByText(`Goes to ${name}'s store credit`)).toBeVisible();
  await form.getByRole('combobox', { name: 'Return Reason' }).click();
  await page.getByRole('option', { name: 'Customer Changed Mind' }).click();
  const returnAnswer = page.waitForResponse((r) => r.url().endsWith('/api/returns') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Process Return' }).click();
  const returned = await returnAnswer;
  expect(returned.status(), await returned.text()).toBe(201);
  expect(JSON.parse(returned.request().postData() ?? '{}')).toMatchObject({ refund_method: 'store_credit' });
  const { returnNumber, refundAmount } = (await returned.json()).data as { returnNumber: string; refundAmount: number };
  expect(refundAmount).toBe(Number(cola.price));
  await expect(form).toHaveCount(0);
  const found = await page.request.get('/api/customers', {
    headers: manager.headers,
    params: { branchId: manager.branchId, search: phone },
  });
  const customer = ((await found.json()).data as { id: string; creditBalance: number }[])[0];
  expect(customer?.creditBalance).toBe(refundAmount);
  const customerId = customer?.id ?? '';

  // The customer page: the Store Credit tab shows the balance and the return; Adjust gives 20.00 more with a reason.
  const credit = await openStoreCredit(page, customerId);
  await expect(credit.balance).toHaveText(`PKR ${amount(refundAmount)}`);
  await expect(page.getByRole('region', { name: 'Store Credit' })).toContainText(amount(refundAmount));
  await expect(credit.rows).toHaveCount(1);
  await expect(credit.rows.first()).toContainText(`Return ${returnNumber}`);
  await expect(credit.rows.first()).toContainText(`+PKR ${amount(refundAmount)}`);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/store-credit-tab-1280.png`, fullPage: true });

  await credit.panel.getByRole('button', { name: 'Adjust store credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust store credit' });
  await expect(dialog).toBeVisible();
  const amountField = dialog.getByLabel('Amount');
  await expect(amountField).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Give' })).toBeChecked();
  await page.keyboard.type(String(GIVEN));
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Goodwill: a late delivery');
  const balanceAfter = (cents(refundAmount) + cents(GIVEN)) / 100;
  await expect(dialog.getByLabel('New balance')).toHaveText(`PKR ${amount(balanceAfter)}`);
  await expect(dialog.getByLabel('Current balance')).toHaveText(`PKR ${amount(refundAmount)}`);
  await expectNoSeriousWcag(page, 'the Adjust store credit dialog');
  await page.screenshot({ path: `${SHOTS}/store-credit-adjust-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeInViewport();
  await expectNoSideScroll(dialog);
  await expectNoSeriousWcag(page, 'the Adjust store credit dialog, 390 px');
  await page.screenshot({ path: `${SHOTS}/store-credit-adjust-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Taking back more than the balance is refused in the dialog, before the server.
  await dialog.getByRole('radio', { name: 'Give' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Take back' })).toBeChecked();
  await amountField.fill('100000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText(`Not enough store credit: the balance is PKR ${amount(refundAmount)}`)).toBeVisible();
  await dialog.getByRole('radio', { name: 'Take back' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: 'Give' })).toBeChecked();
  await amountField.fill(String(GIVEN));
  const adjusted = page.waitForResponse((r) => r.url().endsWith('/credit') && r.request().method() === 'POST');
  await amountField.press('Enter');
  expect((await adjusted).status()).toBe(201);
  await expect(dialog).toHaveCount(0);
  await expectToast(page, 'Store credit adjusted');
  await expect(credit.balance).toHaveText(`PKR ${amount(balanceAfter)}`);
  await expect(credit.rows).toHaveCount(2);
  await expect(credit.rows.first()).toContainText('Adjustment');
  await expect(credit.rows.first()).toContainText('Goodwill: a late delivery');
  await expect(credit.rows.first()).toContainText('Bilal Manager');
  await expect(credit.rows.first()).toContainText(`+PKR ${amount(GIVEN)}`);
  await page.setViewportSize({ width: 390, height: 844 });
  // The ledger fits a phone: nothing to scroll sideways.
  const ledger = credit.panel.getByRole('table', { name: 'Store credit' });
  await expect.poll(() => ledger.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await expectNoSeriousWcag(page, 'the Store Credit tab, 390 px');
  await page.screenshot({ path: `${SHOTS}/store-credit-tab-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The cashier, at a register of their own: the phone finds the customer and their store credit.
  const cashierContext = await browser.newContext();
  await keepPrintPopupsOpen(cashierContext);
  const till = await cashierContext.newPage();
  await allowSlowScans(till);
  await signInToDashboard(till, 'cashier');
  await till.goto('/dashboard/pos');
  await ensureShiftOpen(till, 100);
  await expect(till.getByTestId('register-status')).toHaveAttribute('data-catalogue', 'synced');
  await expect(till.getByLabel('Barcode')).toBeFocused();
  await scanWithWedge(till, COLA);
  await expect(till.getByTestId('cart-line')).toHaveCount(1);
  await till.getByLabel('Phone').fill(phone);
  await expectToast(till, 'Customer Found');
  await expect(till.getByLabel('Customer Name')).toHaveValue(name);
  await expect(till.getByTestId('customer-credit')).toHaveText(`Store credit PKR ${amount(balanceAfter)}`);

  // Cola 1.5L at 180.00 plus the branch's tax: 20.00 of store credit, 30.00 by card, the rest in cash with change.
  const taxRate = Number(await till.getByLabel('Tax (%)').inputValue());
  const { total } = computeCartTotals({
    items: [{ price: 180, quantity: 1 }],
    taxRate,
    discountType: 'percentage',
    discountValue: 0,
  });
  const rest = (cents(total) - cents(CREDIT) - cents(CARD)) / 100;
  const cash = Math.floor(rest / 50) * 50 + 50;
  const change = (cents(cash) - cents(rest)) / 100;

  // Keyboard first: mod+P, Shift+Tab to the method, two arrows to Store credit, Tab to its amount, 20, F8.
  await till.keyboard.press('ControlOrMeta+p');
  const pay = till.getByRole('dialog', { name: 'Payment' });
  await expect(pay).toBeVisible();
  await expect(pay.getByLabel('Amount Received')).toBeFocused();
  await till.keyboard.press('Shift+Tab');
  await expect(pay.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await till.keyboard.press('ArrowRight');
  await till.keyboard.press('ArrowRight');
  await expect(pay.getByRole('radio', { name: 'Store credit' })).toBeChecked();
  await till.keyboard.press('Tab');
  const creditField = pay.getByLabel('Store credit amount');
  await expect(creditField).toBeFocused();
  await expect(pay).toContainText(`Balance PKR ${amount(balanceAfter)}`);
  // More than the balance is refused.
  await till.keyboard.type(String(balanceAfter + 1));
  await expect(pay.getByText(`Only PKR ${amount(balanceAfter)} of store credit`)).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Add tender (F8)' })).toBeDisabled();
  await creditField.fill(String(CREDIT));
  await till.keyboard.press('F8');
  await expect(pay.getByTestId('tender-line')).toHaveCount(1);
  await expect(pay.getByTestId('tender-line')).toContainText('Store credit');
  const received = pay.getByLabel('Amount Received');
  await expect(received).toBeFocused();

  // Then the card: back to the method (past the line's remove button), the arrow to Card, on to its amount.
  await till.keyboard.press('Shift+Tab');
  await till.keyboard.press('Shift+Tab');
  await expect(pay.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await till.keyboard.press('ArrowRight');
  await expect(pay.getByRole('radio', { name: 'Card' })).toBeChecked();
  const cardField = pay.getByLabel('Card amount');
  for (let i = 0; i < 3 && !(await cardField.evaluate((el) => el === document.activeElement)); i++) {
    await till.keyboard.press('Tab');
  }
  await expect(cardField).toBeFocused();
  await till.keyboard.type(String(CARD));
  await till.keyboard.press('F8');
  await expect(pay.getByTestId('tender-line')).toHaveCount(2);
  await expect(pay.getByLabel('Remaining')).toContainText(amount(rest));
  await expect(received).toBeFocused();
  await till.keyboard.type(String(cash));
  await expect(pay.getByLabel('Change', { exact: true })).toContainText(amount(change));
  const complete = pay.getByRole('button', { name: 'Complete Payment' });
  await expect(complete).toBeEnabled();

  await expectNoSeriousWcag(till, 'the Payment dialog with store credit, card and cash');
  await till.screenshot({ path: `${SHOTS}/store-credit-payment-1280.png` });
  await till.setViewportSize({ width: 390, height: 844 });
  await expect(complete).toBeInViewport();
  await expectNoSideScroll(pay);
  await expectNoSeriousWcag(till, 'the Payment dialog with three tenders, 390 px');
  await till.screenshot({ path: `${SHOTS}/store-credit-payment-390.png` });
  await till.setViewportSize({ width: 1280, height: 720 });

  // Enter completes: one mixed sale with its three tenders, the customer's phone with it.
  await received.focus();
  const answer = till.waitForResponse((r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST');
  const popup = cashierContext.waitForEvent('page');
  await till.keyboard.press('Enter');
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({
    payment_method: 'mixed',
    total,
    change,
    customer: { phone, name },
    tenders: [
      { method: 'store_credit', amount: CREDIT },
      { method: 'card', amount: CARD },
      { method: 'cash', amount: cash },
    ],
  });
  const sale = (await res.json()).data as { receiptNumber: string; tenders: { method: string; amount: number }[] };
  expect(sale.tenders).toEqual([
    { method: 'card', amount: CARD },
    { method: 'cash', amount: rest },
    { method: 'store_credit', amount: CREDIT },
  ]);
  await expectToast(till, 'Payment processed successfully');
  await expect(till.getByText('Cart is empty')).toBeVisible();
  await expect(till.getByTestId('customer-credit')).toHaveCount(0);

  // The receipt: a row per tender, what was handed over, the change, and the store credit left.
  const printed = await popup;
  const receipt = (await printed.locator('pre').textContent()) ?? '';
  await printed.screenshot({ path: `${SHOTS}/store-credit-receipt.png`, fullPage: true });
  const left = (cents(balanceAfter) - cents(CREDIT)) / 100;
  expect(receipt).toMatch(
    new RegExp(
      [
        'Payment: +Mixed',
        ` {2}Card +${reEscape(amount(CARD))}`,
        ` {2}Cash +${reEscape(amount(rest))}`,
        ` {2}Store credit +${reEscape(amount(CREDIT))}`,
        `Paid: +${reEscape(amount(CREDIT + CARD + cash))}`,
        `Change: +${reEscape(amount(change))}`,
        `Store credit left: +${reEscape(amount(left))}`,
      ].join('\\n'),
    ),
  );
  await cashierContext.close();

  // The customer page: the lower balance, and the sale on top of the ledger.
  const after = await openStoreCredit(page, customerId);
  await expect(after.balance).toHaveText(`PKR ${amount(left)}`);
  await expect(after.rows).toHaveCount(3);
  await expect(after.rows.first()).toContainText(`Sale ${sale.receiptNumber}`);
  await expect(after.rows.first()).toContainText(`-PKR ${amount(CREDIT)}`);
  await expect(after.rows.first()).toContainText('Sana Cashier');
  await expect(after.rows.first().getByRole('link', { name: `Sale ${sale.receiptNumber}` })).toBeVisible();
  await expectNoSeriousWcag(page, 'the Store Credit tab with a sale');
  await page.screenshot({ path: `${SHOTS}/store-credit-tab-after-sale-1280.png`, fullPage: true });
});

test('a return of a sale without a customer cannot go to store credit, and says why', async ({ page }) => {
  const manager = await apiSession(page, 'manager');
  const cola = await findProduct(page, manager, COLA);
  const sold = await sellViaApi(page, manager, { lines: [{ product: cola, quantity: 1 }] });
  await signInToDashboard(page, 'manager');
  await page.goto('/dashboard/returns');
  await page.getByRole('tab', { name: 'Find Transaction' }).click();
  await page.getByLabel('Receipt Number').fill(sold.receiptNumber);
  await page.getByTestId(`lookup-${sold.receiptNumber}`).getByRole('button', { name: 'Process Return' }).click();
  const form = page.getByRole('dialog', { name: 'Process Return' });
  await expect(form.getByText('Store credit needs a customer: this sale has none')).toBeVisible();
  await form.getByRole('combobox', { name: 'Refund Method' }).click();
  await expect(page.getByRole('option', { name: 'Store Credit' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: 'Card Refund' })).not.toHaveAttribute('aria-disabled', 'true');
});
