import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInToDashboard(page: Page, username: string, password = DEMO_PASSWORD) {
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
}

/** A token for API calls made by the test itself (setup data), through the real server. */
export async function apiToken(page: Page, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).access_token;
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A unique username (no spaces, which usernames may not contain). */
export const uniqueUsername = (prefix: string) => unique(prefix).replace(/\s+/g, '_').toLowerCase();

/**
 * Expects a toast (Mantine notification, role alert) with this message, then dismisses it, so a later
 * toast with the same message is a new one and not this one still on screen.
 */
export async function expectToast(page: Page, message: string) {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
}
