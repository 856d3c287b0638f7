import { expect, test } from './fixtures';
import { ensureShiftOpen, signInToDashboard } from './helpers';

// Screenshots for a person to look at: under test-results (SCREENS_DIR to keep them elsewhere).
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const PIN = '2468';
// The browser far from the branch (Main Branch: Asia/Karachi): the audit log shows the branch's times.
test.use({ timezoneId: 'America/New_York' });
const karachiTime = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Karachi',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(date)
    .replace(',', '');

// Demo data: Main Branch, a cashier's maximum discount of 10 % (the branch default); Cola 1.5L (BEV-COLA-15).
test("a cashier's discount above the limit is approved with the manager's PIN, and the audit log lists it", async ({
  page,
  context,
}) => {
  // The manager sets an approval PIN in Settings and sees the branch's register rules.
  await signInToDashboard(page, 'manager');
  await page.goto('/settings');
  const rules = page.getByRole('form', { name: 'Register rules' });
  await expect(rules.getByLabel("Cashier's maximum discount (%)")).toHaveValue('10');
  await page.getByLabel(/PIN \(4-8 digits\)/).fill(PIN);
  await page.getByRole('button', { name: /^(Set|Change) PIN$/ }).click();
  await expect(page.getByText('Approval PIN saved.')).toBeVisible();
  await expect(page.getByText('PIN set', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/settings-approval.png`, fullPage: true });
  await page.getByRole('button', { name: /user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The cashier gives 25 % off and pays by card: the server wants a manager, the register asks.
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  await ensureShiftOpen(page);
  const barcode = page.getByLabel('Barcode');
  await barcode.fill('BEV-COLA-15');
  await barcode.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  // What the register sends: the PIN goes to the grant route only, never with a sale.
  const sales: string[] = [];
  const grants: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/transactions')) sales.push(request.postData() ?? '');
    if (request.url().endsWith('/api/approvals/grants')) grants.push(request.postData() ?? '');
  });
  await page.getByLabel('Discount (%)').fill('25');
  await page.getByLabel('Discount (%)').press('Tab');
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payment.getByText('Card', { exact: true }).click();
  await payment.getByRole('button', { name: 'Complete Payment' }).click();

  const approval = page.getByRole('dialog', { name: 'Manager approval' });
  await expect(approval).toBeVisible();
  await expect(approval).toContainText("Discount above the cashier's limit of 10%");
  // A wrong PIN is refused and asked again.
  await approval.getByLabel('Manager username').fill('manager');
  await approval.getByLabel('PIN').fill('0000');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(approval.getByRole('alert')).toContainText('Approval refused: wrong username or PIN');
  await page.screenshot({ path: `${SCREENS}/register-approval.png` });
  await approval.getByLabel('PIN').fill(PIN);
  const popup = context.waitForEvent('page');
  const approvedFrom = new Date();
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Payment processed successfully')).toBeVisible();
  const approvedBy = new Date();
  await popup;
  await expect(page.getByText('Cart is empty')).toBeVisible();
  // Two grants asked (the wrong PIN, then the right one), two sales sent: without approval, then with the grant.
  expect(grants).toHaveLength(2);
  expect(sales).toHaveLength(2);
  expect(sales.every((body) => !body.includes('"pin"'))).toBe(true);
  expect(JSON.parse(sales[1] ?? '{}')).toMatchObject({ approval_grant_id: expect.any(String) });

  // The admin's audit log lists the override: the cashier, approved by the manager.
  await page.getByRole('button', { name: /user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Signed out (the server told first): going to the sign-in page sooner would leave the session.
  await expect(page).toHaveURL(/\/login$/);
  await signInToDashboard(page, 'admin');
  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: /Discount above the limit/ }).click();
  const table = page.getByRole('table', { name: 'Audit log entries' });
  const row = table.getByRole('row').filter({ hasText: 'Discount above the limit' }).first();
  await expect(row).toContainText('Sana Cashier');
  await expect(row).toContainText('Bilal Manager');
  // When: the branch's clock, not the browser's (the minute may have turned while approving).
  const when = (await row.getByRole('cell').first().textContent()) ?? '';
  expect([karachiTime(approvedFrom), karachiTime(approvedBy)]).toContain(when);
  await page.screenshot({ path: `${SCREENS}/audit-log.png`, fullPage: true });
  await row.getByRole('button', { name: /^View details:/ }).click();
  const detail = page.getByRole('dialog', { name: 'Audit entry' });
  await expect(detail).toContainText('"discountValue": 25');
  await page.screenshot({ path: `${SCREENS}/audit-log-detail.png` });
});
