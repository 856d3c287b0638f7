import { mkdirSync } from 'node:fs';
import { computeReturnRefund, fromMinor } from '@pos/shared';
import { computeCartTotals } from '../packages/shared/src/money';
import { type ApiSession, apiSession, findProduct, sellViaApi } from './api';
import { expectNoSeriousWcag } from './axe';
import { expect, type Page, type Request, test } from './fixtures';
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
const reEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The manager's approval PIN: the demo branch's rules leave returns at the register (so exchanges) to a manager. */
const PIN = '2468';
// Demo data of the Main Branch: Cola 1.5L at 180.00, Green Tea 25 bags at 320.00, Salted Chips 70g at 90.00.
const COLA = 'BEV-COLA-15';
const TEA = 'BEV-GTEA-25';
const CHIPS = 'SNK-CHIP-70';

type Product = Awaited<ReturnType<typeof findProduct>>;
type ExchangeAnswer = {
  id: string;
  credit: number;
  applied: number;
  paid: number;
  back: number;
  backMethod: string | null;
  return: { id: string; returnNumber: string };
  sale: {
    id: string;
    receiptNumber: string;
    paymentMethod: string;
    total: number;
    tenders: { method: string; amount: number }[];
  };
};

const stockOf = async (page: Page, { headers }: ApiSession, product: Product) => {
  const res = await page.request.get(`/api/products/${product.id}`, { headers });
  expect(res.ok(), await res.text()).toBe(true);
  return Number((await res.json()).data.stockQuantity);
};

/** The new item's total at the register: its price plus the branch's tax (the register's 'Tax (%)'). */
async function registerTotal(page: Page, product: Product) {
  const taxRate = Number(await page.getByLabel('Tax (%)').inputValue());
  return computeCartTotals({
    items: [
      {
        price: Number(product.price),
        quantity: 1,
        ...(typeof product.taxRate === 'number' && { taxRate: product.taxRate }),
      },
    ],
    taxRate,
    discountType: 'percentage',
    discountValue: 0,
  }).total;
}

/** The register as the cashier, in a fresh context (a register of its own), a shift open and the catalogue synced. */
async function openRegister(page: Page, float: number) {
  await allowSlowScans(page);
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page, float);
  await expect(page.getByTestId('register-status')).toHaveAttribute('data-catalogue', 'synced');
  await expect(page.getByLabel('Barcode')).toBeFocused();
}

/**
 * F4, the receipt looked up, one of its only line chosen to come back, Exchange and the reason: the dialog's
 * button then starts the exchange. Returns the dialog and that button.
 */
async function chooseExchange(page: Page, receiptNumber: string, productName: string, credit: number) {
  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Return' });
  const receiptField = dialog.getByLabel('Receipt number');
  await expect(receiptField).toBeFocused();
  await receiptField.fill(receiptNumber);
  await receiptField.press('Enter');
  await expect(dialog.getByTestId('return-line')).toHaveCount(1);
  await expect(dialog).toContainText(receiptNumber);
  const quantity = dialog.getByLabel(`Return quantity for ${productName}`);
  await quantity.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  // The scanner's detector acts in this dialog: a key typed this fast reaches the field once it is no scan.
  await expect(quantity).toHaveValue('1');
  await dialog.getByRole('combobox', { name: 'Refund method' }).click();
  await page.getByRole('option', { name: 'Exchange' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Refund method' })).toHaveValue('Exchange');
  await expect(dialog.getByText('Next, ring up the new items: the returned items pay for them')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Return reason' }).click();
  await page.getByRole('option', { name: 'Customer Changed Mind' }).click();
  const start = dialog.getByRole('button', { name: `Exchange PKR ${amount(credit)}: add new items` });
  await expect(start).toBeEnabled();
  return { dialog, start };
}

/** The exchange requests the register sends, and the one the server accepts (after the manager's approval). */
function watchExchanges(page: Page) {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/exchanges')) sent.push(request);
  });
  const accepted = page.waitForResponse(
    (r) => r.url().endsWith('/api/exchanges') && r.request().method() === 'POST' && r.status() !== 403,
  );
  return { sent, accepted };
}

/** The cashier is past the branch's rules: a manager's username and PIN, traded for a grant for this return. */
async function approveAsManager(page: Page, shot?: string) {
  const approval = page.getByRole('dialog', { name: 'Manager approval' });
  await expect(approval).toContainText('Returns at the register need a manager');
  await approval.getByLabel('Manager username').fill('manager');
  await approval.getByLabel('PIN').fill(PIN);
  if (shot) await page.screenshot({ path: shot });
  await approval.getByRole('button', { name: 'Approve' }).click();
}

async function setManagerPin(page: Page, manager: ApiSession) {
  const res = await page.request.put('/api/auth/pin', { headers: manager.headers, data: { pin: PIN } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('an exchange with a difference paid by card: the cola comes back, the dearer tea goes out, the card pays the rest; stock moves both ways', async ({
  page,
  context,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await keepPrintPopupsOpen(context);
  const manager = await apiSession(page, 'manager');
  await setManagerPin(page, manager);
  const cola = await findProduct(page, manager, COLA);
  const tea = await findProduct(page, manager, TEA);
  // Setup through the API: a card sale of one cola (tax 0); what it is worth coming back is what was paid.
  const sold = await sellViaApi(page, manager, { lines: [{ product: cola, quantity: 1 }] });
  const saleItemId = sold.items[0]?.id ?? '';
  const credit = fromMinor(
    computeReturnRefund({ sale: sold, lines: [{ saleItemId, quantity: 1, restockingFee: 0 }] }).total.refund,
  );
  expect(credit).toBe(Number(cola.price));
  const colaBefore = await stockOf(page, manager, cola);
  const teaBefore = await stockOf(page, manager, tea);

  await openRegister(page, 0);
  const { dialog, start } = await chooseExchange(page, sold.receiptNumber, 'Cola 1.5L', credit);
  await expect(dialog.getByText('A manager approves returns at this register')).toBeVisible();
  await expectNoSeriousWcag(page, 'the Return dialog with Exchange chosen');
  await page.screenshot({ path: `${SHOTS}/exchange-return-dialog-1280.png` });

  // Nothing is written yet: the dialog closes and the cart becomes the exchange's new side.
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/(returns|exchanges)$/.test(request.url())) writes.push(request.url());
  });
  await start.click();
  await expect(dialog).toHaveCount(0);
  await expectToast(page, 'Exchange started: ring up the new items, then Payment');
  const banner = page.getByRole('alert', { name: `Exchange for receipt ${sold.receiptNumber}` });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`The returned items pay PKR ${amount(credit)} of the new ones.`);
  await expect(banner.getByRole('button', { name: 'Cancel exchange' })).toBeVisible();

  // The dearer tea, scanned: it costs more than the cola pays.
  await scanWithWedge(page, TEA);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('Green Tea 25 bags');
  const total = await registerTotal(page, tea);
  const rest = (cents(total) - cents(credit)) / 100;
  expect(rest).toBeGreaterThan(0);
  await expect(banner).toBeVisible();
  // The cart's figures say what the returned cola pays and what is due.
  await expect(page.getByText('Returned items', { exact: true })).toBeVisible();
  await expect(page.getByText(`−PKR ${amount(credit)}`)).toBeVisible();
  await expect(page.getByText('Due', { exact: true })).toBeVisible();
  await expect(page.getByText(`PKR ${amount(rest)}`, { exact: true }).first()).toBeVisible();
  await expectNoSeriousWcag(page, 'the cart with the Exchange banner');
  await page.screenshot({ path: `${SHOTS}/exchange-banner-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toBeInViewport();
  // Nothing wider than the phone's screen: the page does not scroll sideways, the banner fits.
  await expectNoSideScroll(page);
  expect(await banner.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await expectNoSeriousWcag(page, 'the cart with the Exchange banner, 390 px');
  await page.screenshot({ path: `${SHOTS}/exchange-banner-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Keyboard: mod+P opens the Exchange's payment with the rest due; Shift+Tab, the arrow to Card, Tab to its amount.
  await page.getByLabel('Barcode').focus();
  await page.keyboard.press('ControlOrMeta+p');
  const pay = page.getByRole('dialog', { name: 'Exchange' });
  await expect(pay).toBeVisible();
  await expect(pay).toContainText(`The returned items pay PKR ${amount(credit)}; the rest is due now.`);
  await expect(pay.getByLabel('Amount due')).toHaveText(`PKR ${amount(rest)}`);
  await expect(pay.getByLabel('Amount Received')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(pay.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(pay.getByRole('radio', { name: 'Card' })).toBeChecked();
  await page.keyboard.press('Tab');
  const cardField = pay.getByLabel('Card amount');
  await expect(cardField).toBeFocused();
  await expect(pay.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  await expectNoSeriousWcag(page, 'the Exchange payment dialog, the rest due by card');
  await page.screenshot({ path: `${SHOTS}/exchange-payment-1280.png` });

  // Up to here nothing was written: no return, no exchange.
  expect(writes).toEqual([]);
  // Enter completes: the server wants a manager for the cashier's return, the register asks, then sends it again.
  const exchanges = watchExchanges(page);
  const popup = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  await approveAsManager(page, `${SHOTS}/exchange-approval-1280.png`);
  const res = await exchanges.accepted;
  expect(res.status(), await res.text()).toBe(201);
  // Two sends under one payment key: without approval (403), then with the manager's grant.
  expect(exchanges.sent).toHaveLength(2);
  const [first, second] = exchanges.sent;
  const key = first?.headers()['idempotency-key'];
  expect(key).toBeTruthy();
  expect(second?.headers()['idempotency-key']).toBe(key);
  expect(JSON.parse(first?.postData() ?? '{}')).not.toHaveProperty('approval_grant_id');
  const body = JSON.parse(res.request().postData() ?? '{}');
  expect(body).toMatchObject({
    originalTransactionId: sold.id,
    items: [{ original_transaction_item_id: saleItemId, return_quantity: 1 }],
    reason: 'customer_change_mind',
    sale: { items: [{ product_id: tea.id, quantity: 1, price: Number(tea.price) }], total },
    tenders: [{ method: 'card', amount: rest }],
    refund_method: 'cash',
    approval_grant_id: expect.any(String),
  });
  expect(body.tenders).toHaveLength(1);
  const made = (await res.json()).data as ExchangeAnswer;
  expect(made).toMatchObject({ credit, applied: credit, paid: rest, back: 0, backMethod: null });
  expect(made.sale.total).toBe(total);
  expect(made.sale.paymentMethod).toBe('mixed');
  expect(made.sale.tenders).toHaveLength(2);
  expect(made.sale.tenders).toEqual(
    expect.arrayContaining([
      { method: 'card', amount: rest },
      { method: 'exchange', amount: credit },
    ]),
  );

  await expect(page.getByRole('alert').filter({ hasText: 'Exchange completed' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/exchange-done-1280.png` });
  await expectToast(page, 'Exchange completed');
  // One toast says it: not a second 'Payment processed successfully'.
  await expect(page.getByRole('alert').filter({ hasText: 'Payment processed successfully' })).toHaveCount(0);
  await expect(page.getByText('Cart is empty')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Exchange' })).toHaveCount(0);

  // The receipt: mixed, a row for the card and one for what the returned cola paid.
  const printed = await popup;
  const receipt = (await printed.locator('pre').textContent()) ?? '';
  await printed.screenshot({ path: `${SHOTS}/exchange-receipt.png`, fullPage: true });
  expect(receipt).toContain(made.sale.receiptNumber);
  expect(receipt).toMatch(/Payment: +Mixed/);
  expect(receipt).toMatch(new RegExp(`^ {2}Card +${reEscape(amount(rest))}$`, 'm'));
  expect(receipt).toMatch(new RegExp(`^ {2}Exchange +${reEscape(amount(credit))}$`, 'm'));
  // And the return it came with: its number, the original receipt and what the cola was worth.
  expect(receipt).toContain(`Exchange: return ${made.return.returnNumber}`);
  expect(receipt).toMatch(
    new RegExp(`^ {2}of receipt ${reEscape(sold.receiptNumber)} +${reEscape(amount(credit))}`, 'm'),
  );

  // The return is the exchange's, and stock moved both ways: the cola back on the shelf, the tea out.
  const ret = await page.request.get(`/api/returns/${made.return.id}`, { headers: manager.headers });
  expect(ret.status(), await ret.text()).toBe(200);
  expect((await ret.json()).data).toMatchObject({ refundMethod: 'exchange', returnNumber: made.return.returnNumber });
  expect(await stockOf(page, manager, cola)).toBe(colaBefore + 1);
  expect(await stockOf(page, manager, tea)).toBe(teaBefore - 1);
});

test('an exchange for something cheaper gives the rest back in cash from the drawer, from the keyboard', async ({
  page,
  context,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await keepPrintPopupsOpen(context);
  const manager = await apiSession(page, 'manager');
  await setManagerPin(page, manager);
  const tea = await findProduct(page, manager, TEA);
  const chips = await findProduct(page, manager, CHIPS);
  // A card sale of the tea (tax 0, no customer): it comes back for the cheaper chips.
  const sold = await sellViaApi(page, manager, { lines: [{ product: tea, quantity: 1 }] });
  const credit = fromMinor(
    computeReturnRefund({ sale: sold, lines: [{ saleItemId: sold.items[0]?.id ?? '', quantity: 1, restockingFee: 0 }] })
      .total.refund,
  );

  // The cash goes out of this register's drawer: its shift opens with enough in it.
  await openRegister(page, 500);
  const { dialog, start } = await chooseExchange(page, sold.receiptNumber, 'Green Tea 25 bags', credit);
  await start.click();
  await expect(dialog).toHaveCount(0);
  await expectToast(page, 'Exchange started: ring up the new items, then Payment');
  const banner = page.getByRole('alert', { name: `Exchange for receipt ${sold.receiptNumber}` });
  await expect(banner).toBeVisible();
  await page.getByLabel('Barcode').focus();
  await scanWithWedge(page, CHIPS);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const total = await registerTotal(page, chips);
  const back = (cents(credit) - cents(total)) / 100;
  expect(back).toBeGreaterThan(0);

  // Payment: nothing to pay, the rest to give back; cash by default, the card that paid, no store credit (no customer).
  await page.keyboard.press('ControlOrMeta+p');
  const pay = page.getByRole('dialog', { name: 'Exchange' });
  await expect(pay).toBeVisible();
  await expect(pay).toContainText(`The returned items pay PKR ${amount(total)}: nothing to pay`);
  await expect(pay.getByLabel('Give back')).toHaveText(`PKR ${amount(back)}`);
  const backAs = pay.getByRole('radiogroup', { name: 'Give it back as' });
  await expect(backAs.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expect(backAs.getByRole('radio', { name: 'Card refund' })).toBeEnabled();
  await expect(backAs.getByRole('radio', { name: 'Store credit' })).toBeDisabled();
  await expect(pay.getByText('The sale has no customer')).toBeVisible();
  await expect(pay.getByLabel('Amount Received')).toHaveCount(0);
  const complete = pay.getByRole('button', { name: 'Complete Exchange' });
  await expect(complete).toBeFocused();
  await expectNoSeriousWcag(page, 'the Exchange dialog giving back');
  await page.screenshot({ path: `${SHOTS}/exchange-give-back-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(complete).toBeInViewport();
  await expectNoSideScroll(pay);
  await expectNoSideScroll(page);
  await expectNoSeriousWcag(page, 'the Exchange dialog giving back, 390 px');
  await page.screenshot({ path: `${SHOTS}/exchange-give-back-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Enter completes (after the manager's approval): the rest back in cash, nothing handed over.
  await expect(complete).toBeFocused();
  const exchanges = watchExchanges(page);
  const popup = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  await approveAsManager(page);
  const res = await exchanges.accepted;
  expect(res.status(), await res.text()).toBe(201);
  expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({
    originalTransactionId: sold.id,
    sale: { items: [{ product_id: chips.id, quantity: 1 }], total },
    tenders: [],
    refund_method: 'cash',
  });
  const made = (await res.json()).data as ExchangeAnswer;
  expect(made).toMatchObject({ credit, applied: total, paid: 0, back, backMethod: 'cash' });
  expect(made.sale.tenders).toEqual([{ method: 'exchange', amount: total }]);
  await expectToast(page, 'Exchange completed');
  await expect(page.getByText('Cart is empty')).toBeVisible();
  await expect(banner).toHaveCount(0);
  const printed = await popup;
  const receipt = (await printed.locator('pre').textContent()) ?? '';
  await printed.screenshot({ path: `${SHOTS}/exchange-give-back-receipt.png`, fullPage: true });
  expect(receipt).toMatch(/Payment: +Exchange/);
  // The cash handed back is on the receipt.
  expect(receipt).toMatch(new RegExp(`^Given back \\(Cash\\): +${reEscape(amount(back))}`, 'm'));
  expect(receipt).toContain(`Exchange: return ${made.return.returnNumber}`);
  await printed.close();

  // The Z report: the drawer paid out only the cash given back; the sale's tender and the refund's ways, each a row.
  const expected = (cents(500) - cents(back)) / 100;
  const shiftButton = page.getByRole('button', { name: /^Shift R\d+$/ });
  await shiftButton.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Close shift' }).press('Enter');
  const close = page.getByRole('dialog', { name: 'Close shift' });
  await close.getByLabel('Counted cash').click();
  await page.keyboard.type(expected.toFixed(2));
  await close.getByRole('button', { name: 'Count and close' }).click();
  const z = page.getByRole('dialog', { name: 'Shift closed' });
  await expect(z.getByTestId('expected-cash')).toContainText(amount(expected));
  await expect(z.getByTestId('over-short')).toContainText('0.00');
  const figures = z.getByRole('table', { name: 'Z report' });
  await expect(figures.getByRole('row', { name: /^Refunds \(1\)/ })).toContainText(amount(credit));
  await expect(figures.getByRole('row', { name: `Cash (1) PKR ${amount(back)}`, exact: true })).toHaveCount(1);
  // The sale's Exchange tender and the refund's Exchange part: the same amount, one row each.
  await expect(figures.getByRole('row', { name: `Exchange (1) PKR ${amount(total)}`, exact: true })).toHaveCount(2);
  await expectNoSeriousWcag(page, 'the Z report of a shift with an exchange');
  await page.screenshot({ path: `${SHOTS}/exchange-z-report-1280.png` });
  await z.getByRole('button', { name: 'Done' }).click();
});
