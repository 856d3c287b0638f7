import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { computeReturnRefund, fromMinor } from '@pos/shared';
import { apiSession, ensureApiShift, findProduct, sellViaApi } from './api';
import { expectToast, signInToDashboard } from './helpers';

const SHOTS = '/tmp/shots';
const SCREENS = '/work/screens/H1';

// Demo data: the manager's Main Branch sells Cola 1.5L (BEV-COLA-15, PKR 180).
test('a manager finds a sale by receipt, returns part of it with a restocking fee, and sees it listed', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(SCREENS, { recursive: true });

  // Setup through the API: a fresh sale of 3 colas with 20.00 off and 5 % tax, so the test knows its
  // receipt number and the refund carries the sale's discount and tax (issue 10 finding 7).
  const session = await apiSession(page, 'manager');
  const { headers, branchId } = session;
  const cola = await findProduct(page, session, 'BEV-COLA-15');
  const sale = await sellViaApi(page, session, {
    lines: [{ product: cola, quantity: 3 }],
    taxRate: 5,
    discountAmount: 20,
  });
  const receipt = sale.receiptNumber;
  // A cash refund needs an open shift of the manager at the branch (docs/ARCHITECTURE.md, "Shifts").
  await ensureApiShift(page, session);
  const stockBefore = (
    await (await page.request.get('/api/products', { headers, params: { branchId, search: 'BEV-COLA-15' } })).json()
  ).data.find((p: { sku: string }) => p.sku === 'BEV-COLA-15').stockQuantity as number;

  await signInToDashboard(page, 'manager');
  await page.goto('/dashboard/returns');
  await expect(page.getByRole('heading', { name: 'Returns Management' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total Returns' })).toBeVisible();
  await page.getByRole('tab', { name: 'Find Transaction' }).click();
  await page.getByLabel('Receipt Number').fill(receipt);
  const row = page.getByTestId(`lookup-${receipt}`);
  await expect(row).toBeVisible();
  await expect(row.getByText('Returnable', { exact: true })).toBeVisible();
  await expect(row.getByTestId('returnable-quantity')).toHaveText('3');
  await page.screenshot({ path: `${SHOTS}/returns-find-transaction.png`, fullPage: true });
  await row.getByRole('button', { name: 'Process Return' }).click();

  const dialog = page.getByRole('dialog', { name: 'Process Return' });
  await expect(dialog).toBeVisible();
  const qty = dialog.getByLabel('Return quantity for Cola 1.5L');
  await expect(qty).toHaveValue('0');
  // Submitting with nothing chosen shows the rule.
  await dialog.getByRole('button', { name: 'Process Return' }).click();
  await expect(
    dialog.getByText('Please specify return quantities for at least one item that has remaining quantity'),
  ).toBeVisible();
  await qty.fill('2');
  await dialog.getByLabel('Restocking fee for Cola 1.5L').fill('10');
  // What the customer paid for 2 of the 3 colas, less the fee: 540.00 - 20.00 + 26.00 = 546.00 for
  // three, 364.00 for two (the shared rule), 354.00 refunded.
  const expected = computeReturnRefund({
    sale,
    lines: [{ saleItemId: sale.items[0]?.id ?? '', quantity: 2, restockingFee: 10 }],
  }).total;
  const refund = fromMinor(expected.refund);
  expect(refund).toBe(354);
  await expect(dialog.getByTestId('return-total-refund')).toContainText(refund.toFixed(2));
  const breakdown = dialog.getByRole('table', { name: 'Refund breakdown' });
  await expect(breakdown.getByRole('row', { name: /Goods/ })).toContainText('360.00');
  await expect(breakdown.getByRole('row', { name: /Discount share/ })).toContainText(
    fromMinor(expected.discount).toFixed(2),
  );
  await expect(breakdown.getByRole('row', { name: /Tax/ })).toContainText(fromMinor(expected.tax).toFixed(2));
  await expect(breakdown.getByRole('row', { name: /Restocking fees/ })).toContainText('10.00');
  await expect(breakdown.getByRole('row', { name: /^Refund/ })).toContainText('354.00');
  await dialog.getByRole('button', { name: 'Process Return' }).click();
  await expect(dialog.getByText('Please provide a return reason')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Return Reason' }).click();
  await page.getByRole('option', { name: 'Customer Changed Mind' }).click();
  await dialog.getByLabel('Reason Description').fill('Bought too many');
  await page.screenshot({ path: `${SHOTS}/returns-process-modal.png`, fullPage: true });
  await page.screenshot({ path: `${SCREENS}/returns-process-breakdown.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await breakdown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/returns-process-breakdown-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Process Return' }).click();
  await expectToast(page, 'Return processed successfully');
  await expect(dialog).toBeHidden();

  // The lookup shows what remains returnable.
  await expect(row.getByTestId('returnable-quantity')).toHaveText('1');
  await expect(row.getByText('Returnable', { exact: true })).toBeVisible();

  // The list shows the return first; its details carry the refund.
  await page.getByRole('tab', { name: 'Returns List' }).click();
  const first = page.getByRole('row').filter({ hasText: receipt }).first();
  await expect(first).toBeVisible();
  await expect(first).toContainText(refund.toFixed(2));
  await expect(first).toContainText('Completed');
  await page.screenshot({ path: `${SHOTS}/returns-list.png`, fullPage: true });
  await first.getByRole('button', { name: /^View / }).click();
  const details = page.getByRole('dialog', { name: 'Return Details' });
  await expect(details).toBeVisible();
  await expect(details).toContainText(receipt);
  await expect(details).toContainText(`Total Refund: PKR ${refund.toFixed(2)}`);
  await expect(details).toContainText('Bought too many');
  await page.screenshot({ path: `${SHOTS}/returns-details.png`, fullPage: true });
  await page.screenshot({ path: `${SCREENS}/returns-details.png`, fullPage: true });

  // Restocked: the colas are back on the shelf.
  const stockAfter = (
    await (await page.request.get('/api/products', { headers, params: { branchId, search: 'BEV-COLA-15' } })).json()
  ).data.find((p: { sku: string }) => p.sku === 'BEV-COLA-15').stockQuantity as number;
  expect(stockAfter).toBe(stockBefore + 2);
});
