import { apiSession, createProductViaApi, uploadOfflineSaleViaApi } from './api';
import { expectNoSeriousWcag } from './axe';
import { expect, type Locator, type Page, test } from './fixtures';
import { expectToast, signInToDashboard } from './helpers';

/**
 * Exceptions: an offline sale synced with a discount past the cashier's limit is listed for the manager,
 * who resolves it with a note from the keyboard; it leaves Open for Resolved and the dashboard's count drops.
 */

const DISCOUNT_LABEL = "Discount above the cashier's limit, not approved";

async function openCount(page: Page): Promise<number> {
  const figure = page.getByRole('region', { name: 'Exceptions' }).getByTestId('open-exceptions');
  await expect(figure).toHaveText(/^\d+ open$/);
  return Number.parseInt((await figure.textContent()) ?? '', 10);
}

/** Tabs forward until `target` has the focus (at most `max` presses): the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a manager resolves an offline sale that went past the discount limit, from the keyboard', async ({ page }) => {
  const cashier = await apiSession(page, 'cashier');
  const manager = await apiSession(page, 'manager');
  expect(cashier.branchId).toBe(manager.branchId);
  const rules = await page.request.get(`/api/branches/${manager.branchId}/register-rules`, {
    headers: manager.headers,
  });
  expect((await rules.json()).data.cashierMaxDiscountPercent).toBeLessThan(95);
  const product = await createProductViaApi(page, manager, { name: `Exception tea ${Date.now()}`, price: 200 });
  const sale = await uploadOfflineSaleViaApi(page, { cashier, manager }, { product, quantity: 2, discountPercent: 95 });

  await signInToDashboard(page, 'manager');
  const before = await openCount(page);
  expect(before).toBeGreaterThanOrEqual(1);

  await page.getByRole('navigation').getByRole('link', { name: 'Exceptions' }).click();
  await expect(page).toHaveURL(/\/dashboard\/exceptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exceptions' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Exceptions' });
  const row = table.getByRole('row').filter({ hasText: sale.receiptNumber });
  await expect(row).toBeVisible();
  await expect(row.getByText(DISCOUNT_LABEL)).toBeVisible();
  await expect(row).toContainText('Sana Cashier');
  await expectNoSeriousWcag(page, 'the exceptions list');
  await page.screenshot({ path: 'test-results/exceptions-1280.png', fullPage: true });

  // The details: the sale's amounts (200 x 2, 95% off).
  await row.getByRole('button', { name: `View details of ${sale.receiptNumber}` }).click();
  const details = page.getByRole('dialog', { name: `Exception ${sale.receiptNumber}` });
  await expect(details).toBeVisible();
  await expect(details).toContainText(DISCOUNT_LABEL);
  await expect(details).toContainText('Subtotal');
  await expect(details).toContainText('400.00');
  await expect(details).toContainText('380.00');
  await expect(details).toContainText('20.00');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Resolve from the keyboard: Tab to the row's Resolve, Enter; the note has the focus.
  await tabTo(page, row.getByRole('button', { name: `Resolve ${sale.receiptNumber}` }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Resolve exception ${sale.receiptNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  const note = dialog.getByRole('textbox', { name: 'Note' });
  await expect(note).toBeFocused();
  await expectNoSeriousWcag(page, 'the resolve dialog');
  // No note: the schema's message, and the dialog stays.
  await tabTo(page, dialog.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('A note is required')).toBeVisible();
  await page.screenshot({ path: 'test-results/exceptions-resolve-1280.png' });
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(note).toBeFocused();
  await page.keyboard.type('Owner allowed the discount for a regular; cashier reminded of the limit.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, `Exception ${sale.receiptNumber} resolved`);
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // Under Resolved, with who resolved it and the note.
  await page.getByText('Resolved', { exact: true }).click();
  const resolved = table.getByRole('row').filter({ hasText: sale.receiptNumber });
  await expect(resolved).toBeVisible();
  await expect(resolved).toContainText('Bilal Manager');
  await expect(resolved).toContainText('Owner allowed the discount');
  await expect(resolved.getByRole('button', { name: `Resolve ${sale.receiptNumber}` })).toHaveCount(0);

  // The dashboard's count is one lower.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Exceptions' }).getByTestId('open-exceptions')).toHaveText(
    `${before - 1} open`,
  );
});

test('at 390 px the list scrolls sideways and the resolve dialog fits; a cashier sees neither', async ({ page }) => {
  const cashier = await apiSession(page, 'cashier');
  const manager = await apiSession(page, 'manager');
  const product = await createProductViaApi(page, manager, { name: `Exception biscuits ${Date.now()}`, price: 50 });
  const sale = await uploadOfflineSaleViaApi(page, { cashier, manager }, { product, discountPercent: 95 });

  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDashboard(page, 'manager');
  await page.screenshot({ path: 'test-results/exceptions-dashboard-390.png', fullPage: true });
  await page.goto('/dashboard/exceptions');
  const row = page.getByRole('table', { name: 'Exceptions' }).getByRole('row').filter({ hasText: sale.receiptNumber });
  await expect(row).toBeVisible();
  await expectNoSeriousWcag(page, 'the exceptions list at 390 px');
  await page.screenshot({ path: 'test-results/exceptions-390.png', fullPage: true });
  await row.getByRole('button', { name: `Resolve ${sale.receiptNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Resolve exception ${sale.receiptNumber}` });
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoSeriousWcag(page, 'the resolve dialog at 390 px');
  await page.screenshot({ path: 'test-results/exceptions-resolve-390.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: `View details of ${sale.receiptNumber}` }).click();
  await expect(page.getByRole('dialog', { name: `Exception ${sale.receiptNumber}` })).toHaveCSS('opacity', '1');
  await page.screenshot({ path: 'test-results/exceptions-details-390.png' });

  // A cashier: no Exceptions in the navigation, no count on the dashboard, and no call for one.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/exceptions')) asked.push(request.url());
  });
  await signInToDashboard(page, 'cashier');
  await expect(page.getByRole('region', { name: "Today's Sales" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Exceptions' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Exceptions' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
});
