import { mkdirSync } from 'node:fs';
import { createProductViaApi } from './api';
import { type Browser, expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, expectToast, LONG_FLOW_MS, signInToDashboard, unique, uniqueUsername } from './helpers';

const SHOTS = process.env.SCREENS_DIR ?? 'test-results/transfers-screens';

type Branch = { id: string; name: string; isMain?: boolean };

/** The demo company's branches (Main and Gulberg), as the admin's session lists them. */
async function demoBranches(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const { access_token: token, user } = await login.json();
  const company = user.company[0];
  const branches: Branch[] = company.branches;
  const main = branches.find((b) => b.isMain);
  const other = branches.find((b) => !b.isMain);
  if (!main || !other) throw new Error('the demo data has two branches');
  return { headers: { Authorization: `Bearer ${token}` }, companyId: company.id as string, main, other };
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

async function openMovements(page: Page, productName: string) {
  await page.goto('/dashboard/inventory');
  await page.getByRole('tab', { name: 'Movement History' }).click();
  const rows = page.getByTestId('movement-row').filter({ hasText: productName });
  await expect(rows.first()).toBeVisible();
  return rows;
}

test.describe('transfers', () => {
  test('a manager sends a transfer; the other branch manager receives it with one damaged unit', async ({
    page,
    browser,
  }) => {
    test.setTimeout(LONG_FLOW_MS);
    mkdirSync(SHOTS, { recursive: true });
    const { headers, companyId, main, other } = await demoBranches(page);

    // A product of the main branch with known stock, and a manager for the other branch.
    const sku = `TRF-E2E-${Date.now().toString(36)}`.toUpperCase();
    const productName = unique('Transfer Tea');
    await createProductViaApi(
      page,
      { headers, branchId: main.id },
      { name: productName, sku, price: 90, cost: 60, stockQuantity: 12 },
    );
    const receiver = uniqueUsername('gulberg_manager');
    const user = await page.request.post('/api/users', {
      headers,
      data: {
        name: 'Gulberg Receiver',
        email: `${receiver}@example.com`,
        username: receiver,
        password: DEMO_PASSWORD,
        roleIds: [2],
        companyId,
        branchId: other.id,
      },
    });
    expect(user.status(), await user.text()).toBe(201);

    // The main branch's manager drafts and sends 4 units.
    await signInToDashboard(page, 'manager');
    await page.getByRole('link', { name: 'Transfers', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New Transfer' }).click();
    await expect(page.getByRole('heading', { name: 'New Transfer' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Send to' }).click();
    await page.getByRole('option', { name: other.name }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill('Weekend top-up');
    const picker = page.getByRole('combobox', { name: 'Add product' });
    await picker.click();
    await picker.fill(sku);
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await page.getByRole('textbox', { name: `Quantity of ${productName}` }).fill('4');
    await page.screenshot({ path: `${SHOTS}/transfer-draft.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByTestId('transfer-status')).toHaveText('Draft');
    const number = ((await page.getByRole('heading', { level: 1 }).innerText()).match(/TRF-\d+/) ?? [''])[0];
    expect(number).toMatch(/^TRF-\d{6}$/);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Send transfer' });
    await expect(confirm).toContainText(`Send 4 units to ${other.name}?`);
    await confirm.getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(page, `Transfer ${number} sent`);
    await expect(page.getByTestId('transfer-status')).toHaveText('In transit');
    await page.screenshot({ path: `${SHOTS}/transfer-sent.png`, fullPage: true });

    const outRows = await openMovements(page, productName);
    await expect(outRows.filter({ hasText: 'Transfer Out' })).toContainText('12 → 8');

    // The other branch's manager receives: two scans, a typed damaged unit; one unit stays missing.
    const gulberg = await newPage(browser);
    await signInToDashboard(gulberg, receiver);
    // The shell opens on the company's main branch: the receiver switches to their own.
    const branchPicker = gulberg.getByRole('banner').getByRole('textbox', { name: 'Branch', exact: true });
    await branchPicker.click();
    await gulberg.getByRole('option', { name: other.name }).click();
    await expect(branchPicker).toHaveValue(other.name);
    await gulberg.getByRole('link', { name: 'Transfers', exact: true }).click();
    await expect(gulberg.getByRole('tab', { name: 'Incoming' })).toHaveAttribute('aria-selected', 'true');
    const row = gulberg.getByTestId('transfer-row').filter({ hasText: number });
    await expect(row).toContainText('In transit');
    await expect(row).toContainText(main.name);
    await gulberg.screenshot({ path: `${SHOTS}/transfers-incoming.png`, fullPage: true });
    await row.getByRole('link', { name: number }).click();

    // The receive panel opens with the focus in its scan field: a scanner (keystrokes and Enter) lands there.
    const scan = gulberg.getByRole('textbox', { name: 'Scan barcode or SKU' });
    await expect(scan).toBeFocused();
    await gulberg.keyboard.type(sku.toLowerCase());
    await gulberg.keyboard.press('Enter');
    await expect(gulberg.getByRole('status').filter({ hasText: `+1 ${productName}` })).toBeVisible();
    await scan.fill(sku);
    await scan.press('Enter');
    await scan.fill('NO-SUCH-CODE');
    await scan.press('Enter');
    await expect(gulberg.getByText('NO-SUCH-CODE is not on this transfer')).toBeVisible();
    await expect(gulberg.getByRole('textbox', { name: `Received of ${productName}` })).toHaveValue('2');
    await gulberg.getByRole('textbox', { name: `Damaged of ${productName}` }).fill('1');
    await expect(gulberg.getByTestId('receive-line')).toContainText('1');
    await gulberg.screenshot({ path: `${SHOTS}/transfer-receive.png`, fullPage: true });
    await gulberg.getByRole('button', { name: 'Record Receipt' }).focus();
    await gulberg.keyboard.press('Enter');
    // Seen, not dismissed: a click on its close button would take the focus this test follows.
    await expect(gulberg.getByRole('alert').filter({ hasText: 'Receipt recorded' })).toBeVisible();
    const line = gulberg.getByTestId('transfer-line');
    await expect(line).toContainText(productName);
    await expect(line.getByRole('cell')).toHaveText([productName, sku, '4', '2', '1', '1']);
    // After the receipt the focus is back in the scan field: the next scanned code counts on the open line.
    await expect(scan).toBeFocused();
    await gulberg.keyboard.type(sku);
    await gulberg.keyboard.press('Enter');
    await expect(gulberg.getByRole('status').filter({ hasText: `+1 ${productName}` })).toBeVisible();
    await expect(gulberg.getByRole('textbox', { name: `Received of ${productName}` })).toHaveValue('1');
    await expect(scan).toBeFocused();

    // The last unit never came: the manager closes the transfer with it missing.
    await gulberg.getByRole('button', { name: 'Close Transfer' }).click();
    const closing = gulberg.getByRole('dialog', { name: 'Close transfer' });
    await expect(closing).toContainText('Close with 1 units not received written off as missing?');
    await closing.getByRole('textbox', { name: 'Note' }).fill('Lost on the way');
    await closing.getByRole('button', { name: 'Close Transfer' }).click();
    await expectToast(gulberg, `Transfer ${number} closed`);
    await expect(gulberg.getByTestId('transfer-status')).toHaveText('Closed');
    await gulberg.screenshot({ path: `${SHOTS}/transfer-closed.png`, fullPage: true });

    // The receiving branch's history: the units that arrived came in, the damaged one went out.
    const inRows = await openMovements(gulberg, productName);
    await expect(inRows.filter({ hasText: 'Transfer In' })).toContainText('0 → 3');
    await expect(inRows.filter({ hasText: 'Damage' })).toContainText('3 → 2');
    await gulberg.screenshot({ path: `${SHOTS}/transfer-movements.png`, fullPage: true });

    // A write-off at the sending branch: an expired unit leaves stock with its reason.
    await page.goto('/dashboard/inventory');
    await page.getByRole('button', { name: 'Write Off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write Off Stock' });
    const product = dialog.getByRole('combobox', { name: 'Product' });
    await product.click();
    await product.fill(sku);
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await dialog.getByText('Expired', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('1');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Past best before');
    await page.screenshot({ path: `${SHOTS}/write-off.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Write Off' }).click();
    await expectToast(page, '1 unit written off (expiry)');
    const history = await openMovements(page, productName);
    await expect(history.filter({ hasText: 'Expiry' })).toContainText('Past best before');
    await expect(history.filter({ hasText: 'Expiry' })).toContainText('8 → 7');
  });
  test('two T-Shirts in size M sent to Gulberg land on its listing of the same variant', async ({ page }) => {
    const { headers, main, other } = await demoBranches(page);
    /** The branch's listing of the T-shirt's size M (the demo's SKU APP-TEE-M): one per branch. */
    const listing = async (branchId: string) => {
      const res = await page.request.get(`/api/products?branchId=${branchId}&sku=APP-TEE-M`, { headers });
      const rows: { id: string; name: string; stockQuantity: number }[] = (await res.json()).data;
      expect(rows, 'one listing of T-Shirt / M').toHaveLength(1);
      return rows[0] as { id: string; name: string; stockQuantity: number };
    };
    const source = await listing(main.id);
    const before = await listing(other.id);
    expect(source.id).not.toBe(before.id);

    // The main branch's manager sends 2 of size M.
    await signInToDashboard(page, 'manager');
    await page.getByRole('link', { name: 'Transfers', exact: true }).click();
    await page.getByRole('button', { name: 'New Transfer' }).click();
    await page.getByRole('combobox', { name: 'Send to' }).click();
    await page.getByRole('option', { name: other.name }).click();
    const picker = page.getByRole('combobox', { name: 'Add product' });
    await picker.click();
    await picker.fill('APP-TEE-M');
    await page.getByRole('option', { name: /T-Shirt \/ M/ }).click();
    await page.getByRole('textbox', { name: 'Quantity of T-Shirt / M' }).fill('2');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByTestId('transfer-status')).toHaveText('Draft');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Send transfer' });
    await expect(confirm).toContainText(`Send 2 units to ${other.name}?`);
    await confirm.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('transfer-status')).toHaveText('In transit');
    const transferId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // Received in full at Gulberg (the admin, through the API): the line names Gulberg's own listing.
    const detail = await (await page.request.get(`/api/transfers/${transferId}`, { headers })).json();
    const line = detail.data.lines[0];
    const received = await page.request.post(`/api/transfers/${transferId}/receive`, {
      headers,
      data: { lines: [{ lineId: line.id, received: 2, damaged: 0 }] },
    });
    expect(received.status(), await received.text()).toBe(200);
    const after = await received.json();
    expect(after.data.lines[0].destinationProductId).toBe(before.id);
    const landed = await listing(other.id);
    expect(landed.id).toBe(before.id);
    expect(landed.stockQuantity).toBe(before.stockQuantity + 2);
    expect(landed.name).toBe('T-Shirt / M');
  });
});
