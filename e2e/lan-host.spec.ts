import config from '../playwright.config';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, ensureShiftOpen } from './helpers';

// A shop's second register opens the app at http://<LAN name or address>:3000. Chromium
// maps the name pos-lan.test to this machine, so the page is served over plain HTTP from a host
// that is not localhost: HSTS or the CSP's upgrade-insecure-requests would turn every script request
// into https and leave a blank page.
const baseArgs = config.use?.launchOptions?.args ?? [];

test.use({
  // The worker's server (./servers.ts) under the LAN name.
  baseURL: async ({ serverURL }, use) => use(serverURL.replace('127.0.0.1', 'pos-lan.test')),
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, '--host-resolver-rules=MAP pos-lan.test 127.0.0.1'],
  },
});

test('a cashier signs in and completes a sale through a LAN host name over plain HTTP', async ({
  page,
  context,
  baseURL,
}) => {
  const insecureRequests: string[] = [];
  page.on('request', (req) => {
    if (req.url().startsWith('https://')) insecureRequests.push(req.url());
  });
  // The page renders at all (the finding was a blank page), and signing in works; by keyboard.
  await page.goto('/login');
  await page.getByLabel('Username').fill('cashier');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(new URL(page.url()).origin).toBe(baseURL);

  await page.goto('/dashboard/pos');

  await ensureShiftOpen(page);
  await page.getByLabel('Search Products').fill('Cola 1.5L');
  await expect(page.getByRole('button', { name: 'Add Cola 1.5L to cart' })).toBeVisible();
  const barcode = page.getByLabel('Barcode');
  await barcode.focus();
  await page.keyboard.type('BEV-COLA-15');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  await page.keyboard.press('ControlOrMeta+p');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount Received')).toBeFocused();
  await page.keyboard.type('1000');
  const popup = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment processed successfully')).toBeVisible();
  await popup;
  await expect(page.getByText('Cart is empty')).toBeVisible();
  await page.screenshot({ path: '/work/screens/h2/lan-host-register.png' });
  expect(insecureRequests).toEqual([]);
});
