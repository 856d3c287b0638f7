import { expect, test } from './fixtures';
import { signIn, unique } from './helpers';

// 'founder' is a Super Admin without a company, created by scripts/e2e-server.mjs (ADMIN_USERNAME).
const FOUNDER = { username: 'founder', password: 'Founder123' };
const NEW_PASSWORD = 'Changed456';

test.describe
  .serial('a new Super Admin', () => {
    test('goes company setup -> branch setup -> dashboard, with every validation message on the way', async ({
      page,
    }) => {
      await signIn(page, FOUNDER.username, FOUNDER.password);
      await expect(page).toHaveURL(/\/company-setup$/);
      await expect(page.getByText('Company Setup')).toBeVisible();

      const submit = page.getByRole('button', { name: 'Continue to Branch Setup' });
      await page.getByLabel('Company Name').fill('A');
      await page.getByLabel('Phone').fill('123');
      await page.getByLabel('Email').fill('not-an-email');
      await submit.click();
      await expect(page.getByText('Company name is required')).toBeVisible();
      await expect(page.getByText('Invalid phone number')).toBeVisible();
      await expect(page.getByText('Invalid email')).toBeVisible();
      await expect(page.getByText('Address is required')).toBeVisible();

      const company = unique('Founder Foods');
      await page.getByLabel('Company Name').fill(company);
      await page.getByLabel('Address').fill('1 Canal Bank, Lahore');
      await page.getByLabel('Phone').fill('042-35550000');
      await page.getByLabel('Email').fill('owner@founder.example');
      await submit.click();
      await expect(page.getByText('Company created successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/branch-setup$/);

      await expect(page.getByText('Branch Setup')).toBeVisible();
      const create = page.getByRole('button', { name: 'Create Branch' });
      await page.getByLabel('Branch Name').fill('X');
      await page.getByLabel('Address').fill('abc');
      await page.getByLabel('Phone').fill('42');
      await create.click();
      await expect(page.getByText('Branch name is required')).toBeVisible();
      await expect(page.getByText('Address is required')).toBeVisible();
      await expect(page.getByText('Invalid phone number')).toBeVisible();

      await page.getByLabel('Branch Name').fill('Founder Main');
      await page.getByLabel('Address').fill('1 Canal Bank, Lahore');
      await page.getByLabel('Phone').fill('042-35550001');
      await create.click();
      await expect(page.getByText('Branch created successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
      await expect(page.getByText('Founder Main').first()).toBeVisible();
    });

    test('branch setup without a company says No company selected and goes to company setup', async ({ page }) => {
      await signIn(page, FOUNDER.username, FOUNDER.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/branch-setup');
      await expect(page.getByText('No company selected')).toBeVisible();
      await expect(page).toHaveURL(/\/company-setup$/);
    });

    test('changes the password: the validation messages, the old session gets 401, the new password signs in', async ({
      browser,
    }) => {
      // A second session, signed in before the change, must be revoked by it.
      const otherContext = await browser.newContext();
      const other = await otherContext.newPage();
      await signIn(other, FOUNDER.username, FOUNDER.password);
      await expect(other).toHaveURL(/\/dashboard$/);

      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, FOUNDER.username, FOUNDER.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/settings');

      const change = page.getByRole('button', { name: 'Change Password' });
      await change.click();
      await expect(page.getByText('Current password is required')).toBeVisible();
      await expect(page.getByText('New password is required')).toBeVisible();
      await expect(page.getByText('Please confirm your new password')).toBeVisible();

      await page.getByLabel('Current Password').fill(FOUNDER.password);
      await page.getByLabel('New Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm New Password').fill('other');
      await change.click();
      await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expect(page.getByText('Weak')).toBeVisible();

      await page.getByLabel('New Password', { exact: true }).fill('alllowercase1');
      await change.click();
      await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill('ALLUPPERCASE1');
      await change.click();
      await expect(page.getByText('Password must contain at least one lowercase letter')).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill('NoNumbersHere');
      await change.click();
      await expect(page.getByText('Password must contain at least one number')).toBeVisible();
      // Meets every rule of the form; the server refuses it as a common password, on the field.
      await page.getByLabel('New Password', { exact: true }).fill('Password1');
      await page.getByLabel('Confirm New Password').fill('Password1');
      await change.click();
      await expect(page.getByText('This password is too common. Choose another one.').first()).toBeVisible();

      await page.getByLabel('Current Password').fill('WrongOld123');
      await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
      await expect(page.getByText('Strong')).toBeVisible();
      await change.click();
      await expect(page.getByText('Current password is incorrect').first()).toBeVisible();

      await page.getByLabel('Current Password').fill(FOUNDER.password);
      await change.click();
      await expect(page.getByText('Password changed successfully.')).toBeVisible();

      // This session goes on working with its fresh token.
      await page.goto('/dashboard/branch-management');
      await expect(page).toHaveURL(/\/dashboard\/branch-management$/);

      // The other session is revoked: its next call gets 401 and it lands on /login.
      await other.goto('/dashboard/branch-management');
      await expect(other).toHaveURL(/\/login$/);

      // The old password no longer works; the new one does.
      await signIn(other, FOUNDER.username, FOUNDER.password);
      await expect(other.getByText('Invalid credentials')).toBeVisible();
      await signIn(other, FOUNDER.username, NEW_PASSWORD);
      await expect(other).toHaveURL(/\/dashboard$/);

      await otherContext.close();
      await context.close();
    });
  });
