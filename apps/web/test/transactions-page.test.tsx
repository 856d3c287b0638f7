import { MantineProvider } from '@mantine/core';
import {
  type Branch,
  type Sale,
  type TransactionAnalytics,
  type TransactionListItem,
  transactionResponses,
} from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransactionsPage } from '../src/features/transactions/components/transactions-page';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, failure, onePage } from './answers';

const printReceipt = vi.fn();
// The printer chain (WebUSB, popup) is the register's; here only what the screen hands it matters.
vi.mock('../src/lib/printing', async () => ({
  ...(await import('../src/lib/printing/receipt-data')),
  printReceipt: (...args: unknown[]) => printReceipt(...args),
}));

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

const row: TransactionListItem = {
  id: 's1',
  receiptNumber: 'RCP-000001',
  transactionDate: '2024-03-05T10:15:00.000Z',
  cashierName: 'Cashier One',
  customer: null,
  paymentMethod: 'cash',
  status: 'completed',
  subtotal: 100,
  discountAmount: 0,
  taxAmount: 0,
  total: 100,
  itemCount: 1,
  totalQuantity: 2,
  returnedQuantity: 0,
};
const sale: Sale = {
  id: 's1',
  receiptNumber: 'RCP-000001',
  transactionDate: '2024-03-05T10:15:00.000Z',
  cashierName: 'Cashier One',
  customer: { id: 'cu1', name: 'Ayesha Khan', phone: '03001112223' },
  paymentMethod: 'cash',
  status: 'completed',
  subtotal: 100,
  discountType: 'amount',
  discountValue: 0,
  discountAmount: 0,
  taxRate: 0,
  taxAmount: 0,
  serviceFee: 0,
  total: 100,
  amountPaid: 200,
  changeAmount: 100,
  tenders: [{ method: 'cash', amount: 100 }],
  refunded: [],
  sold_at: '2024-03-05T10:15:00.000Z',
  register_id: null,
  register_code: null,
  shift_id: null,
  offline: false,
  flags: [],
  branch: { id: 'b1', name: 'Main Branch' },
  items: [
    {
      id: 'i1',
      productId: 'p1',
      productName: 'Milk 1L',
      productSku: 'MILK-1',
      quantity: 2,
      unit: 'piece',
      unitPrice: 50,
      subtotal: 100,
      taxRate: 0,
      taxIncluded: false,
      returnedQuantity: 1,
      flags: [],
    },
  ],
};

const page = (data: TransactionListItem[]) =>
  answer(transactionResponses.list, { success: true, data, meta: onePage(data.length) });
const forbidden = () => failure(403, 'Insufficient permissions', 'FORBIDDEN');
const analytics: TransactionAnalytics = {
  grossRevenue: 100,
  grossTransactions: 1,
  grossSubtotal: 100,
  grossTax: 0,
  grossDiscounts: 0,
  grossItemsSold: 2,
  averageTransactionValue: 100,
  totalReturns: 0,
  totalReturnedValue: 0,
  totalItemsReturned: 0,
  netRevenue: 100,
  netSubtotal: 100,
  netItemsSold: 2,
  returnRate: 0,
  refundRate: 0,
  period: { startDate: null, endDate: null, timezone: 'Asia/Karachi' },
};

let location = '';
function LocationProbe() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}

function renderPage(route = '/dashboard/transactions') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[route]}>
          <SelectionContext.Provider value={selection}>
            <TransactionsPage />
            <LocationProbe />
          </SelectionContext.Provider>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

type Handler = (url: URL) => Promise<Response> | undefined;
function routeFetch(handlers: { list?: Handler; analytics?: Handler; detail?: Handler }) {
  return vi.fn((input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/transactions/analytics')
      return handlers.analytics?.(url) ?? answer(transactionResponses.analytics, { success: true, data: analytics });
    if (url.pathname === '/api/transactions') return handlers.list?.(url) ?? page([]);
    if (url.pathname.startsWith('/api/transactions/'))
      return handlers.detail?.(url) ?? answer(transactionResponses.sale, { success: true, data: sale });
    return failure(404, 'Not found', 'NOT_FOUND');
  });
}

describe('TransactionsPage', () => {
  let fetchMock: ReturnType<typeof routeFetch>;
  beforeEach(() => {
    printReceipt.mockReset();
    fetchMock = routeFetch({});
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows Access Restricted on every summary card when analytics answers 403', async () => {
    fetchMock = routeFetch({ analytics: forbidden, list: () => page([row]) });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await waitFor(() => expect(screen.getAllByText('Access Restricted')).toHaveLength(8));
    expect(screen.getAllByText('Insufficient permissions')).toHaveLength(8);
    const card = screen.getByRole('region', { name: 'Gross Revenue' });
    expect(within(card).getByText('Access Restricted')).toBeTruthy();
    // The list still loads for a cashier.
    expect(await screen.findByText('RCP-000001')).toBeTruthy();
  });

  it('shows the figures when analytics answers', async () => {
    renderPage();
    const card = await screen.findByRole('region', { name: 'Gross Revenue' });
    await waitFor(() => expect(within(card).getByText('PKR 100.00')).toBeTruthy());
    expect(screen.queryByText('Access Restricted')).toBeNull();
  });

  it('says how old the figures are when the server read them from a replica that was behind, and only then', async () => {
    renderPage();
    const card = await screen.findByRole('region', { name: 'Gross Revenue' });
    await waitFor(() => expect(within(card).getByText('PKR 100.00')).toBeTruthy());
    expect(screen.queryByText(/read from a replica/)).toBeNull();
    cleanup();
    const freshness = { source: 'replica' as const, lagSeconds: 12, stale: true };
    vi.stubGlobal(
      'fetch',
      routeFetch({
        analytics: () =>
          answer(transactionResponses.analytics, { success: true, data: analytics, meta: { freshness } }),
      }),
    );
    renderPage();
    expect(await screen.findByText('Figures as of 12 s ago (read from a replica)')).toBeTruthy();
  });

  it('lists rows with date, cashier, Walk-in Customer, payment, total and status', async () => {
    fetchMock = routeFetch({ list: () => page([row]) });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('RCP-000001');
    expect(within(table).getByText('05/03/2024 15:15')).toBeTruthy();
    expect(within(table).getByText('Cashier One')).toBeTruthy();
    expect(within(table).getByText('Walk-in Customer')).toBeTruthy();
    expect(within(table).getByText('Cash')).toBeTruthy();
    expect(within(table).getByText('PKR 100.00')).toBeTruthy();
    expect(within(table).getByText('Completed')).toBeTruthy();
    const listCall = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/transactions?'));
    expect(listCall).toContain('branchId=b1');
    expect(listCall).toContain('page=1');
    expect(listCall).toContain('limit=10');
  });

  it('says no transactions without filters, and none matching with a payment filter', async () => {
    renderPage();
    expect(await screen.findByText('No transactions found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Date' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End Date' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Per page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Payment Method' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Card' }));
    expect(await screen.findByText('No transactions found matching your criteria')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('tender=card'))).toBe(true));
  });

  it('sends the cashier name after the debounce', async () => {
    renderPage();
    await screen.findByText('No transactions found');
    fireEvent.change(screen.getByLabelText('Cashier Name'), { target: { value: 'Sara' } });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('cashierName=Sara'))).toBe(false);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('cashierName=Sara'))).toBe(true), {
      timeout: 2000,
    });
    expect(await screen.findByText('No transactions found matching your criteria')).toBeTruthy();
  });

  it('clears the filters at once, without waiting for the debounce', async () => {
    renderPage();
    await screen.findByText('No transactions found');
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Cashier Name'), { target: { value: 'Sara' } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('cashierName=Sara'))).toBe(true), {
      timeout: 2000,
    });
    const before = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No transactions found')).toBeTruthy();
    const after = fetchMock.mock.calls.slice(before).map(([u]) => String(u));
    expect(after.some((u) => u.includes('cashierName'))).toBe(false);
    expect((screen.getByLabelText('Cashier Name') as HTMLInputElement).value).toBe('');
  });

  it('opens the details from the view button and puts the id in the URL', async () => {
    fetchMock = routeFetch({ list: () => page([row]) });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'View RCP-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(location).toBe('/dashboard/transactions?id=s1');
    await within(dialog).findByText('Milk 1L');
    expect(within(dialog).getByText('MILK-1')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Ayesha Khan' });
    expect(link.getAttribute('href')).toBe('/dashboard/customers/cu1');
  });

  it("shows the sale's FBR invoice number, or that it is pending, and none for a branch that does not report", async () => {
    const detail = (fiscal: Sale['fiscal']) => () =>
      answer(transactionResponses.sale, { success: true, data: { ...sale, fiscal } });
    for (const [fiscal, text] of [
      [{ status: 'sent', number: '700125112915443200001' }, '700125112915443200001'],
      [{ status: 'pending', number: null }, 'Number pending'],
    ] as const) {
      vi.stubGlobal('fetch', routeFetch({ detail: detail(fiscal) }));
      renderPage('/dashboard/transactions?id=s1');
      const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
      expect((await within(dialog).findByTestId('fbr-invoice')).textContent).toBe(text);
      cleanup();
    }
    vi.stubGlobal('fetch', routeFetch({}));
    renderPage('/dashboard/transactions?id=s1');
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    await within(dialog).findByText('Milk 1L');
    expect(within(dialog).queryByTestId('fbr-invoice')).toBeNull();
  });

  it('opens the details from ?id= and removes it on close', async () => {
    renderPage('/dashboard/transactions?id=s1');
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    await within(dialog).findByText('Milk 1L');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/transactions/s1')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location).toBe('/dashboard/transactions'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reprints the receipt with the company header', async () => {
    printReceipt.mockResolvedValue('popup');
    renderPage('/dashboard/transactions?id=s1');
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Reprint Receipt' }));
    await waitFor(() => expect(printReceipt).toHaveBeenCalledTimes(1));
    const data = printReceipt.mock.calls[0]?.[0];
    expect(data).toMatchObject({
      receiptNumber: 'RCP-000001',
      company: { name: 'Demo Mart' },
      customerName: 'Ayesha Khan',
      items: [{ name: 'Milk 1L', quantity: 2, unitPrice: 50, subtotal: 100 }],
      total: 100,
      amountPaid: 200,
      changeAmount: 100,
    });
  });

  it('says the details failed when the call fails', async () => {
    fetchMock = routeFetch({ detail: () => failure(404, 'Transaction not found', 'NOT_FOUND') });
    vi.stubGlobal('fetch', fetchMock);
    renderPage('/dashboard/transactions?id=nope');
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(dialog).findByText('Failed to fetch transaction details')).toBeTruthy();
  });
});
