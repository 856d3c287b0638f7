import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiSession, createProductViaApi, uploadOfflineSaleViaApi } from './api';
import { expectAccessible, expectNoSeriousWcag, expectPopupsAccessible, settle, trackRequests } from './axe';
import { type BrowserContext, expect, type Page, test, WITH_SERVICE_WORKER } from './fixtures';
import { ensureShiftOpen, signInToDashboard } from './helpers';

test.use(WITH_SERVICE_WORKER);

/**
 * WCAG 2.1 AA in every run: axe-core on every main screen, as a cashier, a manager and an admin, in the
 * states a till sees (dialogs open, a phone's width), and in each screen state with each of its menus,
 * selects and date pickers open in turn (./axe.ts). A screen added to the product joins SCREENS.
 */

type Role = 'cashier' | 'manager' | 'admin' | 'signed out';
type Viewport = { width: number; height: number };

type Screen = {
  name: string;
  /** The route, or how to find it (a customer's detail needs a customer). */
  path: string | ((page: Page, role: Role) => Promise<string>);
  /** Who sees it; the default is the cashier, the manager and the admin. */
  roles?: Role[];
  viewport?: Viewport;
  /** Brings the screen into the state to check (a tab, a dialog). */
  act?: (page: Page) => Promise<void>;
};

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 390, height: 844 };

async function registerReady(page: Page) {
  await ensureShiftOpen(page);
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
}

/**
 * The first product sold by the piece: a tile of a product sold by weight (its stock "42.500 kg") asks for
 * the weight first.
 */
const pieceTile = (page: Page) =>
  page
    .locator('[data-testid="product-tile"]:not([disabled])')
    .filter({ hasNotText: /\d\.\d{3} (kg|L|m)\b/ })
    .first();

async function openDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // Past the opening transition, so colours are measured as they end up.
  await expect(dialog).toHaveCSS('opacity', '1');
}

async function addFirstProductAndPay(page: Page) {
  await registerReady(page);
  await pieceTile(page).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  await openDialog(page, 'Payment');
}

/** The weight dialog of a product sold by the kilogram (the demo's loose rice), a weight typed. */
async function openWeightDialog(page: Page) {
  await registerReady(page);
  await page.getByLabel('Search Products').fill('Basmati');
  await page.getByRole('button', { name: /^Add Basmati Rice \(loose\) to cart/ }).click();
  await openDialog(page, 'Enter weight');
  await page.getByLabel('Weight (kg)').fill('1.25');
}

/**
 * A cart line of the demo's loose rice with 0.750 kg more (its weight and its Change weight button); the role's
 * carts are kept across its screens, so the line may hold more already.
 */
async function weighedLine(page: Page) {
  await openWeightDialog(page);
  await page.getByLabel('Weight (kg)').fill('0.75');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Enter weight' })).toHaveCount(0);
  await expect(page.getByLabel('Basmati Rice (loose) quantity')).toHaveText(/^\d+\.\d{3} kg$/);
}

/**
 * The customer display with a cart: the register opens beside it in the same browser and adds a product (it
 * stays open, or the display would go back to its welcome).
 */
async function displayWithCart(page: Page) {
  const register = await page.context().newPage();
  page.once('close', () => void register.close());
  await register.goto('/dashboard/pos');
  await registerReady(register);
  await pieceTile(register).click();
  await expect(page.getByTestId('display-line').first()).toBeVisible();
}

async function firstCustomerPath(page: Page, role: Role): Promise<string> {
  const session = await apiSession(page, role === 'admin' ? 'admin' : 'cashier');
  const res = await page.request.get('/api/customers', {
    headers: session.headers,
    params: { branchId: session.branchId, limit: 1 },
  });
  expect(res.ok()).toBeTruthy();
  const [customer] = (await res.json()).data;
  expect(customer, 'a demo customer').toBeTruthy();
  return `/dashboard/customers/${customer.id}`;
}

/** An ordered purchase order of the admin's branch with one line (its receive form shows). */
async function orderedPurchaseOrderPath(page: Page): Promise<string> {
  const admin = await apiSession(page, 'admin');
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: 'Demo1234' } });
  const companyId: string = (await login.json()).user.company[0].id;
  const sku = `A11Y-PO-${Date.now().toString(36)}`;
  const product = await createProductViaApi(page, admin, {
    name: `A11y order ${sku}`,
    sku,
    price: 10,
    stockQuantity: 5,
  });
  const supplier = await page.request.post('/api/suppliers', {
    headers: admin.headers,
    data: { companyId, name: `A11y supplier ${sku}` },
  });
  const draft = await page.request.post('/api/purchase-orders', {
    headers: admin.headers,
    data: {
      branchId: admin.branchId,
      supplierId: (await supplier.json()).data.id,
      lines: [{ productId: product.id, quantity: 4, unitCost: 5 }],
    },
  });
  const { id } = (await draft.json()).data;
  expect(
    (await page.request.post(`/api/purchase-orders/${id}/order`, { headers: admin.headers, data: {} })).ok(),
  ).toBeTruthy();
  return `/dashboard/purchase-orders/${id}`;
}

/** An open stock count of the admin's branch. */
async function openStockCountPath(page: Page): Promise<string> {
  const admin = await apiSession(page, 'admin');
  const res = await page.request.post('/api/stock-counts', {
    headers: admin.headers,
    data: { branchId: admin.branchId },
  });
  expect(res.ok()).toBeTruthy();
  return `/dashboard/stock-counts/${(await res.json()).data.id}`;
}

/** A transfer in transit from the main branch (the admin sees its receive panel; the cashier reads it). */
async function transferInTransitPath(page: Page): Promise<string> {
  const admin = await apiSession(page, 'admin');
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: 'Demo1234' } });
  const branches: { id: string }[] = (await login.json()).user.company[0].branches;
  const to = branches.find((b) => b.id !== admin.branchId);
  const sku = `A11Y-TRF-${Date.now().toString(36)}`;
  const product = await createProductViaApi(page, admin, {
    name: `A11y transfer ${sku}`,
    sku,
    price: 10,
    stockQuantity: 5,
  });
  const draft = await page.request.post('/api/transfers', {
    headers: admin.headers,
    data: {
      fromBranchId: admin.branchId,
      toBranchId: to?.id,
      lines: [{ productId: product.id, quantity: 2 }],
    },
  });
  const { id } = (await draft.json()).data;
  expect(
    (await page.request.post(`/api/transfers/${id}/send`, { headers: admin.headers, data: {} })).ok(),
  ).toBeTruthy();
  return `/dashboard/transfers/${id}`;
}

/**
 * An item of the demo company in sizes S and M, listed in the admin's branch only (the other branch shows Not
 * listed), M at its own price there (an override): every state of the item page's grid.
 */
async function itemPath(page: Page): Promise<string> {
  const admin = await apiSession(page, 'admin');
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: 'Demo1234' } });
  const companyId: string = (await login.json()).user.company[0].id;
  const sku = `A11Y-ITEM-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/items', {
    headers: admin.headers,
    data: {
      companyId,
      name: `A11y tee ${sku}`,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      sku,
      price: 10,
      branchIds: [admin.branchId],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()).data;
  const medium = item.variants.find((v: { optionValues: string[] }) => v.optionValues[0] === 'M');
  const listing = await page.request.put(`/api/variants/${medium.id}/listings/${admin.branchId}`, {
    headers: admin.headers,
    data: { price: 12 },
  });
  expect(listing.ok()).toBeTruthy();
  return `/dashboard/items/${item.id}`;
}

/** The New item form with one option of two values: its variant grid shows. */
async function newItemWithOptions(page: Page) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('A11y tee');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByRole('textbox', { name: 'Option 1 name' }).fill('Size');
  const values = page.getByRole('combobox', { name: 'Option 1 values' });
  await values.fill('S, M');
  await values.press('Enter');
  await expect(page.getByTestId('variant-row')).toHaveCount(2);
}

const SCREENS: Screen[] = [
  { name: 'sign-in', path: '/login', roles: ['signed out'] },
  { name: 'sign-in at 390 px', path: '/login', roles: ['signed out'], viewport: PHONE },
  { name: 'page not found', path: '/no-such-page', roles: ['signed out', 'cashier', 'admin'] },
  { name: 'dashboard', path: '/dashboard' },
  { name: 'dashboard at 390 px', path: '/dashboard', viewport: PHONE },
  { name: 'register', path: '/dashboard/pos', act: registerReady },
  {
    name: 'register at 390 px',
    path: '/dashboard/pos',
    roles: ['cashier', 'admin'],
    viewport: PHONE,
    act: registerReady,
  },
  { name: 'register, Payment dialog', path: '/dashboard/pos', roles: ['cashier', 'admin'], act: addFirstProductAndPay },
  {
    name: 'register, Change price dialog',
    path: '/dashboard/pos',
    roles: ['cashier'],
    act: async (page) => {
      await registerReady(page);
      await pieceTile(page).click();
      await page
        .getByRole('button', { name: /^Change price of / })
        .first()
        .click();
      await openDialog(page, 'Change price');
    },
  },
  { name: 'register, weight dialog', path: '/dashboard/pos', roles: ['cashier'], act: openWeightDialog },
  {
    name: 'register, weight dialog at 390 px',
    path: '/dashboard/pos',
    roles: ['cashier'],
    viewport: PHONE,
    act: openWeightDialog,
  },
  { name: 'register, a weighed line', path: '/dashboard/pos', roles: ['cashier'], act: weighedLine },
  {
    name: 'register, a weighed line at 390 px',
    path: '/dashboard/pos',
    roles: ['cashier'],
    viewport: PHONE,
    act: weighedLine,
  },
  {
    name: 'register offline',
    path: '/dashboard/pos',
    roles: ['cashier', 'admin'],
    act: async (page) => {
      await registerReady(page);
      await page.context().setOffline(true);
      await expect(page.getByTestId('register-status')).toContainText('Offline since');
    },
  },
  {
    name: 'register, Keyboard Shortcuts dialog',
    path: '/dashboard/pos',
    roles: ['cashier', 'admin'],
    act: async (page) => {
      await registerReady(page);
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await openDialog(page, 'Keyboard Shortcuts');
    },
  },
  {
    // A return at the register, its form for a sale found by a partial receipt number.
    name: 'register, Return dialog at 390 px',
    path: '/dashboard/pos',
    roles: ['cashier'],
    viewport: PHONE,
    act: async (page) => {
      await registerReady(page);
      await page.getByRole('button', { name: 'Return', exact: true }).click();
      await openDialog(page, 'Return');
      const dialog = page.getByRole('dialog', { name: 'Return' });
      await dialog.getByLabel('Receipt number').fill('RCP-0001');
      await dialog.getByLabel('Receipt number').press('Enter');
      await dialog
        .getByRole('button', { name: /^RCP-0001/ })
        .first()
        .click();
      await expect(dialog.getByTestId('return-line').first()).toBeVisible();
    },
  },
  { name: 'customer display', path: '/display', roles: ['signed out', 'cashier'] },
  { name: 'customer display with a cart', path: '/display', roles: ['cashier'], act: displayWithCart },
  {
    name: 'customer display with a cart at 390 px',
    path: '/display',
    roles: ['cashier'],
    viewport: PHONE,
    act: displayWithCart,
  },
  { name: 'products', path: '/dashboard/products' },
  { name: 'items', path: '/dashboard/items' },
  { name: 'items at 390 px', path: '/dashboard/items', roles: ['admin'], viewport: PHONE },
  { name: 'new item', path: '/dashboard/items/new', roles: ['manager', 'admin'], act: newItemWithOptions },
  {
    name: 'new item at 390 px',
    path: '/dashboard/items/new',
    roles: ['admin'],
    viewport: PHONE,
    act: newItemWithOptions,
  },
  {
    name: 'new item, errors shown',
    path: '/dashboard/items/new',
    roles: ['admin'],
    act: async (page) => {
      await page.getByRole('button', { name: 'Create item' }).click();
      await expect(page.getByText('Item name is required')).toBeVisible();
    },
  },
  { name: 'item (prices by branch)', path: itemPath, roles: ['manager', 'admin'] },
  { name: 'item at 390 px', path: itemPath, roles: ['admin'], viewport: PHONE },
  {
    name: 'item, chain price confirmation',
    path: itemPath,
    roles: ['admin'],
    act: async (page) => {
      const chain = page.getByRole('textbox', { name: /^Chain price of .* \/ S$/ });
      await chain.fill('11');
      await chain.press('Enter');
      await openDialog(page, 'Change the chain price');
    },
  },
  { name: 'categories', path: '/dashboard/categories' },
  { name: 'brands', path: '/dashboard/brands' },
  { name: 'inventory, stock levels', path: '/dashboard/inventory' },
  {
    name: 'inventory, movement history',
    path: '/dashboard/inventory',
    act: async (page) => {
      await page.getByRole('tab', { name: /Movement History/ }).click();
      await expect(page.getByRole('tab', { name: /Movement History/ })).toHaveAttribute('aria-selected', 'true');
    },
  },
  {
    name: 'inventory, sold offline beyond stock',
    path: '/dashboard/inventory',
    roles: ['admin'],
    act: async (page) => {
      await page.getByRole('tab', { name: /Sold offline beyond stock/ }).click();
      await expect(page.getByRole('tab', { name: /Sold offline beyond stock/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    },
  },
  {
    name: 'inventory, sold offline beyond stock at 390 px',
    path: '/dashboard/inventory',
    roles: ['admin'],
    viewport: PHONE,
    act: async (page) => {
      await page.getByRole('tab', { name: /Sold offline beyond stock/ }).click();
      await expect(page.getByRole('tab', { name: /Sold offline beyond stock/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    },
  },
  {
    name: 'inventory, Write Off dialog',
    path: '/dashboard/inventory',
    roles: ['admin'],
    act: async (page) => {
      await page.getByRole('button', { name: 'Write Off' }).click();
      await openDialog(page, 'Write Off Stock');
    },
  },
  { name: 'transfers', path: '/dashboard/transfers' },
  { name: 'transfers at 390 px', path: '/dashboard/transfers', viewport: PHONE },
  { name: 'new transfer', path: '/dashboard/transfers/new', roles: ['admin'] },
  { name: 'transfer in transit (receive)', path: transferInTransitPath },
  { name: 'transfer in transit at 390 px', path: transferInTransitPath, roles: ['admin'], viewport: PHONE },
  { name: 'suppliers', path: '/dashboard/suppliers' },
  { name: 'purchase orders', path: '/dashboard/purchase-orders' },
  { name: 'purchase orders at 390 px', path: '/dashboard/purchase-orders', roles: ['admin'], viewport: PHONE },
  { name: 'new purchase order', path: '/dashboard/purchase-orders/new', roles: ['admin'] },
  { name: 'purchase order (receive)', path: orderedPurchaseOrderPath, roles: ['admin'] },
  { name: 'purchase order at 390 px', path: orderedPurchaseOrderPath, roles: ['admin'], viewport: PHONE },
  { name: 'stock counts', path: '/dashboard/stock-counts' },
  { name: 'stock count (entry)', path: openStockCountPath, roles: ['admin'] },
  { name: 'stock count at 390 px', path: openStockCountPath, roles: ['admin'], viewport: PHONE },
  { name: 'transactions', path: '/dashboard/transactions' },
  { name: 'returns', path: '/dashboard/returns' },
  { name: 'reports', path: '/dashboard/reports' },
  { name: 'reports at 390 px', path: '/dashboard/reports', roles: ['admin'], viewport: PHONE },
  { name: 'shifts', path: '/dashboard/shifts' },
  { name: 'shifts at 390 px', path: '/dashboard/shifts', roles: ['admin'], viewport: PHONE },
  {
    name: 'register, X report dialog',
    path: '/dashboard/pos',
    roles: ['cashier'],
    act: async (page) => {
      await ensureShiftOpen(page);
      await page.getByRole('button', { name: /^Shift R\d+$/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'X report' }).press('Enter');
      await openDialog(page, 'X report');
      await expect(page.getByTestId('expected-cash')).toBeVisible();
    },
  },
  { name: 'audit log', path: '/dashboard/audit-log' },
  { name: 'audit log at 390 px', path: '/dashboard/audit-log', roles: ['admin'], viewport: PHONE },
  { name: 'exceptions', path: '/dashboard/exceptions' },
  { name: 'exceptions at 390 px', path: exceptionsWithOneOpen, roles: ['admin'], viewport: PHONE },
  {
    name: 'exceptions, resolve dialog at 390 px',
    path: exceptionsWithOneOpen,
    roles: ['admin'],
    viewport: PHONE,
    act: openResolveDialog,
  },
  { name: 'import', path: '/dashboard/import' },
  { name: 'import at 390 px', path: '/dashboard/import', roles: ['admin'], viewport: PHONE },
  { name: 'import, an export checked (column mapping)', path: '/dashboard/import', roles: ['admin'], act: checkExport },
  {
    name: 'import, an export checked at 390 px',
    path: '/dashboard/import',
    roles: ['admin'],
    viewport: PHONE,
    act: checkExport,
  },
  { name: 'customers', path: '/dashboard/customers' },
  { name: 'customer detail', path: firstCustomerPath },
  { name: 'account ageing', path: '/dashboard/account-ageing', roles: ['manager', 'admin'] },
  { name: 'account ageing at 390 px', path: '/dashboard/account-ageing', roles: ['admin'], viewport: PHONE },
  { name: 'gift vouchers', path: '/dashboard/gift-vouchers', roles: ['manager', 'admin'] },
  { name: 'gift vouchers at 390 px', path: '/dashboard/gift-vouchers', roles: ['admin'], viewport: PHONE },
  { name: 'access denied (gift vouchers)', path: '/dashboard/gift-vouchers', roles: ['cashier'] },
  {
    name: 'register, Sell gift voucher dialog',
    path: '/dashboard/pos',
    roles: ['cashier'],
    act: async (page) => {
      await ensureShiftOpen(page);
      await page.getByRole('button', { name: /^Shift R\d+$/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Sell gift voucher' }).press('Enter');
      await openDialog(page, 'Sell gift voucher');
    },
  },
  { name: 'users', path: '/dashboard/users' },
  { name: 'settings', path: '/settings' },
  { name: 'branch management', path: '/dashboard/branch-management', roles: ['admin'] },
  { name: 'access denied (branch management)', path: '/dashboard/branch-management', roles: ['cashier'] },
];

const ROLES: Role[] = ['signed out', 'cashier', 'manager', 'admin'];

/**
 * The manager's screens are the admin's with fewer actions (one branch, no Super Admin cards), so the admin
 * checks every screen and the manager the ones whose content is its own: the dashboard and the register of its
 * branch, its reports, its settings, an item's prices by branch (its branch editable, the others read).
 */
const MANAGER_OWN = ['dashboard', 'register', 'reports', 'settings', 'item (prices by branch)'];
const checksAs = (role: Role, screen: Screen) =>
  (screen.roles ?? ['cashier', 'manager', 'admin']).includes(role) &&
  (role !== 'manager' || MANAGER_OWN.includes(screen.name));

/**
 * Where each screen state's popups are opened (./axe.ts): everywhere for the manager and the admin; for the
 * cashier on the cashier's own screens, the dashboard and the register (its dialogs too). The cashier's other
 * screens are the admin's with fewer actions, their popups checked as the admin.
 */
const CASHIER_OWN = ['/dashboard', '/dashboard/pos'];
const opensPopups = (role: Role, screen: Screen) =>
  role === 'admin' || role === 'manager' || (role === 'cashier' && CASHIER_OWN.includes(String(screen.path)));

for (const role of ROLES) {
  test.describe(`axe, ${role}`, () => {
    // One browser context per role, signed in once: each screen's test opens its own page in it, so the
    // service worker installs, the register enrols and its catalogue syncs once, not once per screen.
    let context: BrowserContext;

    test.beforeAll(async ({ browser }) => {
      // A fresh context (signed out); baseURL comes from the config.
      context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      if (role !== 'signed out') {
        const page = await context.newPage();
        await signInToDashboard(page, role);
        await page.close();
      }
    });
    test.afterAll(async () => {
      await context.close();
    });

    // The popups checked for this role (./axe.ts): the shell's once, a screen's once per thing they show.
    const seenPopups = new Set<string>();

    for (const screen of SCREENS.filter((s) => checksAs(role, s))) {
      test(screen.name, async () => {
        const page = await context.newPage();
        trackRequests(page);
        let finished = false;
        try {
          await page.setViewportSize(screen.viewport ?? DESKTOP);
          const target = typeof screen.path === 'string' ? screen.path : await screen.path(page, role);
          await page.goto(target);
          await settle(page);
          if (screen.act) {
            await screen.act(page);
            await settle(page);
          }
          await expectAccessible(page);
          if (opensPopups(role, screen)) {
            await expectPopupsAccessible(page, `${role} ${screen.name}`, seenPopups, role === 'admin');
          }
          finished = true;
        } finally {
          // A failure keeps what this page showed and where it was (Playwright's own screenshot is of the fixture's
          // page, which these tests do not use).
          // A page that cannot be photographed (it crashed) leaves the test's own error to speak.
          if (!finished || test.info().errors.length > 0) {
            await test.info().attach('address', { body: page.url(), contentType: 'text/plain' });
            const shot = test.info().outputPath('screen.png');
            await page.screenshot({ path: shot, fullPage: true }).then(
              () => test.info().attach('screen', { path: shot, contentType: 'image/png' }),
              () => undefined,
            );
          }
          // A screen that took the network away gives it back to the next one.
          await context.setOffline(false);
          await page.close();
        }
      });
    }
  });
}

/** The focus ring of the focused control: its own outline, or its label's (Mantine's segmented radios). */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const candidates = [
      el,
      el.nextElementSibling,
      el.parentElement,
      ...(el instanceof HTMLInputElement ? Array.from(el.labels ?? []) : []),
    ];
    for (const candidate of candidates) {
      if (!(candidate instanceof HTMLElement)) continue;
      const style = getComputedStyle(candidate);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) {
        return { ok: true as const, color: style.outlineColor, what: describe(el) };
      }
    }
    return { ok: false as const, color: '', what: describe(el) };
    function describe(node: HTMLElement) {
      return `${node.tagName.toLowerCase()} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 30)}"`;
    }
  });
}

/** WCAG contrast of an rgb() colour against white. */
function contrastOnWhite(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
    const s = Number(v) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

/** Tabs through `stops` controls; each shows a ring of 2px or more at 3:1 or more against the white page. */
async function expectFocusRings(page: Page, stops: number) {
  const seen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    if (!ring) continue;
    seen.push(ring.what);
    expect.soft(ring.ok, `a visible focus ring on ${ring.what}`).toBe(true);
    if (ring.ok) expect.soft(contrastOnWhite(ring.color), `ring contrast on ${ring.what}`).toBeGreaterThanOrEqual(3);
  }
  expect(seen.length).toBeGreaterThan(0);
}

test.describe('while a screen loads', () => {
  // The service worker would serve the screen's code from its cache, past the route that holds it back.
  test.use({ serviceWorkers: 'block' });

  test("the cashier's dashboard under its screen loader: a loader named as a progress bar", async ({ page }) => {
    await signInToDashboard(page, 'cashier');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/dashboard-page-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    await expectNoSeriousWcag(page, 'the screen loader');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
  });
});

test.describe('keyboard and focus', () => {
  test('sign-in has the focus in Username on arrival, and every control shows a focus ring', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeFocused();
    await expectFocusRings(page, 4);
  });

  test('a skip link leads past the header and the navigation to the main content', async ({ page }) => {
    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The next stop is inside the main content (the customers' search), not the header or the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
  });

  test('the register and the Payment dialog show a focus ring on every control', async ({ page }) => {
    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/pos');
    await ensureShiftOpen(page);
    await expect(page.getByTestId('product-tile').first()).toBeVisible();
    await page.getByLabel('Barcode').fill('BEV-COLA-15');
    await page.getByLabel('Barcode').press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await expectFocusRings(page, 40);
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Payment' })).toBeVisible();
    await expectFocusRings(page, 6);
  });

  test('customers open from the list by keyboard', async ({ page }) => {
    await signInToDashboard(page, 'cashier');
    await page.goto('/dashboard/customers');
    const firstName = page.getByRole('table', { name: 'Customers' }).getByRole('link').first();
    const name = (await firstName.textContent()) ?? '';
    await firstName.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/customers\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});

/** The Exceptions screen with at least one open exception: an offline sale synced past the discount limit. */
async function exceptionsWithOneOpen(page: Page): Promise<string> {
  const cashier = await apiSession(page, 'cashier');
  const manager = await apiSession(page, 'manager');
  const product = await createProductViaApi(page, manager, { name: `A11y exception ${Date.now()}`, price: 40 });
  await uploadOfflineSaleViaApi(page, { cashier, manager }, { product, discountPercent: 95 });
  return '/dashboard/exceptions';
}

/** A Shopify export with a row in error, checked: its column mapping and errors on screen. */
async function checkExport(page: Page) {
  const sample = readFileSync(path.join(process.cwd(), 'apps/server/test/fixtures/imports/shopify-products.csv'));
  const buffer = Buffer.from(sample.toString('utf8').replace('3650.00', '-1'));
  await page.locator('input[type="file"]').setInputFiles({ name: 'products_export.csv', mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('heading', { name: 'Column mapping' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rows with errors' })).toBeVisible();
}

async function openResolveDialog(page: Page) {
  await page
    .getByRole('button', { name: /^Resolve / })
    .first()
    .click();
  await openDialog(page, 'Resolve exception');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('A note is required')).toBeVisible();
}
