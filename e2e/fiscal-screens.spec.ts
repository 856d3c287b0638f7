import { mkdirSync } from 'node:fs';
import { apiSession, findProduct, sellViaApi } from './api';
import { expectNoSeriousWcag, settle } from './axe';
import { startFbrSimulator } from './fbr-sim';
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures';
import { DEMO_PASSWORD, expectToast, signInToDashboard } from './helpers';

// The screens of fiscal reporting (docs/architecture/fiscal.md): the Super Admin's "Fiscal reporting (FBR)" card
// in Settings and the dashboard's FBR panel. Main Branch reports to the FBR simulator (the server's build,
// apps/server/dist/fbr-sim.js, on a free port) for this spec and stops at the end: the e2e database is shared by
// every spec. Demo data: Main Branch sells Cola 1.5L (BEV-COLA-15).

const SHOTS = '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const REFUSAL = { code: '0401', message: 'PCT code 2202.1010 is not valid for this item' };

let stopSimulator: (() => void) | undefined;
let simUrl = '';
let api: APIRequestContext;
let admin: Record<string, string>;
let branchId = '';

/** The branch's failed fiscal invoices through the API. */
async function failedUsins(): Promise<string[]> {
  const res = await api.get('/api/fiscal/documents', {
    headers: admin,
    params: { branchId, status: 'failed', page: 1, limit: 100 },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.map((d: { usin: string }) => d.usin);
}

/** The card or panel at a desktop's and a phone's width, for a person to look at. */
async function shoot(page: Page, what: Locator, name: string) {
  for (const width of [DESKTOP.width, PHONE.width]) {
    // Taller than the element, so the shell's fixed header does not cover a part of it.
    await page.setViewportSize({ width, height: 2_000 });
    await what.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

test.describe
  .serial('the fiscal screens', () => {
    test.beforeAll(async ({ playwright, serverURL }) => {
      mkdirSync(SHOTS, { recursive: true });
      api = await playwright.request.newContext({ baseURL: serverURL });
      ({ url: simUrl, stop: stopSimulator } = await startFbrSimulator());
      const login = await api.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
      expect(login.ok()).toBeTruthy();
      const { access_token: token, user } = await login.json();
      admin = { Authorization: `Bearer ${token}` };
      branchId = user.company[0].branches.find((b: { isMain?: boolean }) => b.isMain).id;
      // A register of the branch for its row in the card (the specs before may have enrolled others).
      const enrol = await api.post('/api/registers', {
        headers: admin,
        data: { branchId, deviceId: 'e2e-fiscal-screens' },
      });
      expect(enrol.ok(), await enrol.text()).toBeTruthy();
    });

    test.afterAll(async () => {
      // The branch stops reporting: the specs after this one sell at Main Branch as before.
      if (api) {
        const off = await api.put('/api/fiscal/settings', { headers: admin, data: { branchId, provider: 'none' } });
        expect(off.status(), await off.text()).toBe(200);
        await api.dispose();
      }
      stopSimulator?.();
    });

    test('a Super Admin sets up FBR in Settings; a refused invoice shows on the dashboard and is resent', async ({
      page,
    }) => {
      await signInToDashboard(page, 'admin');
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Fiscal reporting (FBR)' });
      const form = card.getByRole('form', { name: 'Fiscal settings' });
      await expect(form).toBeVisible();

      // The branch's settings, by the screen: FBR through the simulator, the back office's POS ID and token.
      await form.getByRole('combobox', { name: 'Reporting to' }).click();
      await page.getByRole('option', { name: 'FBR (Pakistan)' }).click();
      await form.getByRole('combobox', { name: 'Environment' }).click();
      await page.getByRole('option', { name: 'Simulator (testing)' }).click();
      await form.getByLabel('Simulator URL').fill(simUrl);
      await form.getByLabel('Back office POS ID').fill('8200');
      await form.getByLabel('Back office token').fill('office-token');
      await form.getByLabel('PCT code default').fill('2202.1010');
      await form.getByRole('button', { name: 'Save Fiscal Settings' }).click();
      await expectToast(page, 'Fiscal settings saved.');
      await expect(form.getByText('Token stored. Leave empty to keep it.')).toBeVisible();
      await expect(form.getByLabel('Back office token')).toHaveValue('');

      // A register's POS registration: its row's fields, saved with Enter from the token.
      const registers = card.getByRole('table', { name: "Registers' POS registrations" });
      const row = registers.getByRole('row').nth(1);
      const code = ((await row.getByRole('cell').first().locator('p').first().textContent()) ?? '').trim();
      expect(code).toMatch(/^R\d+$/);
      await row.getByLabel(`POS ID of ${code}`).fill('8201');
      await row.getByLabel(`Token of ${code}`).fill('register-token');
      await row.getByLabel(`Token of ${code}`).press('Enter');
      await expectToast(page, `POS registration saved for ${code}.`);
      await expect(row).toContainText('Token stored');
      await expect(row.getByLabel(`POS ID of ${code}`)).toHaveValue('8201');

      await card.scrollIntoViewIfNeeded();
      await expectNoSeriousWcag(page, 'Settings with the fiscal card');
      await shoot(page, card, 'fiscal-settings');

      // FBR refuses the next invoice: a back office sale (no register) is reported under the branch's POS ID.
      const refuse = await api.post(`${simUrl}/__sim/behaviour`, { data: { mode: 'refuse', times: 1, ...REFUSAL } });
      expect(refuse.ok()).toBeTruthy();
      const manager = await apiSession(page, 'manager');
      expect(manager.branchId).toBe(branchId);
      const sale = await sellViaApi(page, manager, {
        lines: [{ product: await findProduct(page, manager, 'BEV-COLA-15'), quantity: 1 }],
      });
      const usin = sale.receiptNumber;
      await expect.poll(failedUsins, { message: `${usin} refused`, timeout: 15_000 }).toContain(usin);

      // The dashboard: the figures and the refused invoice with FBR's code and reason.
      await page.goto('/dashboard');
      const panel = page
        .locator('.mantine-Card-root')
        .filter({ has: page.getByRole('heading', { name: 'FBR Reporting' }) });
      await expect(panel.getByTestId('fiscal-figures')).toContainText(/Failed[1-9]/);
      await expect(panel.getByTestId('fiscal-overdue')).toHaveCount(0);
      const failed = panel
        .getByRole('table', { name: 'Failed fiscal invoices' })
        .getByRole('row')
        .filter({ hasText: usin });
      await expect(failed).toContainText('Back office');
      await expect(failed).toContainText(REFUSAL.code);
      await expect(failed).toContainText(REFUSAL.message);
      await settle(page);
      await panel.scrollIntoViewIfNeeded();
      await expectNoSeriousWcag(page, 'the dashboard with the FBR panel');
      await shoot(page, panel, 'fiscal-dashboard');

      // Resent after a confirmation (the simulator takes it now): it leaves the failed list.
      await failed.getByRole('button', { name: `Resend ${usin}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Resend invoice' });
      await expect(confirm).toContainText(
        `Send ${usin} to FBR again? FBR answered ${REFUSAL.code}: Invoice refused: ${REFUSAL.message}.`,
      );
      await expectNoSeriousWcag(page, 'the resend confirmation');
      await confirm.getByRole('button', { name: 'Resend' }).click();
      await expectToast(page, `The invoice will be sent again: ${usin}.`);
      await expect(failed).toHaveCount(0);
      await expect.poll(failedUsins, { message: `${usin} no longer failed` }).not.toContain(usin);
    });
  });
