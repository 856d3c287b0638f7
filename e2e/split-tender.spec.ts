import { computeCartTotals } from '../packages/shared/src/money';
import { expectNoSeriousWcag } from './axe';
import { expect, type Page, test } from './fixtures';
import {
  allowSlowScans,
  ensureShiftOpen,
  expectNoSideScroll,
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
const FLOAT = 100;
const CARD = 100;

/** Picks an item of the Shift menu from the keyboard (toasts may sit over the header and the menu). */
async function shiftMenu(page: Page, item: string) {
  const button = page.getByRole('button', { name: /^Shift R\d+$/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: item }).press('Enter');
}

type SaleAnswer = {
  receiptNumber: string;
  paymentMethod: string;
  total: number;
  amountPaid: number;
  changeAmount: number;
  tenders: { method: string; amount: number }[];
};

test('split tender: part card, part cash with change; the receipt shows both, the X report a Card and a Cash line and the expected cash', async ({
  page,
  context,
}) => {
  await keepPrintPopupsOpen(context);
  await allowSlowScans(page);
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  // A new browser context is a new register: its own shift, opened here with a 100.00 float.
  await expect(page.getByRole('dialog', { name: 'Open a shift' })).toBeVisible();
  await ensureShiftOpen(page, FLOAT);
  await expect(page.getByTestId('register-status')).toHaveAttribute('data-catalogue', 'synced');
  const barcode = page.getByLabel('Barcode');
  await expect(barcode).toBeFocused();
  await scanWithWedge(page, 'BEV-COLA-15');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // Cola 1.5L at 180.00 plus the branch's tax (another spec may have changed it from the demo's 5 %).
  const taxRate = Number(await page.getByLabel('Tax (%)').inputValue());
  const { total } = computeCartTotals({
    items: [{ price: 180, quantity: 1 }],
    taxRate,
    discountType: 'percentage',
    discountValue: 0,
  });
  // 100.00 on the card; the rest in cash, handed over as the next 50 up (so there is change).
  const rest = (cents(total) - cents(CARD)) / 100;
  const cash = Math.floor(rest / 50) * 50 + 50;
  const cashPart = rest;
  const change = (cents(cash) - cents(rest)) / 100;
  expect(rest).toBeGreaterThan(0);

  // Keyboard first: mod+P, Shift+Tab to the method, the arrow picks Card, Tab to its amount, 100, F8.
  await page.keyboard.press('ControlOrMeta+p');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount Received')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Card amount')).toBeFocused();
  await page.keyboard.type(String(CARD));
  await expect(dialog.getByRole('button', { name: 'Add tender (F8)' })).toBeEnabled();
  await page.keyboard.press('F8');

  // The card line, what remains, and the cursor back in Amount Received for the cash.
  await expect(dialog.getByTestId('tender-line')).toHaveCount(1);
  await expect(dialog.getByTestId('tender-line')).toContainText('Card');
  await expect(dialog.getByTestId('tender-line')).toContainText(amount(CARD));
  await expect(dialog.getByRole('button', { name: `Remove Card ${amount(CARD)}` })).toBeVisible();
  await expect(dialog.getByLabel('Remaining')).toContainText(amount(rest));
  await expect(dialog.getByRole('radio', { name: 'Cash' })).toBeChecked();
  const received = dialog.getByLabel('Amount Received');
  await expect(received).toBeFocused();
  const complete = dialog.getByRole('button', { name: 'Complete Payment' });
  await expect(complete).toBeDisabled();
  await page.keyboard.type(String(cash));
  await expect(dialog.getByLabel('Change', { exact: true })).toContainText(amount(change));
  await expect(complete).toBeEnabled();

  // The dialog with both tenders, at a desktop's width and a phone's, and without serious WCAG findings.
  await expectNoSeriousWcag(page, 'the Payment dialog with a card line and cash');
  await page.screenshot({ path: `${SHOTS}/split-tender-payment-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(complete).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Add tender (F8)' })).toBeInViewport();
  // Nothing wider than the phone's screen.
  await expectNoSideScroll(dialog);
  await expectNoSeriousWcag(page, 'the Payment dialog with a card line and cash, 390 px');
  await page.screenshot({ path: `${SHOTS}/split-tender-payment-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Enter completes: one sale, 'mixed', its tenders the parts of the total.
  await received.focus();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST');
  const popup = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  const res = await answer;
  expect(res.status()).toBe(201);
  const body = JSON.parse(res.request().postData() ?? '{}');
  expect(body).toMatchObject({
    payment_method: 'mixed',
    total,
    amount_paid: (cents(CARD) + cents(cash)) / 100,
    change,
    tenders: [
      { method: 'card', amount: CARD },
      { method: 'cash', amount: cash },
    ],
  });
  const sale = ((await res.json()) as { data: SaleAnswer }).data;
  expect(sale).toMatchObject({ paymentMethod: 'mixed', total, changeAmount: change });
  expect(sale.tenders).toEqual([
    { method: 'card', amount: CARD },
    { method: 'cash', amount: cashPart },
  ]);
  await expectToast(page, 'Payment processed successfully');
  await expect(page.getByText('Cart is empty')).toBeVisible();

  // The receipt: Payment: Mixed, a row per tender, what was handed over and the change.
  const printed = await popup;
  const receipt = (await printed.locator('pre').textContent()) ?? '';
  await printed.screenshot({ path: `${SHOTS}/split-tender-receipt.png`, fullPage: true });
  expect(receipt).toMatch(/Payment: +Mixed\n {2}Card +100\.00\n {2}Cash +\S+\nPaid: +\S+\nChange: +\S+/);
  expect(receipt).toMatch(new RegExp(`\\n {2}Cash +${amount(cashPart).replace('.', '\\.')}\\n`));
  expect(receipt).toMatch(new RegExp(`\\nPaid: +${amount(CARD + cash).replace(/[.,]/g, '\\$&')}\\n`));
  expect(receipt).toMatch(new RegExp(`\\nChange: +${amount(change).replace('.', '\\.')}\\n`));

  // The X report: the sale's tenders by method, and the drawer expects the float plus the cash part.
  await shiftMenu(page, 'X report');
  const x = page.getByRole('dialog', { name: 'X report' });
  const report = x.getByRole('table', { name: 'X report' });
  const row = (label: string) => report.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
  await expect(row('Sales (1)')).toContainText(amount(total));
  await expect(row('Card (1)')).toContainText(amount(CARD));
  await expect(row('Cash (1)')).toContainText(amount(cashPart));
  const drawer = x.getByRole('table', { name: 'Cash drawer' });
  await expect(drawer.getByRole('row').filter({ hasText: 'Opening float' })).toContainText(amount(FLOAT));
  await expect(x.getByTestId('expected-cash')).toHaveText(
    new RegExp(`\\b${amount(FLOAT + cashPart).replace('.', '\\.')}$`),
  );
  await page.screenshot({ path: `${SHOTS}/split-tender-x-report.png` });
  await x.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(x).toHaveCount(0);

  // The transactions screen: the Mixed filter finds the sale, its details list both tenders.
  await page.goto('/dashboard/transactions');
  const list = page.getByRole('table', { name: 'Transactions' });
  await page.getByRole('combobox', { name: 'Payment Method' }).click();
  await page.getByRole('option', { name: 'Mixed', exact: true }).click();
  const saleRow = list.getByRole('row').filter({ hasText: sale.receiptNumber });
  await expect(saleRow).toBeVisible();
  await expect(saleRow).toContainText('Mixed');
  await saleRow.getByRole('button', { name: /^View / }).click();
  const details = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(details.getByTestId('tender-line')).toHaveText([
    new RegExp(`Paid by card.*${amount(CARD)}`),
    new RegExp(`Paid by cash.*${amount(cashPart)}`),
  ]);
  await details.press('Escape');
  await expect(details).toHaveCount(0);

  // A tender finds the sales it paid part of: Card finds this split sale, Gift voucher does not.
  const method = page.getByRole('combobox', { name: 'Payment Method' });
  await method.click();
  await page.getByRole('option', { name: 'Card', exact: true }).click();
  await expect(saleRow).toBeVisible();
  await expect(saleRow).toContainText('Mixed');
  await method.click();
  await page.getByRole('option', { name: 'Gift voucher', exact: true }).click();
  await expect(saleRow).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/split-tender-filter-by-tender.png` });
});
