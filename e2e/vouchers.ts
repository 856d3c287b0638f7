import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, unique } from './helpers';

/**
 * Gift voucher walks' helpers (gift-vouchers.spec.ts, gift-vouchers-offline.spec.ts): items whose sales total their
 * price, and the Payment dialog with Gift voucher chosen.
 */

/**
 * Items of an exempt tax class (no tax whatever the branch's rate), one per price, stocked (10) at the branch: the
 * sales' totals are their prices. Answers their SKUs, in the order of `prices`.
 */
export async function exemptItems(page: Page, branchId: string, prices: number[]): Promise<string[]> {
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const { access_token: token, user } = await login.json();
  const headers = { Authorization: `Bearer ${token}` };
  const companyId: string = user.company[0].id;
  const taxClass = await page.request.post('/api/tax-classes', {
    headers,
    data: { companyId, name: unique('Voucher test exempt'), kind: 'exempt', rate: 0 },
  });
  expect(taxClass.status(), await taxClass.text()).toBe(201);
  const taxClassId: string = (await taxClass.json()).data.id;
  const item = async (price: number) => {
    const sku = `E2E-GV-${price}-${Date.now().toString(36)}`.toUpperCase();
    const created = await page.request.post('/api/items', {
      headers,
      data: { companyId, name: unique(`Gift test ${price}`), sku, price, taxClassId, branchIds: [branchId] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const listing = (await created.json()).data.variants[0].listings.find(
      (l: { branch: { id: string } }) => l.branch.id === branchId,
    );
    const stocked = await page.request.post('/api/inventory/adjustments', {
      headers,
      data: { productId: listing.productId, branchId, newQuantity: 10, reason: 'Opening stock' },
    });
    expect(stocked.status(), await stocked.text()).toBe(200);
    return sku;
  };
  const skus: string[] = [];
  for (const price of prices) skus.push(await item(price));
  return skus;
}

/** The register's Payment dialog for the cart, Gift voucher chosen from the keyboard (the last method). */
export async function payWithVoucher(page: Page) {
  await page.keyboard.press('ControlOrMeta+p');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByLabel('Amount Received')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Gift voucher' })).toBeChecked();
  return dialog;
}
