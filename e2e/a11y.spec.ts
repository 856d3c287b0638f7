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

const SCREENS: Screen[] = [
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
