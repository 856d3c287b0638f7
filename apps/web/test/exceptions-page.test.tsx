import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type Branch, exceptionResponses, type SaleException, type SessionUser } from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { ExceptionsCard } from '../src/features/dashboard/components/exceptions-card';
import { ExceptionsPage } from '../src/features/exceptions/components/exceptions-page';
import { SelectionContext } from '../src/lib/selection-context';
import { useSessionStore } from '../src/lib/session-store';
import { answer, failure, onePage } from './answers';

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

const manager = { id: 'u-m', name: 'Maria Manager', username: 'manager', isSuperUser: true, company: [] };
const cashier = { id: 'u-c', name: 'Sara Cashier', username: 'cashier', company: [], roles: [] };

const open: SaleException = {
  saleId: 's1',
  receiptNumber: 'R01-000001',
  branchId: 'b1',
  registerCode: 'R01',
  cashier: { id: 'u-c', name: 'Sara Cashier' },
  soldAt: '2024-03-05T10:15:00.000Z',
  recordedAt: '2024-03-05T11:00:00.000Z',
  paymentMethod: 'cash',
  subtotal: 100,
  discountAmount: 95,
  taxAmount: 0,
  total: 5,
  flags: ['discount_over_limit', 'oversold'],
  lines: [{ productName: 'Milk 1L', quantity: 3, unitPrice: 100, flags: ['oversold'] }],
  resolution: null,
};
const resolved: SaleException = {
  ...open,
  saleId: 's2',
  receiptNumber: 'R01-000002',
  flags: ['price_differs'],
  lines: [],
  resolution: {
    note: 'Owner approved it by phone',
    resolvedBy: { id: 'u-m', name: 'Maria Manager' },
    resolvedAt: '2024-03-06T09:00:00.000Z',
  },
};

const page = (data: SaleException[]) =>
  answer(exceptionResponses.list, { success: true, data, meta: onePage(data.length) });

type Handler = (url: URL, init?: RequestInit) => Promise<Response>;
function stubFetch(handlers: { list?: Handler; resolve?: Handler }) {
  const fn = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/exceptions') return handlers.list?.(url, init) ?? page([]);
    if (url.pathname.endsWith('/resolve')) return handlers.resolve?.(url, init) ?? failure(500, 'no stub', 'X');
    return failure(404, 'Not found', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const calls = (fn: ReturnType<typeof stubFetch>, path: string) =>
  fn.mock.calls.filter(([u]) => String(u).startsWith(path)).map(([u, init]) => ({ url: String(u), init }));

function renderWith(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard/exceptions']}>
          <SelectionContext.Provider value={selection}>{ui}</SelectionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ExceptionsPage', () => {
  beforeEach(() => useSessionStore.getState().setSession({ user: manager as unknown as SessionUser, token: 't' }));
  afterEach(() => {
    useSessionStore.getState().clearSession();
    vi.unstubAllGlobals();
  });

  it('lists the open exceptions of the branch: receipt, register, cashier, time in the branch zone, total, flags', async () => {
    const fetchMock = stubFetch({ list: () => page([open]) });
    renderWith(<ExceptionsPage />);
    const table = await screen.findByRole('table', { name: 'Exceptions' });
    await within(table).findByText('R01-000001');
    expect(within(table).getByText('R01')).toBeTruthy();
    expect(within(table).getByText('Sara Cashier')).toBeTruthy();
    expect(within(table).getByText('05/03/2024 15:15')).toBeTruthy();
    expect(within(table).getByText('PKR 5.00')).toBeTruthy();
    expect(within(table).getByText("Discount above the cashier's limit, not approved")).toBeTruthy();
    expect(within(table).getByText('Sold past the stock')).toBeTruthy();
    const [list] = calls(fetchMock, '/api/exceptions?');
    expect(list?.url).toContain('branchId=b1');
    expect(list?.url).toContain('status=open');
    expect(list?.url).toContain('page=1');
  });

  it('says so when nothing is open', async () => {
    stubFetch({ list: () => page([]) });
    renderWith(<ExceptionsPage />);
    expect(await screen.findByText(/No open exceptions/)).toBeTruthy();
  });

  it('says so when the list fails', async () => {
    stubFetch({ list: () => failure(500, 'boom', 'INTERNAL') });
    renderWith(<ExceptionsPage />);
    expect(await screen.findByText('The exceptions could not be loaded.')).toBeTruthy();
  });

  it('shows resolved ones under Resolved with who resolved them and the note, without a Resolve action', async () => {
    const fetchMock = stubFetch({
      list: (url) => page(url.searchParams.get('status') === 'resolved' ? [resolved] : [open]),
    });
    renderWith(<ExceptionsPage />);
    await screen.findByText('R01-000001');
    fireEvent.click(screen.getByRole('radio', { name: 'Resolved' }));
    await screen.findByText('R01-000002');
    expect(screen.getByText('Maria Manager, 06/03/2024 14:00')).toBeTruthy();
    expect(screen.getByText('Owner approved it by phone')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
    expect(calls(fetchMock, '/api/exceptions?').some((c) => c.url.includes('status=resolved'))).toBe(true);
  });

  it('shows the flagged lines and the amounts in the details', async () => {
    stubFetch({ list: () => page([open]) });
    renderWith(<ExceptionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of R01-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exception R01-000001' });
    const lines = within(dialog).getByRole('table', { name: 'Flagged lines' });
    expect(within(lines).getByText('Milk 1L')).toBeTruthy();
    expect(within(lines).getByText('3')).toBeTruthy();
    expect(within(lines).getByText('PKR 100.00')).toBeTruthy();
    expect(within(lines).getByText('Sold past the stock')).toBeTruthy();
    expect(within(dialog).getByText('Subtotal').nextSibling?.textContent).toBe('PKR 100.00');
    expect(within(dialog).getByText('Discount').nextSibling?.textContent).toBe('PKR 95.00');
    expect(within(dialog).getByText('Tax').nextSibling?.textContent).toBe('PKR 0.00');
    expect(within(dialog).getByText('Total').nextSibling?.textContent).toBe('PKR 5.00');
  });

  it('resolves with a required note: the schema message first, then the POST, a toast and a fresh list', async () => {
    let isResolved = false;
    const fetchMock = stubFetch({
      list: () => page(isResolved ? [] : [open]),
      resolve: () => {
        isResolved = true;
        return answer(exceptionResponses.one, {
          success: true,
          data: { ...open, resolution: { note: 'Checked', resolvedBy: null, resolvedAt: open.recordedAt } },
        });
      },
    });
    renderWith(<ExceptionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve R01-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve exception R01-000001' });
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('A note is required')).toBeTruthy();
    expect(calls(fetchMock, '/api/exceptions/')).toHaveLength(0);

    fireEvent.change(note, { target: { value: ' Checked with the cashier ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Exception R01-000001 resolved')).toBeTruthy();
    const [post] = calls(fetchMock, '/api/exceptions/s1/resolve');
    expect(post?.init?.method).toBe('POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ branchId: 'b1', note: 'Checked with the cashier' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Resolve exception/ })).toBeNull());
    expect(await screen.findByText(/No open exceptions/)).toBeTruthy();
  });

  it("keeps the dialog open with the server's refusal when it was already resolved", async () => {
    stubFetch({
      list: () => page([open]),
      resolve: () => failure(409, 'This exception is already resolved', 'CONFLICT'),
    });
    renderWith(<ExceptionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve R01-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve exception R01-000001' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/ }), { target: { value: 'Seen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This exception is already resolved')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Resolve exception R01-000001' })).toBeTruthy();
  });

  it('is closed to a cashier, who does not ask the server', async () => {
    useSessionStore.getState().setSession({ user: cashier as unknown as SessionUser, token: 't' });
    const fetchMock = stubFetch({});
    renderWith(<ExceptionsPage />);
    expect(await screen.findByText(/Only managers and administrators can review exceptions/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ExceptionsCard (dashboard)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the branch's open count from one row's page meta, linking to the screen", async () => {
    const fetchMock = stubFetch({
      list: () =>
        answer(exceptionResponses.list, {
          success: true,
          data: [open],
          meta: { total: 7, page: 1, limit: 1, totalPages: 7 },
        }),
    });
    renderWith(<ExceptionsCard branchId="b1" />);
    const card = screen.getByRole('region', { name: 'Exceptions' });
    await within(card).findByText('7 open');
    expect(within(card).getByRole('link', { name: 'Review exceptions' }).getAttribute('href')).toBe(
      '/dashboard/exceptions',
    );
    const [call] = calls(fetchMock, '/api/exceptions?');
    expect(call?.url).toContain('status=open');
    expect(call?.url).toContain('limit=1');
  });
});
