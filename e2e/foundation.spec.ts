import { expect, test } from './fixtures';
import { signIn, signInToDashboard, unique } from './helpers';

test.describe('sign-in', () => {
  test('/ goes to /login, and protected routes send a signed-out visitor there', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard/branch-management');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the validation messages on submit', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows Invalid credentials', async ({ page }) => {
    await signIn(page, 'admin', 'wrong-password');
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const username of ['admin', 'manager', 'cashier']) {
    test(`demo user ${username} signs in to the dashboard`, async ({ page }) => {
      await signInToDashboard(page, username);
      await expect(page.getByText('Login successful!')).toBeVisible();
      await expect(page.getByText('POS System')).toBeVisible();
      // The session is persisted under the key the spec names.
      const stored = await page.evaluate(() => localStorage.getItem('user-storage'));
      expect(JSON.parse(stored ?? '{}').state?.token).toBeTruthy();
    });
  }
});

test('an unknown route shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take me back' })).toBeVisible();
});

test('a cashier has both pickers disabled, no Branch Management, and Access Denied on its URL', async ({ page }) => {
  await signInToDashboard(page, 'cashier');
  await expect(page.getByRole('textbox', { name: 'Your company' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Your branch' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Point of Sale' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Branch Management' })).toHaveCount(0);
  await page.goto('/dashboard/branch-management');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(
    page.getByText("You don't have permission to access this page. Only administrators can manage branches."),
  ).toBeVisible();
});

test('branch management creates a branch that then appears in the branch picker', async ({ page }) => {
  await signInToDashboard(page, 'admin');
  await page.getByRole('link', { name: 'Branch Management' }).click();
  await expect(page).toHaveURL(/\/dashboard\/branch-management$/);
  await expect(page.getByRole('cell', { name: 'Main Branch' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Create New Branch' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Branch' }).click();
  await expect(dialog.getByText('Branch name is required')).toBeVisible();
  await expect(dialog.getByText('Address is required')).toBeVisible();
  await expect(dialog.getByText('Invalid phone number')).toBeVisible();

  const name = unique('Airport');
  await dialog.getByLabel('Company').click();
  await page.getByRole('option', { name: 'Demo Mart' }).click();
  await dialog.getByLabel('Branch Name').fill(name);
  await dialog.getByLabel('Address').fill('Terminal 1, Airport Road');
  await dialog.getByLabel('Phone').fill('0300-5556667');
  await dialog.getByRole('button', { name: 'Create Branch' }).click();
  await expect(page.getByRole('cell', { name })).toBeVisible();

  await page
    .getByRole('textbox', { name: /branch/i })
    .first()
    .click();
  await expect(page.getByRole('option', { name })).toBeVisible();
});

test('the tax form shows its validation messages and saves a rate', async ({ page }) => {
  await signInToDashboard(page, 'admin');
  await page.goto('/settings');
  // The tax classes, tax, currency, tax registration (NTN, STRN) and scale label cards are the Super Admin's.
  await expect(page.getByText('Super Admin Only')).toHaveCount(5);
  const tax = page.getByLabel('Tax Rate (%)');
  const save = page.getByRole('button', { name: 'Update Tax Rate' });
  await tax.fill('-1');
  await save.click();
  await expect(page.getByText('Tax rate cannot be negative')).toBeVisible();
  await tax.fill('101');
  await save.click();
  await expect(page.getByText('Tax rate cannot exceed 100%')).toBeVisible();
  await tax.fill('');
  await save.click();
  await expect(page.getByText('Tax rate is required')).toBeVisible();
  await tax.fill('7.5');
  await save.click();
  await expect(page.getByText('Tax rate updated successfully.')).toBeVisible();
});

test('the web app is sent compressed to browsers that accept it', async ({ page }) => {
  const html = await (await page.request.get('/login')).text();
  const script = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  for (const encoding of ['br', 'gzip']) {
    const res = await page.request.get(script as string, { headers: { 'accept-encoding': encoding } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe(encoding);
  }
  // A browser with nothing in common gets the file as it is.
  const plain = await page.request.get(script as string, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.text()).length).toBeGreaterThan(1000);
});
