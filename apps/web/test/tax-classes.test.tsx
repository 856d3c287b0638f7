import { Notifications, notifications } from '@mantine/notifications';
import { type Branch, type Item, itemResponses, type TaxClass, taxClassResponses } from '@pos/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ItemDetailsForm } from '../src/features/items/components/item-details-form';
import { ItemForm } from '../src/features/items/components/item-form';
import { taxClassLabel, taxClassOptions } from '../src/features/items/utils/tax-class';
import { TaxClassesCard } from '../src/features/settings/components/tax-classes-card';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, onePage } from './answers';
import { renderWithProviders } from './render';

// Mantine's autosize Textarea (the item forms' description) listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

const COMPANY = '11111111-1111-4111-8111-111111111111';
const BRANCH = '22222222-2222-4222-8222-222222222222';
const REDUCED = '33333333-3333-4333-8333-333333333333';
const EXEMPT = '44444444-4444-4444-8444-444444444444';
const ITEM = '55555555-5555-4555-8555-555555555555';

const branch: Branch = {
  id: BRANCH,
  name: 'Main Branch',
  address: 'Mall Road',
  phone: '03001234567',
  companyId: COMPANY,
  isMain: true,
  isActive: true,
  timezone: 'Asia/Karachi',
};
const selection = { company: { id: COMPANY, name: 'Demo Mart' }, branch, branches: [branch], isLoading: false };

const reduced: TaxClass = {
  id: REDUCED,
  companyId: COMPANY,
  name: 'Reduced goods',
  kind: 'reduced',
  rate: 5,
  pctCode: '0401.1000',
  itemCount: 3,
};
const exempt: TaxClass = {
  id: EXEMPT,
  companyId: COMPANY,
  name: 'Unprocessed food',
  kind: 'exempt',
  rate: 0,
  pctCode: null,
  itemCount: 0,
};

const classPage = (data: TaxClass[]) =>
  answer(taxClassResponses.list, { success: true, data, meta: onePage(data.length, 5) });

type Call = [string, RequestInit | undefined];
let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
let classes: TaxClass[];

const calls = () => fetchMock.mock.calls as Call[];
const sent = (method: string, path: string) =>
  calls()
    .filter(([url, init]) => init?.method === method && String(url).includes(path))
    .map(([, init]) => JSON.parse(String(init?.body)));

const renderUi = (ui: ReactElement) =>
  renderWithProviders(
    <SelectionContext.Provider value={selection}>
      <Notifications />
      {ui}
    </SelectionContext.Provider>,
  );

const item: Item = {
  id: ITEM,
  companyId: COMPANY,
  name: 'Milk',
  description: null,
  category: null,
  optionNames: [],
  unit: 'piece',
  taxClass: null,
  variantCount: 1,
  variants: [],
};

beforeEach(() => {
  classes = [reduced, exempt];
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.includes('/tax-classes') && method === 'GET') return classPage(classes);
    if (url.includes('/tax-classes') && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      return answer(
        taxClassResponses.one,
        {
          success: true,
          data: { id: 'n', itemCount: 0, pctCode: null, ...body },
          message: 'Tax class added successfully',
        },
        201,
      );
    }
    if (url.includes('/tax-classes/') && method === 'PATCH') {
      return answer(taxClassResponses.changed, {
        success: true,
        data: { ...reduced, rate: 8, listings: 6 },
        message: 'Tax class updated successfully',
      });
    }
    if (url.includes('/items') && (method === 'POST' || method === 'PATCH')) {
      return answer(itemResponses.one, { success: true, data: item, message: 'Item saved' }, 201);
    }
    return Promise.resolve(new Response(JSON.stringify({ success: true, data: [] }), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('TaxClassesCard', () => {
  it("lists the company's classes with their kind, rate, PCT code and item count", async () => {
    renderUi(<TaxClassesCard />);
    const table = await screen.findByRole('table', { name: 'Tax classes' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NameKindRatePCT codeItemsActions',
      'Reduced goodsReduced5%0401.10003',
      'Unprocessed foodExempt0%None0',
    ]);
    expect(screen.getByRole('button', { name: 'Edit Reduced goods' })).toBeTruthy();
    expect(screen.getByText('2 tax classes')).toBeTruthy();
    const get = calls().find(([url]) => url.includes('/tax-classes'));
    expect(get?.[0]).toContain(`companyId=${COMPANY}`);
    expect(get?.[0]).toContain('page=1');
  });

  it('says every item is taxed at its branch rate while the company has no class', async () => {
    classes = [];
    renderUi(<TaxClassesCard />);
    expect(await screen.findByText("No tax classes yet: every item is taxed at its branch's rate.")).toBeTruthy();
  });

  it('adds a class: validates with the shared schema, then posts the trimmed fields with the company', async () => {
    renderUi(<TaxClassesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Tax Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tax Class' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Tax Class' }));
    expect(await within(dialog).findByText('Tax class name is required')).toBeTruthy();
    expect(within(dialog).getByText('Tax rate is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '  Standard goods ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Rate/), { target: { value: '18' } });
    fireEvent.change(within(dialog).getByLabelText(/^PCT code/), { target: { value: '1905.9090' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Tax Class' }));
    await waitFor(() => expect(sent('POST', '/tax-classes')).toHaveLength(1));
    expect(sent('POST', '/tax-classes')[0]).toEqual({
      companyId: COMPANY,
      name: 'Standard goods',
      kind: 'standard',
      rate: 18,
      pctCode: '1905.9090',
    });
    expect(await screen.findByText('Tax class added successfully.')).toBeTruthy();
  });

  it('sets the rate to 0 when the kind is exempt, and posts it so', async () => {
    renderUi(<TaxClassesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Tax Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tax Class' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Books' } });
    const rate = within(dialog).getByLabelText(/^Rate/) as HTMLInputElement;
    fireEvent.change(rate, { target: { value: '18' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Kind/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Exempt' }));
    await waitFor(() => expect(rate.value).toBe('0'));
    expect(rate.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Tax Class' }));
    await waitFor(() => expect(sent('POST', '/tax-classes')).toHaveLength(1));
    expect(sent('POST', '/tax-classes')[0]).toMatchObject({ name: 'Books', kind: 'exempt', rate: 0, pctCode: null });
  });

  it("shows the server's field error on the field", async () => {
    renderUi(<TaxClassesCard />);
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            success: false,
            message: 'A tax class with this name already exists in this company',
            code: 'CONFLICT',
            errors: { name: 'A tax class with this name already exists in this company' },
          }),
          { status: 409 },
        ),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Tax Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tax Class' });
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Reduced goods' } });
    fireEvent.change(within(dialog).getByLabelText(/^Rate/), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Tax Class' }));
    expect(await within(dialog).findByText('A tax class with this name already exists in this company')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a class and says how many branch listings took the new rate', async () => {
    renderUi(<TaxClassesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Reduced goods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tax Class' });
    const rate = within(dialog).getByLabelText(/^Rate/) as HTMLInputElement;
    expect(rate.value).toBe('5');
    fireEvent.change(rate, { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent('PATCH', `/tax-classes/${REDUCED}`)).toHaveLength(1));
    expect(sent('PATCH', `/tax-classes/${REDUCED}`)[0]).toEqual({
      name: 'Reduced goods',
      kind: 'reduced',
      rate: 8,
      pctCode: '0401.1000',
    });
    expect(
      await screen.findByText('Tax class updated successfully. 6 branch listings took the new rate of 8%.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Tax Class' })).toBeNull());
  });
});

describe('the item forms', () => {
  it('sends the picked class as taxClassId on a new item', async () => {
    renderUi(<ItemForm companyId={COMPANY} branches={[branch]} branchId={BRANCH} />);
    const picker = (await screen.findByRole('combobox', { name: /^Tax class/ })) as HTMLInputElement;
    expect(picker.value).toBe('Branch rate (default)');
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Milk' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Price' }), { target: { value: '250' } });
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Reduced goods (Reduced, 5%)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create item' }));
    await waitFor(() => expect(sent('POST', '/items')).toHaveLength(1));
    expect(sent('POST', '/items')[0]).toMatchObject({ companyId: COMPANY, name: 'Milk', taxClassId: REDUCED });
  });

  it('sends null for the branch rate (the default)', async () => {
    renderUi(<ItemForm companyId={COMPANY} branches={[branch]} branchId={BRANCH} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Milk' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Price' }), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create item' }));
    await waitFor(() => expect(sent('POST', '/items')).toHaveLength(1));
    expect(sent('POST', '/items')[0]).toMatchObject({ taxClassId: null });
  });

  it("changes an item's class back to the branch rate", async () => {
    renderUi(
      <ItemDetailsForm
        item={{ ...item, taxClass: { id: REDUCED, name: 'Reduced goods', kind: 'reduced', rate: 5 } }}
      />,
    );
    const picker = screen.getByRole('combobox', { name: /^Tax class/ }) as HTMLInputElement;
    expect(picker.value).toBe('Reduced goods (Reduced, 5%)');
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Branch rate (default)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(sent('PATCH', `/items/${ITEM}`)).toHaveLength(1));
    expect(sent('PATCH', `/items/${ITEM}`)[0]).toMatchObject({ taxClassId: null });
  });
});

describe('the item pages', () => {
  it("name an item's class with its kind and rate, and an item without one as at the branch rate", () => {
    expect(taxClassLabel(reduced)).toBe('Reduced goods (Reduced, 5%)');
    expect(taxClassLabel(null)).toBe('Branch rate');
  });

  it("offer the branch rate first, then the company's classes and the item's own class if not among them", () => {
    const own = { id: 'x', name: 'Old class', kind: 'standard' as const, rate: 17 };
    expect(taxClassOptions([reduced], own).map((o) => o.label)).toEqual([
      'Branch rate (default)',
      'Reduced goods (Reduced, 5%)',
      'Old class (Standard, 17%)',
    ]);
    expect(taxClassOptions([reduced], reduced)).toHaveLength(2);
  });
});
