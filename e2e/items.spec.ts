import { mkdirSync } from 'node:fs';
import { formatInCurrency } from '../packages/shared/src/currency';
import { catalogSkuTakenMessage } from '../packages/shared/src/items';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, expectToast, signInToDashboard, unique } from './helpers';

const SHOTS = process.env.SCREENS_DIR ?? 'test-results/items-screens';
const PHONE = { width: 390, height: 844 };

type Branch = { id: string; name: string; isMain?: boolean };

/** The demo company (its currency) and its two branches, as the admin's session lists them. */
async function demoCompany(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const company = (await login.json()).user.company[0];
  const branches: Branch[] = company.branches;
  const main = branches.find((b) => b.isMain);
  const other = branches.find((b) => !b.isMain);
  if (!main || !other) throw new Error('the demo data has two branches');
  return { currency: company.currency as string, main, other };
}

/** Switches the header's branch picker to the branch. */
async function selectBranch(page: Page, branch: Branch) {
  const picker = page.getByRole('banner').getByRole('textbox', { name: 'Branch', exact: true });
  await picker.click();
  await page.getByRole('option', { name: branch.name, exact: true }).click();
  await expect(picker).toHaveValue(branch.name);
}

/** On the Products screen of the branch: each size's card shows its price. */
async function expectBranchPrices(page: Page, branch: Branch, item: string, prices: Record<string, string>) {
  await selectBranch(page, branch);
  await page.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search products' }).fill(item);
  const cards = page.getByTestId('product-card').filter({ hasText: item });
  await expect(cards).toHaveCount(Object.keys(prices).length);
  for (const [size, price] of Object.entries(prices)) {
    await expect(cards.filter({ hasText: `${item} / ${size}` })).toContainText(price);
  }
}

test.describe('items', () => {
  test('the admin creates a T-shirt in sizes S, M and L for both branches, overrides M in one, and changes the chain price of S', async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const { currency, main, other } = await demoCompany(page);
    const money = (amount: number) => formatInCurrency(amount, currency);
    const name = unique('E2E Tee');
    const sku = `TEE${Date.now().toString(36)}`.toUpperCase();

    await signInToDashboard(page, 'admin');
    await page.getByRole('link', { name: 'Items', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New item' }).click();
    await expect(page.getByRole('heading', { name: 'New item', level: 1 })).toBeVisible();

    // The item, one option (Size: S, M, L typed as a comma list), the base SKU, price and cost.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('textbox', { name: 'Option 1 name' }).fill('Size');
    const values = page.getByRole('combobox', { name: 'Option 1 values' });
    await values.fill('S, M, L');
    await values.press('Enter');
    await page.getByRole('textbox', { name: 'Base SKU' }).fill(sku);
    await page.getByRole('textbox', { name: 'Price', exact: true }).fill('1000');
    await page.getByRole('textbox', { name: 'Cost', exact: true }).fill('400');

    // The grid: one row per size, the base filling each.
    const rows = page.getByTestId('variant-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: `SKU of ${name} / M` })).toHaveValue(`${sku}-M`);
    await expect(page.getByRole('textbox', { name: `Price of ${name} / L` })).toHaveValue(money(1000));

    // Listed in both branches (the selected one is ticked already).
    await expect(page.getByRole('checkbox', { name: main.name })).toBeChecked();
    await page.getByRole('checkbox', { name: other.name }).check();
    await page.screenshot({ path: `${SHOTS}/new-item.png`, fullPage: true });

    // A row's SKU another item has (the demo's cola): the server's 409 lands on that row, which takes the focus.
    const small = page.getByRole('textbox', { name: `SKU of ${name} / S` });
    await small.fill('bev-cola-15');
    await page.getByRole('button', { name: 'Create item' }).click();
    const taken = catalogSkuTakenMessage('BEV-COLA-15');
    await expect(small).toBeFocused();
    await expect(small).toHaveAttribute('aria-invalid', 'true');
    await expect(small).toHaveAccessibleDescription(taken);
    await expectToast(page, taken);
    await small.fill(`${sku}-S`);
    await expect(small).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Create item' }).click();
    await expectToast(page, 'Item created successfully');
    await expect(page).toHaveURL(/\/dashboard\/items\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('item-options')).toHaveText('Options: Size (S, M, L)');

    // Every size at the chain price in both branches; M gets its own price in the other branch.
    for (const branch of [main, other]) {
      for (const size of ['S', 'M', 'L']) {
        await expect(page.getByRole('textbox', { name: `Price of ${name} / ${size} at ${branch.name}` })).toHaveValue(
          money(1000),
        );
      }
    }
    const override = page.getByRole('textbox', { name: `Price of ${name} / M at ${other.name}` });
    await override.fill('1250');
    await override.press('Enter');
    await expectToast(page, 'Listing saved successfully');
    await expect(override).toHaveValue(money(1250));
    const mRow = page.getByTestId('variant-listings-row').filter({ hasText: `${sku}-M` });
    await expect(mRow.locator('[data-state="override"]')).toHaveCount(1);
    await expect(mRow.locator('[data-state="override"]')).toContainText('Override');
    await expect(mRow.getByRole('button', { name: `Use chain price: ${name} / M at ${other.name}` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/item.png`, fullPage: true });
    const itemUrl = page.url();

    // Each branch's Products screen: the three sizes, the override only in the other branch.
    await expectBranchPrices(page, main, name, { S: money(1000), M: money(1000), L: money(1000) });
    await expectBranchPrices(page, other, name, { S: money(1000), M: money(1250), L: money(1000) });

    // Back on the item: a new chain price for S, confirmed, reaches both branches.
    await page.goto(itemUrl);
    const chain = page.getByRole('textbox', { name: `Chain price of ${name} / S` });
    await chain.fill('900');
    await chain.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Change the chain price' });
    await expect(confirm).toContainText(`from ${money(1000)} to ${money(900)}`);
    await expect(confirm).toContainText(main.name);
    await expect(confirm).toContainText(other.name);
    await confirm.getByRole('button', { name: 'Change chain price' }).click();
    await expectToast(page, 'Variant updated successfully');
    await expect(chain).toHaveValue(money(900));
    await expect(page.getByRole('textbox', { name: `Price of ${name} / S at ${other.name}` })).toHaveValue(money(900));

    // The item page at a phone's width: the grid scrolls sideways, the variant column stays.
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/item-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await expectBranchPrices(page, main, name, { S: money(900), M: money(1000), L: money(1000) });
    await expectBranchPrices(page, other, name, { S: money(900), M: money(1250), L: money(1000) });

    // By keyboard alone: from the override, Tab to its Use chain price, Enter, and Enter again to confirm.
    await page.goto(itemUrl);
    await override.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: `Use chain price: ${name} / M at ${other.name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    const back = page.getByRole('dialog', { name: 'Use the chain price' });
    await expect(back).toContainText(`sells at ${money(1250)}, its own price`);
    await expect(back.getByRole('button', { name: 'Use chain price' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Listing saved successfully');
    await expect(override).toHaveValue(money(1000));
    await expect(mRow.locator('[data-state="override"]')).toHaveCount(0);
  });
});
