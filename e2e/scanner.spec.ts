import { apiSession, createProductViaApi } from './api';
import { expect, type Locator, type Page, test } from './fixtures';
import { allowSlowScans, ensureShiftOpen, scanWithWedge, signInToDashboard } from './helpers';

/**
 * A barcode scanner is a keyboard that types a code in a fast burst and presses Enter. Wherever the
 * focus is on the register, the code goes to the cart exactly once and never into a field; with the
 * Payment dialog open it is held and added after the dialog closes. A person typing slowly still types.
 */

/**
 * The scanner: one key every 8 ms by the device's clock, then Enter (helpers.ts). A real scanner's keys come
 * 1-20 ms apart and the register's default limit is 40 ms; this register allows 150 ms (a register-local
 * setting, as a till with a slow scanner would be), the margin its detector's release timer needs when the
 * loaded test machine delivers the keys late. The person below types at 120 ms a key, with the defaults.
 */
const scan = scanWithWedge;

const quantity = (page: Page, name: string) => page.locator(`[aria-label="${name} quantity"]`);

/** Every money field's value, and the total, before and after: a scan changes none of them. */
async function figures(page: Page) {
  return {
    tax: await page.getByLabel('Tax (%)').inputValue(),
    discount: await page.getByLabel(/^Discount \(/).inputValue(),
  };
}

async function expectFocused(locator: Locator) {
  await locator.focus();
  await expect(locator).toBeFocused();
}

test('a scan goes into the cart once wherever the focus is, never into a field; during Payment it is held', async ({
  page,
}) => {
  const admin = await apiSession(page, 'admin');
  const stamp = Date.now().toString().slice(-7);
  const cola = await createProductViaApi(page, admin, { name: `Scan Cola ${stamp}`, price: 120, sku: `08${stamp}` });
  const chips = await createProductViaApi(page, admin, { name: `Scan Chips ${stamp}`, price: 80, sku: `09${stamp}` });

  await allowSlowScans(page);
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  await expect(page.getByLabel('Barcode')).toBeFocused();
  await expect(page.getByText('Cart is empty')).toBeVisible();
  const lines = page.getByTestId('cart-line');
  const search = page.getByLabel('Search Products');

  // The search field: the code is not searched, it goes into the cart.
  await expectFocused(search);
  await scan(page, cola.sku);
  await expect(quantity(page, cola.name)).toHaveText('1');
  await expect(search).toHaveValue('');
  const before = await figures(page);

  // Nothing focused (the page itself).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('body')).toBeFocused();
  await scan(page, cola.sku);
  await expect(quantity(page, cola.name)).toHaveText('2');

  // A cart tab: its Enter is the scan's, not a press of the tab.
  const tab = page.getByRole('tab', { selected: true });
  await expectFocused(tab);
  await scan(page, cola.sku);
  await expect(quantity(page, cola.name)).toHaveText('3');
  await expect(page.getByRole('tab')).toHaveCount(1);

  // A line's quantity control: the other product lands, the focused line's quantity stays.
  await expectFocused(page.getByRole('button', { name: `Increase quantity of ${cola.name}` }));
  await scan(page, chips.sku);
  await expect(quantity(page, chips.name)).toHaveText('1');
  await expect(quantity(page, cola.name)).toHaveText('3');

  // The discount and the tax: money fields, never typed into by a scan.
  await expectFocused(page.getByLabel(/^Discount \(/));
  await scan(page, cola.sku);
  await expect(quantity(page, cola.name)).toHaveText('4');
  expect(await figures(page)).toEqual(before);
  await expectFocused(page.getByLabel('Tax (%)'));
  await scan(page, cola.sku);
  await expect(quantity(page, cola.name)).toHaveText('5');
  expect(await figures(page)).toEqual(before);
  await expect(lines).toHaveCount(2);

  // Payment, with the exact amount in Amount Received: the scan changes nothing in the dialog (nor
  // pays with the code as cash); it is held, with a note, and added once the dialog has closed.
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  const amount = dialog.getByLabel('Amount Received');
  await expect(amount).toBeFocused();
  await dialog.getByRole('button', { name: 'Exact' }).click();
  await amount.focus();
  const paying = {
    amount: await amount.inputValue(),
    due: await dialog.getByLabel('Amount due').textContent(),
    change: await dialog.getByLabel('Change', { exact: true }).textContent(),
  };
  expect(paying.amount).toMatch(/\d/);
  await scan(page, cola.sku);
  await expect(page.getByText(`${cola.sku} is added to the cart when the dialog closes`)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(amount).toHaveValue(paying.amount);
  await expect(dialog.getByLabel('Amount due')).toHaveText(paying.due ?? '');
  await expect(dialog.getByLabel('Change', { exact: true })).toHaveText(paying.change ?? '');
  await expect(page.getByText('Payment processed successfully')).toHaveCount(0);
  await expect(quantity(page, cola.name)).toHaveText('5');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(quantity(page, cola.name)).toHaveText('6');
  await expect(lines).toHaveCount(2);
  expect(await figures(page)).toEqual(before);
});

test('a person typing in the search field at their own pace searches, even a code followed by Enter', async ({
  page,
}) => {
  const admin = await apiSession(page, 'admin');
  const stamp = Date.now().toString().slice(-7);
  const product = await createProductViaApi(page, admin, { name: `Typed Tea ${stamp}`, price: 60, sku: `07${stamp}` });

  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
  const search = page.getByLabel('Search Products');
  await search.focus();
  await page.keyboard.type(product.sku, { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue(product.sku);
  await expect(page.getByTestId('product-tile')).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Add ${product.name} to cart` })).toBeVisible();
  await expect(page.getByText('Cart is empty')).toBeVisible();
  // A correction is typed as typed too.
  await page.keyboard.press('Backspace');
  await expect(search).toHaveValue(product.sku.slice(0, -1));
});
