import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import {
  type Branch,
  type Product,
  productResponses,
  type Sale,
  settingsResponses,
  transactionResponses,
} from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { PosPage } from '../src/features/pos/components/pos-page';
import { settingsKey } from '../src/features/pos/offline/catalogue-sync';
import { registerDb, setMeta } from '../src/features/pos/offline/db';
import { cartStore } from '../src/features/pos/store/cart-store';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, onePage } from './answers';

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

const product = (over: Partial<Product>): Product => ({
  id: 'p-cola',
  name: 'Cola 1.5L',
  sku: 'BEV-COLA-15',
  categoryId: null,
  brandId: null,
  category: null,
  brand: null,
  price: 180,
  stockQuantity: 48,
  lowStockThreshold: 5,
  maxStock: 100,
  description: null,
  branchId: 'b1',
  unit: 'piece',
  taxRate: null,
  taxIncluded: false,
  barcodes: [],
  ...over,
});
const cola = product({});
const chips = product({ id: 'p-chips', name: 'Salted Chips 70g', sku: 'SNK-CHIP-70', price: 90, stockQuantity: 120 });

/** Error answers (the error envelope); success answers go through answer(schema, body). */
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const page = (data: Product[]) => answer(productResponses.list, { success: true, data, meta: onePage(data.length) });

const sale: Sale = {
  id: 's1',
  receiptNumber: 'RCP-000001',
  transactionDate: '2025-01-15T09:30:00.000Z',
  cashierName: 'Cashier',
  customer: null,
  paymentMethod: 'cash',
  status: 'completed',
  subtotal: 270,
  discountType: 'percentage',
  discountValue: 0,
  discountAmount: 0,
  taxRate: 10,
  taxAmount: 27,
  serviceFee: 0,
  total: 297,
  amountPaid: 300,
  changeAmount: 3,
  tenders: [{ method: 'cash', amount: 297 }],
  refunded: [],
  branch: { id: 'b1', name: 'Main Branch' },
  items: [],
  sold_at: '2025-01-15T09:30:00.000Z',
  register_id: null,
  register_code: null,
  shift_id: null,
  offline: false,
  flags: [],
};

type Call = { url: URL; init?: RequestInit };

function setupFetch(postAnswers: (() => Promise<Response>)[] = [], { taxAnswers = true } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://pos.test');
    calls.push({ url, init });
    // A server that has not answered yet (offline, the request waits for its failure and the retry).
    if (url.pathname === '/api/settings/tax' && !taxAnswers) return new Promise<Response>(() => {});
    if (url.pathname === '/api/settings/tax')
      return answer(settingsResponses.tax, { success: true, data: { branchId: 'b1', taxRate: 10 } });
    if (url.pathname === '/api/products') {
      const sku = url.searchParams.get('sku');
      if (sku) return page([cola, chips].filter((p) => p.sku?.toLowerCase() === sku.toLowerCase()));
      return page([cola, chips]);
    }
    // The cart's products as the server holds them now (read after a 409): Cola has sold out.
    if (url.pathname === `/api/products/${cola.id}`)
      return answer(productResponses.one, { success: true, data: { ...cola, stockQuantity: 0 } });
    if (url.pathname === '/api/transactions' && init?.method === 'POST') {
      const next = postAnswers.shift();
      return next ? next() : answer(transactionResponses.sale, { success: true, data: sale }, 201);
    }
    return json({ success: false, message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  // The sales (the register also enrols itself: POST /registers).
  const posts = () => calls.filter((c) => c.init?.method === 'POST' && c.url.pathname === '/api/transactions');
  return { calls, posts };
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

async function scan(code: string) {
  const input = screen.getByLabelText('Barcode') as HTMLInputElement;
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(input.value).toBe('');
}

const paymentButton = () => screen.getByRole('button', { name: 'Payment' }) as HTMLButtonElement;
const lines = () => screen.queryAllByTestId('cart-line');
const keyOf = (call?: Call) => (call?.init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

describe('PosPage', () => {
  let popup: { document: Document; print: () => void; close: () => void; focus: () => void };

  beforeEach(async () => {
    cartStore.getState().resetForBranch('none');
    // Each test starts with no carts kept for the branch: a register restores its saved carts when it
    // opens (offline/cart-persistence.ts), and a test's cart must not come back in the next one.
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

  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => notifications.clean());
  });

  it('lands in the barcode field, with Payment disabled while the cart is empty', async () => {
    setupFetch();
    renderPos();
    expect(document.activeElement).toBe(screen.getByLabelText('Barcode'));
    expect(paymentButton().disabled).toBe(true);
    expect(await screen.findByText('Cart is empty')).toBeTruthy();
    // The tiles show the branch's products with name, stock and price.
    // Its name is what it shows (WCAG 2.5.3): 'Add <name> to cart', then the SKU, the price and the stock.
    const tile = await screen.findByRole('button', { name: /^Add Cola 1\.5L to cart\b.*PKR 180\.00.*Stock: 48$/ });
    expect(within(tile).getByText('Stock: 48')).toBeTruthy();
    expect(within(tile).getByText('PKR 180.00')).toBeTruthy();
  });

  it('adds a scanned barcode by exact SKU, clears the field, and enables Payment', async () => {
    const { calls } = setupFetch();
    renderPos();
    await scan('bev-cola-15');
    await waitFor(() => expect(lines()).toHaveLength(1));
    const lookup = calls.find((c) => c.url.searchParams.get('sku'));
    expect(lookup?.url.searchParams.get('branchId')).toBe('b1');
    expect(paymentButton().disabled).toBe(false);
    await scan('BEV-COLA-15');
    await waitFor(() => expect(screen.getByLabelText('Cola 1.5L quantity').textContent).toBe('2'));
    expect(document.activeElement).toBe(screen.getByLabelText('Barcode'));
  });

  it('warns Product not found for an unknown barcode', async () => {
    setupFetch();
    renderPos();
    await scan('NOPE-123');
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(screen.getByText('Not Found')).toBeTruthy();
    expect(lines()).toHaveLength(0);
  });

  it('takes the branch tax rate as the cart default', async () => {
    setupFetch();
    renderPos();
    await waitFor(() => expect((screen.getByLabelText('Tax (%)') as HTMLInputElement).value).toBe('10'));
  });

  it('cash: Complete Payment stays disabled until the amount covers the total, then sells with the key', async () => {
    const { posts } = setupFetch();
    renderPos();
    await waitFor(() => expect((screen.getByLabelText('Tax (%)') as HTMLInputElement).value).toBe('10'));
    await scan('BEV-COLA-15');
    await scan('SNK-CHIP-70');
    await waitFor(() => expect(lines()).toHaveLength(2));
    fireEvent.click(paymentButton());

    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    const complete = within(dialog).getByRole('button', { name: 'Complete Payment' }) as HTMLButtonElement;
    const amount = within(dialog).getByLabelText('Amount Received');
    expect(within(dialog).getByLabelText('Amount due').textContent).toBe('PKR 297.00');
    expect(complete.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '296.99' } });
    expect(complete.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '300' } });
    await waitFor(() => expect(complete.disabled).toBe(false));
    expect(within(dialog).getByLabelText('Change').textContent).toBe('PKR 3.00');

    fireEvent.click(complete);
    expect(await screen.findByText('Payment processed successfully')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(keyOf(post)).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      // The payment key is also the sale's id (a sale queued offline after a lost answer keeps it).
      id: keyOf(post),
      branchId: 'b1',
      items: [
        { product_id: 'p-cola', quantity: 1, price: 180 },
        { product_id: 'p-chips', quantity: 1, price: 90 },
      ],
      subtotal: 270,
      tax: 27,
      tax_rate: 10,
      discount_type: 'percentage',
      discount_value: 0,
      discount_amount: 0,
      total: 297,
      payment_method: 'cash',
      amount_paid: 300,
      change: 3,
    });
    // The cart is cleared, the tax rate kept, and the receipt went to the popup.
    await waitFor(() => expect(lines()).toHaveLength(0));
    expect((screen.getByLabelText('Tax (%)') as HTMLInputElement).value).toBe('10');
    expect(await screen.findByText('Receipt printed successfully')).toBeTruthy();
    expect(popup.document.querySelector('pre')?.textContent).toContain('RCP-000001');
    expect(paymentButton().disabled).toBe(true);
  });

  it('a retry after a failure sends the same Idempotency-Key; a 409 refreshes the cart from the server and says what changed', async () => {
    const { posts } = setupFetch([
      () => json({ success: false, message: 'Internal Server Error' }, 500),
      () => json({ success: false, code: 'CONFLICT', message: 'Insufficient stock for Cola 1.5L: 0 available' }, 409),
    ]);
    renderPos();
    await scan('BEV-COLA-15');
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.click(paymentButton());
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Card' }));
    const complete = within(dialog).getByRole('button', { name: 'Complete Payment' });
    await waitFor(() => expect((complete as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(complete);
    expect(await screen.findByText('Failed to process payment')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Payment' })).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Payment' })).getByRole('button', { name: 'Complete Payment' }),
    );
    expect(
      await screen.findByText(
        'Cola 1.5L: out of stock, removed from the cart. Check the cart and press Payment again.',
      ),
    ).toBeTruthy();

    const keys = posts().map(keyOf);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(JSON.parse(String(posts()[1]?.init?.body))).toMatchObject({
      payment_method: 'card',
      amount_paid: 198,
      change: 0,
    });
    expect(lines()).toHaveLength(0);
  });

  it("takes the rate of the last catalogue sync at once while the server's has not come (offline)", async () => {
    await setMeta(settingsKey('b1'), { taxRate: 7, currency: 'PKR', timezone: 'Asia/Karachi', syncedAt: '' });
    try {
      setupFetch([], { taxAnswers: false });
      renderPos();
      await scan('BEV-COLA-15');
      await waitFor(() => expect(lines()).toHaveLength(1));
      await waitFor(() => expect((screen.getByLabelText('Tax (%)') as HTMLInputElement).value).toBe('7'));
      expect(screen.getByText('Tax (7%)')).toBeTruthy();
    } finally {
      await registerDb().meta.delete(settingsKey('b1'));
    }
  });

  it('keeps several carts in tabs; a new tab inherits the tax rate', async () => {
    setupFetch();
    renderPos();
    await waitFor(() => expect((screen.getByLabelText('Tax (%)') as HTMLInputElement).value).toBe('10'));
    await scan('BEV-COLA-15');
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'New cart' }));
    expect(screen.getByRole('tab', { name: 'Cart 2' }).getAttribute('aria-selected')).toBe('true');
    expect(lines()).toHaveLength(0);
    expect((screen.getByLabelText('Tax (%)') as HTMLInputElement).value).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: 'Close Cart 2' }));
    expect(screen.queryByRole('tab', { name: 'Cart 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close Cart 1' })).toBeNull();
    expect(lines()).toHaveLength(1);
  });
});
