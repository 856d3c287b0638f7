import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiSession } from './api';
import { signInToDashboard } from './helpers';

/**
 * WCAG 2.1 AA in every run: axe-core on every main screen, as a cashier and as an admin, in the
 * states a till sees (dialogs open, a phone's width). A screen added to the product joins SCREENS.
 */

type Role = 'cashier' | 'admin' | 'signed out';
type Viewport = { width: number; height: number };

type Screen = {
  name: string;
  /** The route, or how to find it (a customer's detail needs a customer). */
  path: string | ((page: Page, role: Role) => Promise<string>);
  /** Who sees it; the default is the cashier and the admin. */
  roles?: Role[];
  viewport?: Viewport;
  /** Brings the screen into the state to check (a tab, a dialog). */
  act?: (page: Page) => Promise<void>;
};

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 390, height: 844 };

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Structure the issue asks for beyond the WCAG tags (axe files these under best practices). */
const STRUCTURE_RULES = [
  'page-has-heading-one',
  'heading-order',
  'landmark-one-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'label-content-name-mismatch',
];

async function registerReady(page: Page) {
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
}

async function openDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // Past the opening transition, so colours are measured as they end up.
  await expect(dialog).toHaveCSS('opacity', '1');
}

async function addFirstProductAndPay(page: Page) {
  await registerReady(page);
  await page.locator('[data-testid="product-tile"]:not([disabled])').first().click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  await openDialog(page, 'Payment');
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

export const SCREENS: Screen[] = [
  { name: 'sign-in', path: '/login', roles: ['signed out'] },
  { name: 'sign-in at 390 px', path: '/login', roles: ['signed out'], viewport: PHONE },
  { name: 'page not found', path: '/no-such-page', roles: ['signed out', 'cashier', 'admin'] },
  { name: 'dashboard', path: '/dashboard' },
  { name: 'dashboard at 390 px', path: '/dashboard', viewport: PHONE },
  { name: 'register', path: '/dashboard/pos', act: registerReady },
  { name: 'register at 390 px', path: '/dashboard/pos', viewport: PHONE, act: registerReady },
  { name: 'register, Payment dialog', path: '/dashboard/pos', act: addFirstProductAndPay },
  {
    name: 'register, Keyboard Shortcuts dialog',
    path: '/dashboard/pos',
    act: async (page) => {
      await registerReady(page);
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await openDialog(page, 'Keyboard Shortcuts');
    },
  },
  { name: 'products', path: '/dashboard/products' },
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
  { name: 'transactions', path: '/dashboard/transactions' },
  { name: 'returns', path: '/dashboard/returns' },
  { name: 'customers', path: '/dashboard/customers' },
  { name: 'customer detail', path: firstCustomerPath },
  { name: 'users', path: '/dashboard/users' },
  { name: 'settings', path: '/settings' },
  { name: 'branch management', path: '/dashboard/branch-management', roles: ['admin'] },
  { name: 'access denied (branch management)', path: '/dashboard/branch-management', roles: ['cashier'] },
];

type Finding = { rule: string; impact: string; help: string; targets: string[] };

const findingsOf = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): Finding[] =>
  violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes
      .slice(0, 5)
      .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n')[1]?.trim()})` : ''}`),
  }));

/** Waits until the data has arrived: no request in flight, no loader turning. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function expectAccessible(page: Page) {
  const wcag = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = findingsOf(wcag.violations).filter((f) => f.impact === 'critical' || f.impact === 'serious');
  const minor = findingsOf(wcag.violations).filter((f) => f.impact !== 'critical' && f.impact !== 'serious');
  if (minor.length > 0)
    test.info().annotations.push({ type: 'axe (moderate/minor)', description: JSON.stringify(minor) });
  expect.soft(serious, 'critical and serious WCAG 2.1 AA violations').toEqual([]);

  const structure = await new AxeBuilder({ page }).withRules(STRUCTURE_RULES).analyze();
  expect.soft(findingsOf(structure.violations), 'headings and landmarks').toEqual([]);
  // One level-1 heading per screen state.
  await expect(page.locator('h1:visible')).toHaveCount(1);
}

const ROLES: Role[] = ['signed out', 'cashier', 'admin'];

for (const role of ROLES) {
  test.describe(`axe, ${role}`, () => {
    // The signed-in session (local storage), made once per role and reused by every screen's test.
    const stateFile = path.join(
      os.tmpdir(),
      `pos-a11y-${process.env.E2E_PORT ?? 'e2e'}-${role.replace(' ', '-')}.json`,
    );

    test.beforeAll(async ({ browser }) => {
      // A fresh context (the describe's storage state does not exist yet); baseURL comes from the config.
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      if (role !== 'signed out') await signInToDashboard(page, role);
      await context.storageState({ path: stateFile });
      await context.close();
    });
    test.use({ storageState: stateFile });

    for (const screen of SCREENS.filter((s) => (s.roles ?? ['cashier', 'admin']).includes(role))) {
      test(screen.name, async ({ page }) => {
        await page.setViewportSize(screen.viewport ?? DESKTOP);
        const target = typeof screen.path === 'string' ? screen.path : await screen.path(page, role);
        await page.goto(target);
        await settle(page);
        await screen.act?.(page);
        await settle(page);
        await expectAccessible(page);
      });
    }
  });
}
