import { computeCartTotals } from '../packages/shared/src/money';
import { scaleLabelFor } from '../packages/shared/src/scale-labels';
import { apiSession, findProduct } from './api';
import { expect, type Page, test, WITH_SERVICE_WORKER } from './fixtures';
import {
  expectServiceWorkerControl,
  expectToast,
  keepPrintPopupsOpen,
  openRegisterForScans,
  scanWithWedge,
  signInToDashboard,
  unique,
} from './helpers';

test.use(WITH_SERVICE_WORKER);

/**
 * Weighed goods at the register. Demo data: "Basmati Rice (loose)" (GRO-RICE-KG) sold by the kilogram at
 * 320.00 a kg, its barcode 2100123000005 (the company's scale prefix 21, item code 00123, weight 00000); the
 * T-Shirt in sizes S, M, L, size M with a second EAN-13 8901234500101. Stock and tax are read, never assumed.
 */

const RICE = 'Basmati Rice (loose)';
const RICE_BARCODE = '2100123000005';
const TEE_M_SECOND_BARCODE = '8901234500101';
const SHOTS = process.env.SCREENS_DIR ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const scan = scanWithWedge;
/** The register with the branch's catalogue synced (the scale prefix with it). */
const openRegister = openRegisterForScans;

const riceLines = (page: Page) => page.getByTestId('cart-line').filter({ hasText: RICE });

test('a scale label adds 0.750 kg of rice (240.00), a second barcode adds the T-Shirt M; the cash sale prints 0.750 kg', async ({
  page,
  context,
}) => {
  await keepPrintPopupsOpen(context);
  const cashier = await apiSession(page, 'cashier');
  const riceBefore = await findProduct(page, cashier, 'GRO-RICE-KG');
  const teeM = await findProduct(page, cashier, 'APP-TEE-M');
  await openRegister(page);

  // The scale's label for 0.750 kg, scanned into the Barcode field: one line of its own, no dialog.
  const label = scaleLabelFor(RICE_BARCODE, 0.75);
  expect(label).toBe('2100123007509');
  await scan(page, label);
  await expect(riceLines(page)).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel(`${RICE} quantity`)).toHaveText('0.750 kg');
  await expect(riceLines(page)).toContainText('320.00 / kg');
  await expect(riceLines(page)).toContainText('240.00');
  await expect(page.getByLabel('Barcode')).toHaveValue('');

  // The T-Shirt M by its second EAN-13, scanned with the focus away from the Barcode field.
  await page.getByLabel('Search Products').focus();
  await scan(page, TEE_M_SECOND_BARCODE);
  const tee = page.getByTestId('cart-line').filter({ hasText: 'T-Shirt / M' });
  await expect(tee).toHaveCount(1);
  await expect(page.getByLabel('T-Shirt / M quantity')).toHaveText('1');
  await expect(page.getByLabel('Search Products')).toHaveValue('');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  const taxRate = Number(await page.getByLabel('Tax (%)').inputValue());
  const { total } = computeCartTotals({
    items: [
      { price: 320, quantity: 0.75 },
      { price: Number(teeM.price), quantity: 1 },
    ],
    taxRate,
    discountType: 'percentage',
    discountValue: 0,
  });
  const totalText = total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByLabel('Total', { exact: true })).toContainText(totalText);

  await page.getByLabel('Barcode').focus();
  await page.screenshot({ path: `${SHOTS}/weighed-register-desktop.png` });
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
  await riceLines(page).scrollIntoViewIfNeeded();
  await expect(riceLines(page)).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/weighed-register-390.png` });
  await page.setViewportSize(DESKTOP);

  // Cash, the exact amount; the printed receipt shows the weight and its price per kg.
  await page.keyboard.press('ControlOrMeta+p');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByLabel('Amount due')).toContainText(totalText);
  await dialog.getByRole('button', { name: 'Exact' }).click();
  const popup = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Payment processed successfully')).toBeVisible();
  const receipt = (await popup).locator('pre');
  await expect(receipt).toContainText(RICE);
  await expect(receipt).toContainText(/0\.750 kg x 320\.00 +240\.00/);
  await expect(receipt).toContainText('T-Shirt / M');
  await expect(receipt).toContainText(totalText);
  await expect(page.getByText('Cart is empty')).toBeVisible();

  // The server sold 0.750 kg: the stock is 0.75 kg less, to the gram.
  await expect
    .poll(async () => Number((await findProduct(page, cashier, 'GRO-RICE-KG')).stockQuantity))
    .toBe(Math.round((Number(riceBefore.stockQuantity) - 0.75) * 1000) / 1000);
});

test('rice picked from the products asks for its weight: 1.25 kg is 400.00; Escape adds nothing', async ({ page }) => {
  await openRegister(page);
  await page.getByLabel('Search Products').fill('Basmati');
  const tile = page.getByRole('button', { name: new RegExp(`^Add ${RICE.replace(/[()]/g, '\\$&')} to cart`) });
  await expect(tile).toContainText('320.00 / kg');
  await expect(tile).toContainText(/Stock: \d+\.\d{3} kg/);

  // At a phone's width first; Escape cancels: no line.
  await page.setViewportSize(PHONE);
  await tile.click();
  const dialog = page.getByRole('dialog', { name: 'Enter weight' });
  const weight = dialog.getByLabel('Weight (kg)');
  await expect(weight).toBeFocused();
  await page.keyboard.type('0.75');
  await expect(dialog).toContainText('240.00');
  await expect(dialog).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${SHOTS}/weight-modal-390.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Cart is empty')).toBeVisible();
  await page.setViewportSize(DESKTOP);

  // Typed and Enter: 1.25 kg at 320.00 is 400.00.
  await tile.click();
  await expect(weight).toBeFocused();
  await page.keyboard.type('1.25');
  await expect(dialog).toContainText('400.00');
  await expect(dialog).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${SHOTS}/weight-modal-desktop.png` });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(riceLines(page)).toHaveCount(1);
  await expect(page.getByLabel(`${RICE} quantity`)).toHaveText('1.250 kg');
  await expect(riceLines(page)).toContainText('400.00');
  // The focus is back in the Barcode field for the next scan.
  await expect(page.getByLabel('Barcode')).toBeFocused();

  // The line's weight is changed in the same dialog, to 3 decimals: 0.5 kg is 160.00.
  await page.getByRole('button', { name: `Change weight of ${RICE}` }).click();
  await expect(weight).toBeFocused();
  await expect(weight).toHaveValue('1.25');
  await weight.fill('0.5');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel(`${RICE} quantity`)).toHaveText('0.500 kg');
  await expect(riceLines(page)).toContainText('160.00');
});

test('offline, a scale label is read from the local catalogue; the sale syncs with its 0.750 kg', async ({
  page,
  context,
}) => {
  await keepPrintPopupsOpen(context);
  const cashier = await apiSession(page, 'cashier');
  await openRegister(page);
  const status = page.getByTestId('register-status');
  // The service worker controls the page: the Payment dialog's chunk comes from its cache offline.
  await expectServiceWorkerControl(page);

  await context.setOffline(true);
  await expect(status).toContainText('Offline since');
  await page.getByLabel('Barcode').focus();
  await scan(page, scaleLabelFor(RICE_BARCODE, 0.75));
  await expect(riceLines(page)).toHaveCount(1);
  await expect(page.getByLabel(`${RICE} quantity`)).toHaveText('0.750 kg');
  await expect(riceLines(page)).toContainText('240.00');

  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: 'Exact' }).click();
  const popup = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
  const receipt = (await popup).locator('pre');
  await expect(receipt).toContainText(/0\.750 kg x 320\.00 +240\.00/);
  const number = /R\d+-\d{6}/.exec((await receipt.textContent()) ?? '')?.[0];
  expect(number).toBeTruthy();
  await expect(status).toContainText('1 sale waiting to sync');

  await context.setOffline(false);
  await expect(status).not.toContainText('waiting to sync', { timeout: 30_000 });
  const res = await page.request.get('/api/transactions', {
    headers: cashier.headers,
    params: { branchId: cashier.branchId, receiptNumber: number ?? '', page: 1, limit: 10 },
  });
  expect(res.ok()).toBeTruthy();
  const sale = (await res.json()).data.find((s: { receiptNumber: string }) => s.receiptNumber === number);
  expect(sale).toMatchObject({ totalQuantity: 0.75 });
});

test('an item is sold by the kilogram (its Unit), and the admin sets the scale label prefix in Settings', async ({
  page,
}) => {
  await signInToDashboard(page, 'admin');
  const name = unique('E2E Sugar');
  await page.goto('/dashboard/items/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Unit', exact: true }).click();
  await page.getByRole('option', { name: 'Kilogram (kg)' }).click();
  await expect(page.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue('Kilogram (kg)');
  await page.getByRole('textbox', { name: 'Base SKU' }).fill(`SUG${Date.now().toString(36)}`.toUpperCase());
  await page.getByRole('textbox', { name: 'Price', exact: true }).fill('180');
  await page.getByRole('button', { name: 'Create item' }).click();
  await expectToast(page, 'Item created successfully');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The item's details show its unit; it changes in place.
  const unit = page.getByRole('combobox', { name: 'Unit', exact: true });
  await expect(unit).toHaveValue('Kilogram (kg)');
  await unit.click();
  await page.getByRole('option', { name: 'Litre (L)' }).click();
  await page.getByRole('button', { name: 'Save item' }).click();
  await expectToast(page, 'Item updated successfully');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue('Litre (L)');

  // Settings: the company's prefix (the demo's 21), checked by the shared schema, saved, then put back.
  await page.goto('/settings');
  const card = page.getByRole('heading', { name: 'Scale Labels' }).locator('xpath=ancestor::form');
  const prefix = card.getByLabel('Scale label prefix');
  await expect(prefix).toHaveValue('21');
  await prefix.fill('19');
  await card.getByRole('button', { name: 'Update Scale Labels' }).click();
  await expect(prefix).toHaveAttribute('aria-invalid', 'true');
  await expect(prefix).toHaveAccessibleDescription(/The scale prefix is two digits from 20 to 29/);
  await prefix.fill('23');
  await card.getByRole('button', { name: 'Update Scale Labels' }).click();
  await expectToast(page, 'Scale labels updated successfully.');
  await page.reload();
  await expect(prefix).toHaveValue('23');
  await card.screenshot({ path: `${SHOTS}/scale-labels-card.png` });
  await prefix.fill('21');
  await card.getByRole('button', { name: 'Update Scale Labels' }).click();
  await expectToast(page, 'Scale labels updated successfully.');
});
