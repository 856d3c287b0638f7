import { formatInCurrency } from '../packages/shared/src/currency';
import { apiSession } from './api';
import { type BrowserContext, expect, type Locator, type Page, test } from './fixtures';
import { ensureShiftOpen, expectToast, keepPrintPopupsOpen, LONG_FLOW_MS, signInToDashboard } from './helpers';

// Screenshots for a person to look at: under test-results (SCREENS_DIR to keep them elsewhere).
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const PIN = '2468';
/** As the web app writes amounts: '1,234.50' (after the currency). */
const amount = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const cents = (n: number) => Math.round(n * 100);

/** Picks an item of the Shift menu from the keyboard (toasts may sit over the header and the menu). */
async function shiftMenu(page: Page, item: string) {
  const button = page.getByRole('button', { name: /^Shift R\d+$/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: item }).press('Enter');
}

type SaleAnswer = { id: string; total: number; paymentMethod: 'cash' | 'card'; items: { id: string }[] };

/** Scans one product and pays: cash with `cash` received, or by card. Answers the server's sale. */
async function sell(page: Page, context: BrowserContext, code: string, payment: { cash: number } | 'card') {
  const barcode = page.getByLabel('Barcode');
  await barcode.focus();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.keyboard.press('ControlOrMeta+p');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog).toBeVisible();
  if (payment === 'card') await dialog.getByText('Card', { exact: true }).click();
  else await dialog.getByLabel('Amount Received').fill(String(payment.cash));
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST');
  const receipt = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  await receipt;
  await expectToast(page, 'Payment processed successfully');
  await expect(page.getByText('Cart is empty')).toBeVisible();
  return ((await res.json()) as { data: SaleAnswer }).data;
}

test('a shift: float, cash and card sales, a discount approved by the manager, a refund, a paid out, a close 5.00 short approved by the manager, the Z report', async ({
  page,
  context,
}) => {
  test.setTimeout(LONG_FLOW_MS);
  await keepPrintPopupsOpen(context);
  const manager = await apiSession(page, 'manager');
  const branchId = manager.branchId;
  // The manager's approval PIN, and an over/short limit below 5.00 so a 5.00 short close needs approval.
  expect((await page.request.put('/api/auth/pin', { headers: manager.headers, data: { pin: PIN } })).ok()).toBe(true);
  const rulesUrl = `/api/branches/${branchId}/register-rules`;
  const rules = (await (await page.request.get(rulesUrl, { headers: manager.headers })).json()).data;
  const { branchId: _omit, ...editable } = rules;
  const setThreshold = (overShortThreshold: number) =>
    page.request.put(rulesUrl, { headers: manager.headers, data: { ...editable, overShortThreshold } });
  expect((await setThreshold(2)).ok()).toBe(true);

  try {
    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/pos');
    const prompt = page.getByRole('dialog', { name: 'Open a shift' });
    await expect(prompt).toBeVisible();
    await prompt.getByLabel('Opening float').fill('100');
    await page.screenshot({ path: `${SCREENS}/shift-open.png` });
    await prompt.getByRole('button', { name: 'Open shift' }).click();
    await expect(prompt).toHaveCount(0);
    await ensureShiftOpen(page);
    const shiftButton = page.getByRole('button', { name: /^Shift R\d+$/ });
    const registerCode = ((await shiftButton.textContent()) ?? '').replace('Shift', '').trim();

    // Three cash sales with change, one card sale.
    const cash1 = await sell(page, context, 'BEV-COLA-15', { cash: 500 });
    const cash2 = await sell(page, context, 'SNK-CHIP-70', { cash: 200 });
    const cash3 = await sell(page, context, 'BEV-COLA-15', { cash: 1000 });
    const card = await sell(page, context, 'SNK-CHIP-70', 'card');
    for (const s of [cash1, cash2, cash3]) expect(s.paymentMethod).toBe('cash');

    // A fourth cash sale with 25 % off, past the cashier's 10 % limit: the manager approves it with the PIN.
    const barcode = page.getByLabel('Barcode');
    await barcode.fill('BEV-COLA-15');
    await barcode.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByLabel('Discount (%)').fill('25');
    await page.getByLabel('Discount (%)').press('Tab');
    await page.keyboard.press('ControlOrMeta+p');
    const payment = page.getByRole('dialog', { name: 'Payment' });
    await payment.getByLabel('Amount Received').fill('1000');
    await payment.getByRole('button', { name: 'Complete Payment' }).click();
    const approval = page.getByRole('dialog', { name: 'Manager approval' });
    await expect(approval).toContainText("Discount above the cashier's limit of 10%");
    await approval.getByLabel('Manager username').fill('manager');
    await approval.getByLabel('PIN').fill(PIN);
    const approved = page.waitForResponse(
      (r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST' && r.status() === 201,
    );
    const discountedReceipt = context.waitForEvent('page');
    await approval.getByRole('button', { name: 'Approve' }).click();
    const discounted = ((await (await approved).json()) as { data: SaleAnswer }).data;
    await discountedReceipt;
    await expect(page.getByText('Cart is empty')).toBeVisible();
    // The dialogs gone, the focus back in the barcode field (their exit gives it back, so a focus moved
    // earlier would be taken away).
    await expect(page.getByLabel('Barcode')).toBeFocused();

    // A cash refund of the first sale at this register (a manager processes returns).
    const registers = await page.request.get('/api/registers', {
      headers: manager.headers,
      params: { branchId, limit: 100 },
    });
    const list = (await registers.json()) as { data: { id: string; code: string }[]; meta: { totalPages: number } };
    let registerId = list.data.find((r) => r.code === registerCode)?.id;
    for (let p = 2; !registerId && p <= list.meta.totalPages; p++) {
      const more = await page.request.get('/api/registers', {
        headers: manager.headers,
        params: { branchId, limit: 100, page: p },
      });
      registerId = ((await more.json()).data as { id: string; code: string }[]).find(
        (r) => r.code === registerCode,
      )?.id;
    }
    expect(registerId).toBeTruthy();
    const refund = await page.request.post('/api/returns', {
      headers: manager.headers,
      data: {
        originalTransactionId: cash1.id,
        branchId,
        items: [{ original_transaction_item_id: cash1.items[0]?.id, return_quantity: 1, condition: 'new' }],
        refund_method: 'cash',
        reason: 'defective',
        register_id: registerId,
      },
    });
    expect(refund.status()).toBe(201);
    const refundAmount: number = (await refund.json()).data.refundAmount;

    // A paid out of 20.00 from the Shift menu.
    await shiftMenu(page, 'Cash in / out');
    const cashDialog = page.getByRole('dialog', { name: 'Cash in / out' });
    await cashDialog.getByText('Paid out', { exact: true }).click();
    await cashDialog.getByLabel('Amount').fill('20');
    await cashDialog.getByLabel('Reason').fill('Milk for the shop');
    await cashDialog.getByRole('button', { name: 'Record' }).click();
    await expectToast(page, 'Paid out PKR 20.00');
    await expect(cashDialog).toHaveCount(0);

    // "No sale" from the keyboard: the drawer opening is recorded on its own, nothing moves.
    await shiftMenu(page, 'No sale');
    await expectToast(page, 'No sale recorded');

    const expected =
      (cents(100) +
        cents(cash1.total) +
        cents(cash2.total) +
        cents(cash3.total) +
        cents(discounted.total) -
        cents(refundAmount) -
        cents(20)) /
      100;

    // The X report at any time.
    await shiftMenu(page, 'X report');
    const x = page.getByRole('dialog', { name: 'X report' });
    await expect(x.getByTestId('expected-cash')).toContainText(amount(expected));
    await expect(x.getByRole('table', { name: 'X report' })).toContainText(amount(card.total));
    await page.screenshot({ path: `${SCREENS}/shift-x-report.png` });
    await x.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(x).toHaveCount(0);

    // Close by blind count 5.00 short: the expected figure is not shown before the count.
    await shiftMenu(page, 'Close shift');
    const close = page.getByRole('dialog', { name: 'Close shift' });
    await expect(close.getByText(amount(expected))).toHaveCount(0);
    await close.getByLabel('Counted cash').fill((expected - 5).toFixed(2));
    await page.screenshot({ path: `${SCREENS}/shift-close-count.png` });
    await close.getByRole('button', { name: 'Count and close' }).click();
    await expect(close.getByText('Manager approval needed')).toBeVisible();
    await close.getByLabel('Manager username').fill('manager');
    await close.getByLabel('Manager PIN').fill(PIN);
    await page.screenshot({ path: `${SCREENS}/shift-close-approval.png` });
    await close.getByRole('button', { name: 'Approve and close' }).click();

    const z = page.getByRole('dialog', { name: 'Shift closed' });
    await expect(z.getByTestId('expected-cash')).toContainText(amount(expected));
    await expect(z.getByTestId('counted-cash')).toContainText(amount(expected - 5));
    await expect(z.getByTestId('over-short')).toContainText('-');
    await expect(z.getByTestId('over-short')).toContainText('5.00');
    await expect(z.getByText('Bilal Manager')).toBeVisible();
    await expect(z.getByText(/^Z report #\d+$/)).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/shift-z-report.png` });

    // The Z report prints (the popup: no printer in the test browser).
    const popup = context.waitForEvent('page');
    await z.getByRole('button', { name: 'Print Z report' }).click();
    const printed = await popup;
    await expect(printed.locator('pre')).toContainText('Z REPORT #');
    await expect(printed.locator('pre')).toContainText(/SHORT:\s+-5\.00/);
    await expect(printed.locator('pre')).toContainText(formatInCurrency(expected, 'PKR'));
    await z.getByRole('button', { name: 'Done' }).click();

    // Closed: the register asks for a new shift again.
    await expect(page.getByRole('button', { name: 'Open shift' })).toBeVisible();

    // The manager's audit log lists the discount override and the close, each with the approver.
    await page.getByRole('button', { name: /user menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Signed out (the server told first): going to the sign-in page sooner would leave the session.
    await expect(page).toHaveURL(/\/login$/);
    await signInToDashboard(page, 'manager');
    await page.getByRole('link', { name: 'Audit Log' }).click();
    const log = page.getByRole('table', { name: 'Audit log entries' });
    for (const action of ['Discount above the limit', 'Shift closed']) {
      const row = log.getByRole('row').filter({ hasText: action }).first();
      await expect(row).toContainText('Sana Cashier');
      await expect(row).toContainText('Bilal Manager');
    }
  } finally {
    await setThreshold(rules.overShortThreshold);
  }
});

/** Tabs (or Shift+Tabs back) until `target` has the focus, at most `max` presses, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 6, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('Close shift by keyboard alone: the Shift menu opens on its first item, each step takes the focus, Done gives it back to the register', async ({
  page,
}) => {
  const manager = await apiSession(page, 'manager');
  const rulesUrl = `/api/branches/${manager.branchId}/register-rules`;
  const rules = (await (await page.request.get(rulesUrl, { headers: manager.headers })).json()).data;
  const { branchId: _omit, ...editable } = rules;
  const setThreshold = (overShortThreshold: number) =>
    page.request.put(rulesUrl, { headers: manager.headers, data: { ...editable, overShortThreshold } });
  // A count 50.00 over needs a manager: the close shows its approval step.
  expect((await setThreshold(2)).ok()).toBe(true);
  try {
    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/pos');
    // The prompt opens by itself with the focus in its float; Enter opens the shift and the Barcode field has the focus.
    const prompt = page.getByRole('dialog', { name: 'Open a shift' });
    await expect(prompt.getByLabel('Opening float')).toBeFocused();
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await expect(prompt).toHaveCount(0);
    const barcode = page.getByLabel('Barcode');
    await expect(barcode).toBeFocused();

    // The Shift menu, opened by Enter, has the focus on its first item; arrow up wraps round to Close shift.
    const shiftButton = page.getByRole('button', { name: /^Shift R\d+$/ });
    await tabTo(page, shiftButton, 4, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Cash in / out' })).toBeFocused();
    await page.screenshot({ path: `${SCREENS}/shift-menu-open.png` });
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Close shift' })).toBeFocused();
    await page.keyboard.press('Enter');

    // Count: the focus in Counted cash.
    const close = page.getByRole('dialog', { name: 'Close shift' });
    const counted = close.getByRole('textbox', { name: 'Counted cash' });
    await expect(counted).toBeFocused();
    await page.keyboard.type('50');
    const countAndClose = close.getByRole('button', { name: 'Count and close' });
    await tabTo(page, countAndClose);
    await page.keyboard.press('Enter');

    // Approval: the focus in the manager's username (it was on the button that went with the count step).
    await expect(close.getByText('Manager approval needed')).toBeVisible();
    await expect(close.getByRole('textbox', { name: 'Manager username' })).toBeFocused();
    await page.screenshot({ path: `${SCREENS}/shift-close-keyboard-approval.png` });

    // Back: the focus in Counted cash again, the count kept; the drawer is recounted as it is.
    await tabTo(page, close.getByRole('button', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await expect(counted).toBeFocused();
    await expect(counted).toHaveValue('50');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('0');
    await tabTo(page, countAndClose);
    await page.keyboard.press('Enter');

    // The Z report: the focus on its title, read first.
    const z = page.getByRole('dialog', { name: 'Shift closed' });
    await expect(z.getByText(/^Z report #\d+$/)).toBeVisible();
    await expect(z.getByRole('heading', { name: 'Shift closed' })).toBeFocused();
    await page.screenshot({ path: `${SCREENS}/shift-close-keyboard-z-report.png` });

    // Done: the register has the focus back, in its Barcode field, ready for the next scan.
    await tabTo(page, z.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await expect(z).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open shift' })).toBeVisible();
    await expect(barcode).toBeFocused();
    await page.screenshot({ path: `${SCREENS}/shift-close-keyboard-done.png` });
    await page.keyboard.type('BEV-COLA-15');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
  } finally {
    await setThreshold(rules.overShortThreshold);
  }
});
