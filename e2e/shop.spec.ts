import fs from 'node:fs';
import { computeCartTotals } from '../packages/shared/src/money';
import { type ApiSession, apiSession, createProductViaApi, sellViaApi } from './api';
import { expect, type Page, test } from './fixtures';
import { ensureShiftOpen, signIn, signInToDashboard, unique, uniqueUsername } from './helpers';

// What a shop would trip over: one test (or more) per item.
// Screenshots for a person to look at: under test-results (SCREENS_DIR to keep them elsewhere).
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const PHONE = { width: 390, height: 844 };

async function createCategoryViaApi(page: Page, { headers, branchId }: ApiSession, name: string): Promise<string> {
  const res = await page.request.post('/api/categories', { headers, data: { name, branchIds: [branchId] } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id;
}

async function createBrandViaApi(page: Page, { headers, branchId }: ApiSession, name: string): Promise<string> {
  const res = await page.request.post('/api/brands', { headers, data: { name, branchId } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id;
}

async function setPriceViaApi(page: Page, { headers }: ApiSession, id: string, price: number) {
  const res = await page.request.patch(`/api/products/${id}`, { headers, data: { price } });
  expect(res.status(), await res.text()).toBe(200);
}

async function scan(page: Page, sku: string) {
  const barcode = page.getByLabel('Barcode');
  await barcode.fill(sku);
  await barcode.press('Enter');
}

async function payByCard(page: Page) {
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByText('Card', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Complete Payment' }).click();
}

test.describe('1. a price change does not strand the cart', () => {
  test('on the 409 the line takes the new price, the cashier is told, and the next payment goes through', async ({
    page,
    context,
  }) => {
    const manager = await apiSession(page, 'manager');
    const product = await createProductViaApi(page, manager, { name: unique('Shop Milk'), price: 240 });

    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/pos');
    await ensureShiftOpen(page);
    await scan(page, product.sku);
    const line = page.getByTestId('cart-line').filter({ hasText: product.name });
    await expect(line).toContainText('PKR 240.00 each');

    await setPriceViaApi(page, manager, product.id, 250);
    await payByCard(page);
    const notice = page.getByRole('alert').filter({ hasText: 'Cart updated' });
    await expect(notice).toContainText(`${product.name}: price now PKR 250.00 (was PKR 240.00)`);
    await expect(line).toContainText('PKR 250.00 each');
    // 250 plus the branch's tax (another spec may have changed it from the demo's 5 %).
    const taxRate = Number(await page.getByLabel('Tax (%)').inputValue());
    const { total } = computeCartTotals({
      items: [{ price: 250, quantity: 1 }],
      taxRate,
      discountType: 'percentage',
      discountValue: 0,
    });
    await expect(page.getByLabel('Total', { exact: true })).toContainText(
      `PKR ${total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

    const popup = context.waitForEvent('page');
    await payByCard(page);
    await expect(page.getByText('Payment processed successfully')).toBeVisible();
    await (await popup).close();

    // Scanning always uses the current price, also for a line already in the cart.
    await scan(page, product.sku);
    await expect(line).toContainText('PKR 250.00 each');
    await setPriceViaApi(page, manager, product.id, 260);
    await scan(page, product.sku);
    await expect(line).toContainText('PKR 260.00 each');
    await expect(page.getByLabel(`${product.name} quantity`)).toHaveText('2');
  });
});

test.describe('2. one currency everywhere', () => {
  test('the same sale reads the same currency in the customer history, the dashboard and transactions', async ({
    page,
  }) => {
    const admin = await apiSession(page, 'admin');
    const cashier = await apiSession(page, 'cashier');
    const companyId: string = (
      await (await page.request.get('/api/auth/companies', { headers: admin.headers })).json()
    ).items.find((c: { name: string }) => c.name === 'Demo Mart').id;
    try {
      // The Super Admin sets the company's currency in Settings.
      await signInToDashboard(page, 'admin');
      await page.goto('/settings');
      const currency = page.getByRole('combobox', { name: 'Company currency' });
      await expect(currency).toHaveValue('PKR - Pakistani Rupee');
      await currency.click();
      await currency.fill('USD');
      await page.getByRole('option', { name: 'USD - US Dollar' }).click();
      await page.getByRole('button', { name: 'Update Currency' }).click();
      await expect(page.getByText('Currency updated successfully.')).toBeVisible();

      const product = await createProductViaApi(page, admin, { name: unique('Shop Cheese'), price: 467.25 });
      const phone = `0300${Math.floor(1e6 + Math.random() * 8e6)}`;
      // Sold untaxed by the manager (a cashier's untaxed sale in a taxed branch needs a manager's approval).
      const sale = await sellViaApi(page, await apiSession(page, 'manager'), {
        lines: [{ product: { ...product, price: product.price }, quantity: 2 }],
        customer: { name: unique('Shop Customer'), phone },
      });
      const amount = '$934.50';

      await page.goto('/dashboard');
      const recent = page.getByRole('table', { name: 'Recent Transactions' });
      await expect(recent.getByRole('row').filter({ hasText: sale.receiptNumber })).toContainText(amount);

      await page.goto('/dashboard/transactions');
      await expect(page.getByRole('row').filter({ hasText: sale.receiptNumber })).toContainText(amount);

      const found = await page.request.get('/api/customers', {
        headers: admin.headers,
        params: { branchId: cashier.branchId, search: phone },
      });
      const customerId: string = (await found.json()).data[0].id;
      await page.goto(`/dashboard/customers/${customerId}`);
      await expect(page.getByText('Total Spent').locator('..')).toContainText(amount);
      await page.getByRole('tab', { name: 'Transaction History' }).click();
      await expect(page.getByRole('row').filter({ hasText: sale.receiptNumber })).toContainText(amount);
      await expect(page.getByText('PKR 934.50')).toHaveCount(0);
    } finally {
      const reset = await page.request.post('/api/settings/currency', {
        headers: admin.headers,
        data: { companyId, currency: 'PKR' },
      });
      expect(reset.status()).toBe(200);
    }
  });
});

test.describe('3. role-shaped menus', () => {
  test('a cashier sees only what a cashier may use; typed URLs still meet Access Denied', async ({ page }) => {
    await signInToDashboard(page, 'cashier');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Point of Sale' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Transactions' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Customers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Returns' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Branch Management' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New Sale' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Process Return' })).toHaveCount(0);

    await page.goto('/dashboard/users');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
    await page.goto('/dashboard/returns');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Failed to fetch users')).toHaveCount(0);
  });

  test('a manager keeps Users, Returns and Process Return', async ({ page }) => {
    await signInToDashboard(page, 'manager');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Returns' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Process Return' })).toBeVisible();
  });
});

test.describe('4. register tiles page through the whole branch, with a category filter', () => {
  test('more than a page of products: Load more shows the rest; the category filter narrows them', async ({ page }) => {
    const manager = await apiSession(page, 'manager');
    const category = unique('Shop Tiles');
    const categoryId = await createCategoryViaApi(page, manager, category);
    const prefix = unique('Tile');
    const names: string[] = [];
    for (let i = 1; i <= 30; i += 1) {
      const name = `${prefix} ${String(i).padStart(2, '0')}`;
      names.push(name);
      await createProductViaApi(page, manager, { name, price: 10 + i, categoryId });
    }

    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/pos');
    await ensureShiftOpen(page);
    const tiles = page.getByTestId('product-tile');
    await expect(tiles).toHaveCount(24);
    await expect(page.getByText(/^Showing 24 of \d+ products$/)).toBeVisible();
    const total = Number(/of (\d+) products/.exec((await page.getByText(/^Showing 24 of/).textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(30 + 12);
    while (await page.getByRole('button', { name: 'Load more products' }).isVisible()) {
      const before = await tiles.count();
      await page.getByRole('button', { name: 'Load more products' }).click();
      await expect(tiles).not.toHaveCount(before);
    }
    await expect(tiles).toHaveCount(total);
    await expect(page.getByText(`Showing ${total} of ${total} products`)).toBeVisible();
    // The demo's low-stock products are still there with the new ones.
    await expect(page.getByRole('button', { name: 'Add Lemon Soda 500ml to cart' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Add ${names[29]} to cart` })).toBeVisible();

    const filter = page.getByRole('combobox', { name: 'Category' });
    await filter.click();
    await filter.fill(category);
    await page.getByRole('option', { name: category }).click();
    await expect(page.getByText('Showing 24 of 30 products')).toBeVisible();
    await page.getByRole('button', { name: 'Load more products' }).click();
    await expect(tiles).toHaveCount(30);
    await expect(page.getByRole('button', { name: 'Add Lemon Soda 500ml to cart' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Load more products' })).toHaveCount(0);
  });
});

test.describe('5. deleting a category or brand that products use says so', () => {
  test('the dialogs give the number of products and what happens to them', async ({ page }) => {
    const manager = await apiSession(page, 'manager');
    const category = unique('Shop Del Category');
    const categoryId = await createCategoryViaApi(page, manager, category);
    const brand = unique('Shop Del Brand');
    const brandId = await createBrandViaApi(page, manager, brand);
    for (let i = 0; i < 3; i += 1) {
      await createProductViaApi(page, manager, { name: unique('Shop Used'), price: 5, categoryId, brandId });
    }

    await signInToDashboard(page, 'manager');
    await page.goto('/dashboard/categories');
    await page.getByRole('textbox', { name: 'Search categories' }).fill(category);
    await page.getByRole('button', { name: `Delete ${category}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' });
    await expect(dialog.getByTestId('delete-usage')).toHaveText(
      '3 products use this category; they will become Uncategorized.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/dashboard/brands');
    await page.getByRole('textbox', { name: 'Search brands' }).fill(brand);
    await page.getByRole('button', { name: `Delete ${brand}` }).click();
    await expect(dialog.getByTestId('delete-usage')).toHaveText('3 products use this brand; they will have no brand.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('7. branch setup for a company that has branches', () => {
  test('says what will happen and keeps the selection unless asked to switch', async ({ page }) => {
    await signInToDashboard(page, 'admin');
    const branchPicker = page.getByRole('textbox', { name: 'Branch', exact: true });
    const selected = await branchPicker.inputValue();
    expect(selected).not.toBe('');

    await page.goto('/company-setup');
    await page.getByRole('button', { name: /Demo Mart/ }).click();
    await expect(page).toHaveURL(/\/branch-setup$/);
    await expect(page.getByTestId('branch-setup-notice')).toContainText('already has');
    await expect(page.getByTestId('branch-setup-notice')).toContainText('not the main branch');
    await expect(page.getByText('This branch will be your main branch.')).toHaveCount(0);
    const name = unique('Shop Branch');
    await page.getByLabel('Branch Name').fill(name);
    await page.getByLabel('Address').fill('12 Shop Street, Lahore');
    await page.getByLabel('Phone').fill('042-1234567890');
    await expect(page.getByLabel('Switch to the new branch after creating it')).not.toBeChecked();
    await page.getByRole('button', { name: 'Create Branch' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(branchPicker).toHaveValue(selected);
  });
});

test.describe('8. the users list', () => {
  test('lists every branch by default, the signed-in Super Admin included; the branch filter narrows it', async ({
    page,
  }) => {
    const admin = await apiSession(page, 'admin');
    const companies = (await (await page.request.get('/api/auth/companies', { headers: admin.headers })).json()).items;
    const demo = companies.find((c: { name: string }) => c.name === 'Demo Mart');
    const branches = (
      await (await page.request.get(`/api/auth/companies/${demo.id}/branches`, { headers: admin.headers })).json()
    ).items as { id: string; name: string; isMain: boolean }[];
    const other = branches.find((b) => !b.isMain);
    expect(other).toBeTruthy();
    const username = uniqueUsername('shop_other');
    const created = await page.request.post('/api/users', {
      headers: admin.headers,
      data: {
        name: unique('Other Branch Cashier'),
        email: `${username}@example.com`,
        username,
        password: 'Secret123',
        roleIds: [3],
        companyId: demo.id,
        branchId: other?.id,
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signInToDashboard(page, 'admin');
    await page.goto('/dashboard/users');
    const filter = page.getByRole('main').getByLabel('Branch', { exact: true });
    await expect(filter).toHaveValue('All branches');
    await page.getByRole('textbox', { name: 'Search users' }).fill(username);
    await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Search users' }).fill('admin');
    await expect(page.getByRole('row').filter({ hasText: 'Ayesha Admin' })).toHaveCount(1);

    await filter.click();
    await page.getByRole('option', { name: branches.find((b) => b.isMain)?.name ?? 'Main Branch' }).click();
    await page.getByRole('textbox', { name: 'Search users' }).fill(username);
    await expect(page.getByText(/No users/i)).toBeVisible();
  });
});

test.describe('10. the small ones', () => {
  test('a signed-in user opening /login goes to the dashboard', async ({ page }) => {
    await signInToDashboard(page, 'manager');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  });

  test('no HydrateFallback warning on a full load', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await signInToDashboard(page, 'manager');
    await page.goto('/dashboard/transactions');
    await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
    expect(messages.filter((m) => m.includes('HydrateFallback'))).toEqual([]);
  });

  test('toasts sit below the header: the pickers and the avatar stay uncovered', async ({ page }) => {
    await signIn(page, 'manager');
    const toast = page.getByRole('alert').filter({ hasText: 'Login successful!' });
    await expect(toast).toBeVisible();
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(header && box).toBeTruthy();
    expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  });

  test('an open branch list lies over the toasts: the sign-in toast never takes a click meant for an option', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const toast = page.getByRole('alert').filter({ hasText: 'Login successful!' });
    await expect(toast).toBeVisible();
    /** The stacking level an element is painted at: its nearest positioned ancestor's z-index. */
    const layerOf = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const z = getComputedStyle(node).zIndex;
        if (z !== 'auto') return Number(z);
      }
      return 0;
    };
    const toastLayer = await toast.evaluate(layerOf);
    await page.getByRole('banner').getByRole('textbox', { name: 'Branch', exact: true }).click();
    const list = page.getByRole('listbox', { name: 'Branch' });
    await expect(list.getByRole('option').first()).toBeVisible();
    expect(await list.evaluate(layerOf)).toBeGreaterThan(toastLayer);
  });

  test('at 390 px the quick actions read in full and Recent Transactions shows Status and Action', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInToDashboard(page, 'manager');
    for (const label of ['New Sale', 'Manage Inventory', 'Process Return', 'Manage Products']) {
      const link = page.getByRole('link', { name: label });
      await expect(link).toBeVisible();
      const cut = await link.evaluate((el) => {
        const text = el.querySelector('.mantine-Button-label') ?? el;
        return text.scrollWidth > text.clientWidth;
      });
      expect(cut, `${label} is cut`).toBe(false);
    }
    const recent = page.getByRole('table', { name: 'Recent Transactions' });
    const firstRow = recent.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    // Nothing to scroll sideways for: Status and Action end inside the 390 px screen.
    await recent.scrollIntoViewIfNeeded();
    // The status reads in full (under the amount on a phone), and the View action is on screen.
    const status = firstRow.getByTestId('recent-status');
    await expect(status).toBeVisible();
    expect(
      await status.evaluate((el) => {
        const label = el.querySelector('.mantine-Badge-label') ?? el;
        return label.scrollWidth <= label.clientWidth;
      }),
    ).toBe(true);
    for (const cell of [
      status,
      recent.getByRole('columnheader', { name: 'Action', exact: true }),
      firstRow.getByRole('button', { name: /^View / }),
    ]) {
      const box = await cell.boundingBox();
      expect(box).toBeTruthy();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
  });

  test('the returns screen filters with the dd/mm/yyyy date pickers of the other screens', async ({ page }) => {
    await signInToDashboard(page, 'manager');
    await page.goto('/dashboard/returns');
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Start Date', exact: true }).click();
    await page.getByRole('button', { name: /^15 / }).first().click();
    await expect(page.getByRole('button', { name: 'Start Date', exact: true })).toHaveText(/^15\/\d{2}\/\d{4}$/);
  });

  test('F2 opens a new cart tab (Ctrl+T belongs to the browser) and the help lists it', async ({ page }) => {
    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/pos');
    await ensureShiftOpen(page);
    await expect(page.getByLabel('Barcode')).toBeFocused();
    const before = await page.getByRole('tab').count();
    await page.keyboard.press('F2');
    await expect(page.getByRole('tab')).toHaveCount(before + 1);
    await expect(page.getByRole('tab', { name: `Cart ${before + 1}` })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.getByRole('dialog', { name: 'Keyboard Shortcuts' });
    await expect(help.getByRole('row').filter({ hasText: 'F2' })).toContainText('New cart tab');
  });
});

test.describe('screens', () => {
  test('register, dashboard and customer detail at 1280 and 390 px', async ({ page }) => {
    fs.mkdirSync(SCREENS, { recursive: true });
    const cashier = await apiSession(page, 'cashier');
    const customers = await page.request.get('/api/customers', {
      headers: cashier.headers,
      params: { branchId: cashier.branchId, search: 'Imran' },
    });
    const customerId: string = (await customers.json()).data[0].id;
    await signInToDashboard(page, 'manager');
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/dashboard/pos');
      await ensureShiftOpen(page);
      await scan(page, 'BEV-COLA-15');
      await scan(page, 'SNK-CHIP-70');
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await page.screenshot({ path: `${SCREENS}/register-${width}.png` });
      await page.screenshot({ path: `${SCREENS}/register-${width}-full.png`, fullPage: true });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Recent Transactions' })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/dashboard-${width}.png`, fullPage: true });
      await page.goto(`/dashboard/customers/${customerId}`);
      await expect(page.getByText('Imran Khan').first()).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/customer-${width}.png`, fullPage: true });
    }
  });
});
