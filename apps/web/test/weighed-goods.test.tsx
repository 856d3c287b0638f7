import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import {
  type Branch,
  type Product,
  productResponses,
  type Sale,
  scaleLabelFor,
  settingsResponses,
  transactionResponses,
} from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { PosPage } from '../src/features/pos/components/pos-page';
import { settingsKey } from '../src/features/pos/offline/catalogue-sync';
import { connectivityStore } from '../src/features/pos/offline/connectivity';
import { registerDb, setMeta } from '../src/features/pos/offline/db';
import { cartStore } from '../src/features/pos/store/cart-store';
import { closeWeightEntry } from '../src/features/pos/store/weight-entry';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, onePage } from './answers';

/**
 * Weighed goods at the register: a scale label (the company's prefix, an item code, the grams) adds its
 * weight on a line of its own; a product sold by the kilogram picked from a tile asks for its weight.
 */

const branch: Branch = {
  id: 'b1',
  name: 'Main Branch',
  address: 'Mall Road',
  phone: '03001234567',
  companyId: 'c1',
  isMain: true,
  isActive: true,
  timezone: 'Asia/Karachi',
};
const selection = { company: { id: 'c1', name: 'Demo Mart' }, branch, branches: [branch], isLoading: false };

const RICE_BARCODE = '2100123000005';
const rice: Product = {
  id: 'p-rice',
  name: 'Basmati Rice (loose)',
  sku: 'GRO-RICE-KG',
  categoryId: null,
  brandId: null,
  category: null,
  brand: null,
  price: 320,
  stockQuantity: 42.5,
  lowStockThreshold: 5,
  maxStock: 100,
  description: null,
  branchId: 'b1',
  unit: 'kg',
  taxRate: null,
  taxIncluded: false,
  barcodes: [RICE_BARCODE],
};
const sold = (items: Sale['items'], subtotal: number): Sale => ({
  id: 's1',
  receiptNumber: 'RCP-000007',
  transactionDate: '2025-01-15T09:30:00.000Z',
  cashierName: 'Cashier',
  customer: null,
  paymentMethod: 'card',
  status: 'completed',
  subtotal,
  discountType: 'percentage',
  discountValue: 0,
  discountAmount: 0,
  taxRate: 0,
  taxAmount: 0,
  serviceFee: 0,
  total: subtotal,
  amountPaid: subtotal,
  changeAmount: 0,
  tenders: [{ method: 'card', amount: subtotal }],
  refunded: [],
  branch: { id: 'b1', name: 'Main Branch' },
  items,
  sold_at: '2025-01-15T09:30:00.000Z',
  register_id: null,
  register_code: null,
  shift_id: null,
  offline: false,
  flags: [],
});

type Call = { url: URL; init?: RequestInit };

function setupFetch() {
  const calls: Call[] = [];
  const list = (data: Product[]) => answer(productResponses.list, { success: true, data, meta: onePage(data.length) });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://pos.test');
      calls.push({ url, init });
      if (url.pathname === '/api/settings/tax')
        return answer(settingsResponses.tax, { success: true, data: { branchId: 'b1', taxRate: 0 } });
      if (url.pathname === '/api/products') {
        // GET /products?sku= matches the SKU or any barcode of the variant.
        const sku = url.searchParams.get('sku');
        if (sku) return list([RICE_BARCODE, 'GRO-RICE-KG'].includes(sku) ? [rice] : []);
        return list([rice]);
      }
      if (url.pathname === '/api/transactions' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        const items = body.items.map((item: { quantity: number; price: number }, i: number) => ({
          id: `i${i}`,
          productId: rice.id,
          productName: rice.name,
          productSku: rice.sku,
          quantity: item.quantity,
          unit: rice.unit,
          unitPrice: item.price,
          subtotal: body.subtotal,
          taxRate: 0,
          taxIncluded: false,
          returnedQuantity: 0,
          flags: [],
        }));
        return answer(transactionResponses.sale, { success: true, data: sold(items, body.subtotal) }, 201);
      }
      return Promise.resolve(new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 }));
    }),
  );
  return calls;
}

function renderPos() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SelectionContext.Provider value={selection}>
          <PosPage />
        </SelectionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The Barcode field as a scanner (or a person) fills it: the code, then Enter. */
function scan(code: string) {
  const input = screen.getByLabelText('Barcode') as HTMLInputElement;
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const lines = () => screen.queryAllByTestId('cart-line');
const quantities = () => screen.queryAllByLabelText('Basmati Rice (loose) quantity').map((q) => q.textContent);

/** The sync's branch settings: the company's scale prefix, as the register keeps it. */
const storePrefix = (scaleWeightPrefix: string | null) =>
  setMeta(settingsKey('b1'), {
    taxRate: 0,
    currency: 'PKR',
    timezone: 'Asia/Karachi',
    scaleWeightPrefix,
    syncedAt: '',
  });

// The weight dialog is a lazy chunk: loaded once here, so the tests wait for rendering, not for the transform.
beforeAll(async () => {
  await import('../src/features/pos/components/weight-modal');
});

describe('weighed goods at the register', () => {
  let popup: { document: Document; print: () => void; close: () => void; focus: () => void };

  beforeEach(async () => {
    // Online (a request of another test that met no server may have marked the register offline).
    connectivityStore.getState().markOnline();
    cartStore.getState().resetForBranch('none');
    await registerDb().carts.clear();
    popup = {
      document: document.implementation.createHTMLDocument(''),
      print: vi.fn(),
      close: vi.fn(),
      focus: () => {},
    };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    act(() => {
      closeWeightEntry();
      notifications.clean();
    });
    await registerDb().meta.delete(settingsKey('b1'));
  });

  it('a scale label adds its weight, 0.750 kg at 320.00 = 240.00, each label on a line of its own; the sale sends the decimals and the receipt prints them', async () => {
    await storePrefix('21');
    const calls = setupFetch();
    renderPos();
    const label = scaleLabelFor(RICE_BARCODE, 0.75);
    expect(label).toBe('2100123007509');

    scan(label);
    await waitFor(() => expect(lines()).toHaveLength(1));
    // The label's item is looked up by its barcode (weight 00000), never the label itself.
    expect(calls.filter((c) => c.url.searchParams.get('sku')).map((c) => c.url.searchParams.get('sku'))).toEqual([
      RICE_BARCODE,
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const line = lines()[0] as HTMLElement;
    expect(quantities()).toEqual(['0.750 kg']);
    expect(line.textContent).toContain('PKR 320.00 / kg');
    expect(line.textContent).toContain('PKR 240.00');

    scan(scaleLabelFor(RICE_BARCODE, 1.005));
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(quantities()).toEqual(['0.750 kg', '1.005 kg']);
    // 1.005 x 320.00 = 321.60; 240.00 + 321.60 = 561.60.
    expect(screen.getByLabelText('Total', { exact: true }).textContent).toContain('561.60');

    fireEvent.click(screen.getByRole('button', { name: 'Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Card' }));
    const complete = within(dialog).getByRole('button', { name: 'Complete Payment' }) as HTMLButtonElement;
    await waitFor(() => expect(complete.disabled).toBe(false));
    fireEvent.click(complete);
    expect(await screen.findByText('Payment processed successfully')).toBeTruthy();
    const post = calls.find((c) => c.init?.method === 'POST' && c.url.pathname === '/api/transactions');
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({
      items: [
        { product_id: 'p-rice', quantity: 0.75, price: 320 },
        { product_id: 'p-rice', quantity: 1.005, price: 320 },
      ],
      subtotal: 561.6,
      total: 561.6,
    });
    expect(await screen.findByText('Receipt printed successfully')).toBeTruthy();
    const receipt = popup.document.querySelector('pre')?.textContent ?? '';
    expect(receipt).toContain('Basmati Rice (loose)');
    expect(receipt).toMatch(/0\.750 kg x 320\.00/);
    expect(receipt).toMatch(/1\.005 kg x 320\.00/);
  });

  it('without a scale prefix a label is just a code (not found here)', async () => {
    await storePrefix(null);
    setupFetch();
    renderPos();
    scan(scaleLabelFor(RICE_BARCODE, 0.75));
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(lines()).toHaveLength(0);
  });

  it('a product sold by the kilogram from a tile asks for its weight: 1.25 kg is 400.00; Escape adds nothing', async () => {
    await storePrefix('21');
    setupFetch();
    renderPos();
    const tile = await screen.findByRole('button', { name: /^Add Basmati Rice \(loose\) to cart/ });
    expect(tile.textContent).toContain('PKR 320.00 / kg');
    expect(tile.textContent).toContain('Stock: 42.500 kg');

    fireEvent.click(tile);
    let dialog = await screen.findByRole('dialog', { name: 'Enter weight' });
    let field = within(dialog).getByLabelText('Weight (kg)') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field));
    // A scan in this dialog is held for the cart, never typed into the weight (use-barcode-scanner.ts).
    expect(dialog.querySelector('[data-scan-hold]')).not.toBeNull();
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter weight' })).toBeNull());
    expect(lines()).toHaveLength(0);

    fireEvent.click(tile);
    dialog = await screen.findByRole('dialog', { name: 'Enter weight' });
    field = within(dialog).getByLabelText('Weight (kg)') as HTMLInputElement;
    // Nothing, then more than the stock: refused with the reason, the dialog stays.
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(await within(dialog).findByText('Enter a weight above 0')).toBeTruthy();
    fireEvent.change(field, { target: { value: '50' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(await within(dialog).findByText('Only 42.500 kg in stock')).toBeTruthy();
    fireEvent.change(field, { target: { value: '1.25' } });
    expect(within(dialog).getByText('PKR 400.00')).toBeTruthy();
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter weight' })).toBeNull());
    expect(quantities()).toEqual(['1.250 kg']);
    expect((lines()[0] as HTMLElement).textContent).toContain('PKR 400.00');

    // The line's weight is changed in the same dialog, to 3 decimals.
    fireEvent.click(screen.getByRole('button', { name: 'Change weight of Basmati Rice (loose)' }));
    dialog = await screen.findByRole('dialog', { name: 'Enter weight' });
    field = within(dialog).getByLabelText('Weight (kg)') as HTMLInputElement;
    expect(field.value).toBe('1.25');
    fireEvent.change(field, { target: { value: '0.333' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(quantities()).toEqual(['0.333 kg']));
    // 0.333 x 320.00 = 106.56 (half up to the paisa).
    expect((lines()[0] as HTMLElement).textContent).toContain('PKR 106.56');
  });

  it('a typed SKU of a product sold by weight asks for the weight too', async () => {
    await storePrefix('21');
    setupFetch();
    renderPos();
    scan('GRO-RICE-KG');
    const dialog = await screen.findByRole('dialog', { name: 'Enter weight' });
    expect(within(dialog).getByText('Basmati Rice (loose)')).toBeTruthy();
    expect(lines()).toHaveLength(0);
  });
});
