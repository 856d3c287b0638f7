import { Notifications, notifications } from '@mantine/notifications';
import { type Branch, FISCAL_MSG, type FiscalSettings, fiscalResponses } from '@pos/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FiscalSettingsCard } from '../src/features/settings/components/fiscal-settings-card';
import { fiscalPayloadOf, fiscalValuesOf } from '../src/features/settings/utils/fiscal-form';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, failure } from './answers';
import { renderWithProviders } from './render';

const BRANCH = '22222222-2222-4222-8222-222222222222';
const R01 = '33333333-3333-4333-8333-333333333333';
const R02 = '44444444-4444-4444-8444-444444444444';

const branch: Branch = {
  id: BRANCH,
  name: 'Main Branch',
  address: 'Mall Road',
  phone: '03001234567',
  companyId: 'c1',
  isMain: true,
  isActive: true,
  timezone: 'Asia/Karachi',
};
const selection = { company: { id: 'c1', name: 'Demo Mart' }, branch, branches: [branch], isLoading: false };

const stored: FiscalSettings = {
  branchId: BRANCH,
  provider: 'fbr',
  environment: 'simulator',
  baseUrl: 'http://127.0.0.1:4599',
  posId: 812345,
  hasToken: true,
  serviceFee: false,
  defaultPctCode: '0401.1000',
  registers: [
    { registerId: R01, code: 'R01', posId: 812346, hasToken: true },
    { registerId: R02, code: 'R02', posId: null, hasToken: false },
  ],
};

type Call = [string, RequestInit | undefined];
let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
let settings: FiscalSettings;

const sent = (method: string, path: string) =>
  (fetchMock.mock.calls as Call[])
    .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path))
    .map(([, init]) => JSON.parse(String(init?.body)));

const settingsAnswer = (data: FiscalSettings, message?: string) =>
  answer(fiscalResponses.settings, { success: true, data, ...(message && { message }) });

beforeEach(() => {
  settings = stored;
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.includes('/fiscal/settings') && method === 'GET') return settingsAnswer(settings);
    if (url.includes('/fiscal/settings') && method === 'PUT') return settingsAnswer(settings, FISCAL_MSG.saved);
    if (url.includes('/fiscal/registers/') && method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      const registers = settings.registers.map((r) =>
        url.includes(r.registerId) ? { ...r, posId: body.posId, hasToken: true } : r,
      );
      return settingsAnswer({ ...settings, registers }, FISCAL_MSG.registerSaved);
    }
    return failure(404, 'Not found', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  renderWithProviders(
    <SelectionContext.Provider value={selection}>
      <Notifications />
      <FiscalSettingsCard />
    </SelectionContext.Provider>,
  );

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Fiscal Settings' }));

describe('FiscalSettingsCard', () => {
  it("shows the branch's settings: the token as stored, never its value, and each register's POS ID", async () => {
    renderCard();
    const form = await screen.findByRole('form', { name: 'Fiscal settings' });
    expect((within(form).getByRole('combobox', { name: 'Reporting to' }) as HTMLInputElement).value).toBe(
      'FBR (Pakistan)',
    );
    expect(field(/^Simulator URL/).value).toBe('http://127.0.0.1:4599');
    expect(field(/^Back office POS ID/).value).toBe('812345');
    expect(field(/^Back office token/).value).toBe('');
    expect(screen.getByText('Token stored. Leave empty to keep it.')).toBeTruthy();
    expect(field(/^PCT code default/).value).toBe('0401.1000');
    expect(screen.getByRole('switch', { name: "Add FBR's PKR 1 POS service fee to every receipt" })).toBeTruthy();
    const table = screen.getByRole('table', { name: "Registers' POS registrations" });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RegisterPOS IDTokenSave',
      // Each field's own label shows on a phone only, where the header does not.
      'R01Token storedPOS IDTokenSave',
      'R02Not registeredPOS IDTokenSave',
    ]);
    expect((screen.getByLabelText('POS ID of R01') as HTMLInputElement).value).toBe('812346');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`branchId=${BRANCH}`);
  });

  it('saves without a token when the field is left empty (the stored one stays), and says so', async () => {
    renderCard();
    await screen.findByRole('form', { name: 'Fiscal settings' });
    fireEvent.click(screen.getByRole('switch', { name: /service fee/ }));
    save();
    await waitFor(() => expect(sent('PUT', '/fiscal/settings')).toHaveLength(1));
    expect(sent('PUT', '/fiscal/settings')[0]).toEqual({
      branchId: BRANCH,
      provider: 'fbr',
      environment: 'simulator',
      baseUrl: 'http://127.0.0.1:4599',
      posId: 812345,
      serviceFee: true,
      defaultPctCode: '0401.1000',
    });
    expect(await screen.findByText('Fiscal settings saved.')).toBeTruthy();
  });

  it('sends a typed token, then empties its field', async () => {
    renderCard();
    await screen.findByRole('form', { name: 'Fiscal settings' });
    fireEvent.change(field(/^Back office token/), { target: { value: 'secret-token' } });
    save();
    await waitFor(() => expect(sent('PUT', '/fiscal/settings')).toHaveLength(1));
    expect(sent('PUT', '/fiscal/settings')[0]).toMatchObject({ token: 'secret-token' });
    await waitFor(() => expect(field(/^Back office token/).value).toBe(''));
  });

  it('validates with the shared schema: FBR needs a PCT code, the simulator its URL', async () => {
    settings = { ...stored, provider: 'none', baseUrl: null, defaultPctCode: null };
    renderCard();
    await screen.findByRole('form', { name: 'Fiscal settings' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Reporting to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'FBR (Pakistan)' }));
    save();
    expect(await screen.findByText(FISCAL_MSG.pctRequired)).toBeTruthy();
    expect(screen.getByText(FISCAL_MSG.baseUrlRequired)).toBeTruthy();
    expect(field(/^PCT code default/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(/^PCT code default/), { target: { value: '401.1' } });
    save();
    expect(await screen.findByText(FISCAL_MSG.pctInvalid)).toBeTruthy();
    expect(sent('PUT', '/fiscal/settings')).toHaveLength(0);
  });

  it("shows the server's field errors on the fields", async () => {
    renderCard();
    await screen.findByRole('form', { name: 'Fiscal settings' });
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            success: false,
            message: FISCAL_MSG.posIdInvalid,
            code: 'VALIDATION_ERROR',
            errors: { posId: FISCAL_MSG.posIdInvalid },
          }),
          { status: 400 },
        ),
      ),
    );
    save();
    expect(await screen.findByText(FISCAL_MSG.posIdInvalid)).toBeTruthy();
    expect(field(/^Back office POS ID/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("saves one register's POS ID and token, which the API takes together", async () => {
    renderCard();
    const posId = (await screen.findByLabelText('POS ID of R02')) as HTMLInputElement;
    fireEvent.change(posId, { target: { value: '812347' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save R02' }));
    expect(await screen.findByText(FISCAL_MSG.tokenRequired)).toBeTruthy();
    expect(sent('PUT', '/fiscal/registers/')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Token of R02'), { target: { value: 'r02-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save R02' }));
    await waitFor(() => expect(sent('PUT', `/fiscal/registers/${R02}`)).toHaveLength(1));
    expect(sent('PUT', `/fiscal/registers/${R02}`)[0]).toEqual({ branchId: BRANCH, posId: 812347, token: 'r02-token' });
    expect(await screen.findByText('POS registration saved for R02.')).toBeTruthy();
    const row = screen.getByRole('row', { name: /^R02/ });
    await waitFor(() => expect(within(row).getByText('Token stored')).toBeTruthy());
    expect((screen.getByLabelText('Token of R02') as HTMLInputElement).value).toBe('');
  });

  it('ties each row’s inputs to the row’s own form, so Enter in them saves that row', async () => {
    renderCard();
    const posId = await screen.findByLabelText('POS ID of R01');
    const formId = posId.getAttribute('form');
    expect(formId).toBeTruthy();
    expect(screen.getByLabelText('Token of R01').getAttribute('form')).toBe(formId);
    expect(screen.getByRole('button', { name: 'Save R01' }).closest('form')?.id).toBe(formId);
  });

  it('says when the settings cannot be loaded', async () => {
    fetchMock.mockImplementation(() => failure(500, 'Database unavailable', 'INTERNAL'));
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the fiscal form values', () => {
  it('send empty fields as none and keep a valid simulator URL when FBR’s own endpoint is picked', () => {
    const values = { ...fiscalValuesOf(stored), environment: 'sandbox' as const, posId: '', defaultPctCode: ' ' };
    expect(fiscalPayloadOf(values)).toEqual({
      branchId: BRANCH,
      provider: 'fbr',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:4599',
      posId: null,
      serviceFee: false,
      defaultPctCode: null,
    });
    expect(fiscalPayloadOf({ ...values, baseUrl: 'not a url' }).baseUrl).toBeNull();
  });
});
