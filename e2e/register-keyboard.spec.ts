import { expect, type Locator, type Page, test } from './fixtures';
import { ensureShiftOpen, signInToDashboard } from './helpers';

/**
 * The register with the keyboard alone and without its shortcut keys (no mod+P, no mod+F): Tab, Shift+Tab,
 * typing, Enter and the arrow keys. Each sale is counted from the register's arrival focus (the barcode
 * field) through the search field to the completed sale: at most 8 Tab presses.
 */
const MAX_TABS = 8;

type Presses = { tabs: number; path: string[] };

/** Presses Tab (or Shift+Tab) until `target` has the focus, counting every press and naming each stop. */
async function tabTo(page: Page, target: Locator, presses: Presses, { backwards = false } = {}) {
  for (let i = 0; i <= MAX_TABS; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    presses.tabs++;
    presses.path.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.tagName.toLowerCase()}${el?.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${(el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 40)}"`;
      }),
    );
  }
  await expect(target, `focus path: ${presses.path.join(' > ')}`).toBeFocused();
}

async function findAndAdd(page: Page, sku: string, name: string, presses: Presses) {
  await tabTo(page, page.getByLabel('Search Products'), presses);
  await page.keyboard.type(sku);
  const tile = page.getByRole('button', { name: `Add ${name} to cart` });
  await expect(page.getByTestId('product-tile')).toHaveCount(1);
  await tabTo(page, tile, presses);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText(name);
  // A keyboard activation leaves the focus on the tile (a tap returns it to the barcode field).
  await expect(tile).toBeFocused();
}

test('a cash sale (Exact amount) and a card sale with the keyboard only, each in at most 8 Tab presses', async ({
  page,
  context,
}) => {
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  const barcode = page.getByLabel('Barcode');
  await expect(barcode).toBeFocused();
  await expect(page.getByTestId('product-tile').first()).toBeVisible();

  // Cash: search, add, Payment, Exact, Complete Payment.
  const cash: Presses = { tabs: 0, path: [] };
  await findAndAdd(page, 'BEV-COLA-15', 'Cola 1.5L', cash);
  const payment = page.getByRole('button', { name: 'Payment', exact: true });
  await tabTo(page, payment, cash);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByLabel('Amount Received');
  await expect(amount).toBeFocused();
  const due = (await dialog.getByLabel('Amount due').textContent()) ?? '';
  await tabTo(page, dialog.getByRole('button', { name: 'Exact' }), cash);
  await page.keyboard.press('Enter');
  await expect(amount).toHaveValue(/\d/);
  expect(due).toContain((await amount.inputValue()).replace(/,/g, ''));
  await expect(dialog.getByLabel('Change', { exact: true })).toContainText('0.00');
  await tabTo(page, dialog.getByRole('button', { name: 'Complete Payment' }), cash);
  let receipt = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment processed successfully')).toBeVisible();
  await receipt;
  await expect(page.getByText('Cart is empty')).toBeVisible();
  // The toast closes by itself; the card sale's toast is then its own.
  await expect(page.getByText('Payment processed successfully')).toHaveCount(0);
  expect(cash.tabs, `cash: ${cash.path.join(' > ')}`).toBeLessThanOrEqual(MAX_TABS);

  // Card: the dialog opens on Amount Received; Shift+Tab to the method, the arrow picks Card.
  await expect(barcode).toBeFocused();
  const card: Presses = { tabs: 0, path: [] };
  await findAndAdd(page, 'SNK-CHIP-70', 'Salted Chips 70g', card);
  await tabTo(page, payment, card);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount Received')).toBeFocused();
  await tabTo(page, dialog.getByRole('radio', { name: 'Cash' }), card, { backwards: true });
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Complete Payment' }), card);
  receipt = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment processed successfully')).toBeVisible();
  await receipt;
  await expect(page.getByText('Cart is empty')).toBeVisible();
  expect(card.tabs, `card: ${card.path.join(' > ')}`).toBeLessThanOrEqual(MAX_TABS);
});

test('on a 390 px phone the total and Payment are on screen with the tiles, and nothing shifts as the tiles load', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDashboard(page, 'cashier');
  // Layout shifts of the register's load (the Layout Instability API, as Lighthouse's CLS counts them).
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  const tiles = page.getByTestId('product-tile');
  await expect(tiles.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.1);

  const payment = page.getByRole('button', { name: 'Payment', exact: true });
  await expect(payment).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel('Total', { exact: true })).toBeInViewport();
  // Every product stays reachable: the tiles scroll in a box of their own.
  await tiles.last().scrollIntoViewIfNeeded();
  await expect(tiles.last()).toBeInViewport();
});
