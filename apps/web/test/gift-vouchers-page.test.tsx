import { MantineProvider } from '@mantine/core';
import { type Branch, type GiftVoucher, type SessionUser, voucherResponses } from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { CHECK_TEXT } from '../src/features/gift-vouchers/components/check-balance';
import { GiftVouchersPage, VOUCHERS_TEXT } from '../src/features/gift-vouchers/components/gift-vouchers-page';
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
const manager = {
  id: 'u-m',
  name: 'Maria Manager',
  username: 'manager',
  company: [],
  roles: [{ name: 'Manager', permissions: ['view_sales', 'process_returns', 'sell'] }],
};
const cashier = {
  id: 'u-c',
  name: 'Sara Cashier',
  username: 'cashier',
  company: [],
  roles: [{ name: 'Cashier', permissions: ['sell'] }],
};
const voucher = (fields: Partial<GiftVoucher> & Pick<GiftVoucher, 'id' | 'code'>): GiftVoucher => ({
  amount: 500,
  balance: 500,
  expiresOn: null,
  status: 'active',
  branchName: 'Main Branch',
  soldByName: 'Sara Cashier',
  createdAt: '2026-01-15T09:30:00.000Z',
  ...fields,
});
const USED = voucher({ id: 'v2', code: 'GV7K2M9P4QXR', balance: 0, status: 'used', expiresOn: '2027-12-31' });
const ACTIVE = voucher({ id: 'v1', code: 'GVA1B2C3D4E5', balance: 200, createdAt: '2026-01-14T04:00:00.000Z' });
const LIABILITY = { activeCount: 1, outstanding: 200, expiredCount: 2, expiredBalance: 35.5 };

type Handler = (url: URL) => Promise<Response>;
function stubFetch(more: Record<string, Handler> = {}) {
  const fn = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = more[key] ?? (url.pathname.startsWith('/api/gift-vouchers/code/') ? more['GET code'] : undefined);
    if (handler) return handler(url);
    if (key === 'GET /api/gift-vouchers/liability')
      return answer(voucherResponses.liability, { success: true, data: LIABILITY });
    if (key === 'GET /api/gift-vouchers') {
      const status = url.searchParams.get('status');
      const rows = [USED, ACTIVE].filter((v) => status === 'all' || v.status === status);
      return answer(voucherResponses.list, { success: true, data: rows, meta: onePage(rows.length) });
    }
    return failure(404, 'Not found', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const listCalls = (fn: ReturnType<typeof stubFetch>) =>
  fn.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/gift-vouchers?'));

function renderPage(user: unknown) {
  useSessionStore.getState().setSession({ user: user as SessionUser, token: 't' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard/gift-vouchers']}>
          <SelectionContext.Provider value={selection}>
            <GiftVouchersPage />
          </SelectionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  useSessionStore.getState().clearSession();
  vi.unstubAllGlobals();
});

describe('the Gift Vouchers page', () => {
  it('says what the vouchers owe and lists them, newest first, with their code, amount, balance, status, expiry and sale', async () => {
    const fetch = stubFetch();
    renderPage(manager);
    expect(screen.getByRole('heading', { level: 1, name: VOUCHERS_TEXT.title })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Outstanding' }).textContent).toContain('PKR 200.00'),
    );
    expect(screen.getByRole('region', { name: 'Active vouchers' }).textContent).toContain('1');
    expect(screen.getByRole('region', { name: 'Expired balance' }).textContent).toContain('PKR 35.50');
    expect(screen.getByRole('region', { name: 'Expired balance' }).textContent).toContain('Left on 2 expired vouchers');
    const table = await screen.findByRole('table', { name: 'Gift vouchers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Code', 'Amount', 'Balance', 'Status', 'Valid until', 'Sold at', 'Sold by', 'Date']);
    expect(
      within(table)
        .getAllByTestId('voucher-row')
        .map((row) => row.textContent),
    ).toEqual([
      'GV7K2M9P4QXRPKR 500.00PKR 0.00Used31/12/2027Main BranchSara Cashier15/01/2026 14:30',
      'GVA1B2C3D4E5PKR 500.00PKR 200.00ActiveNo expiryMain BranchSara Cashier14/01/2026 09:00',
    ]);
    expect(listCalls(fetch)).toEqual(['/api/gift-vouchers?branchId=b1&page=1&limit=10&status=all']);
    expect(screen.getByText('Showing 1 - 2 of 2 vouchers')).toBeTruthy();
  });

  it('filters by status on the server (page 1); an empty status says so', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch();
    renderPage(manager);
    await screen.findByRole('table', { name: 'Gift vouchers' });
    const status = screen.getByRole('radiogroup', { name: VOUCHERS_TEXT.status });
    await user.click(within(status).getByRole('radio', { name: 'Used' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Gift vouchers' })).getAllByTestId('voucher-row')).toHaveLength(
        1,
      ),
    );
    expect(listCalls(fetch).at(-1)).toBe('/api/gift-vouchers?branchId=b1&page=1&limit=10&status=used');
    await user.click(within(status).getByRole('radio', { name: 'Expired' }));
    expect(await screen.findByText('No expired gift vouchers')).toBeTruthy();
  });

  it('checks a balance by code (any case), or a code picked in the list; an unknown code says so and stays typed', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch({
      'GET code': (url) =>
        url.pathname.endsWith(USED.code)
          ? answer(voucherResponses.one, { success: true, data: USED })
          : failure(404, 'Gift voucher not found', 'NOT_FOUND'),
    });
    renderPage(manager);
    const field = screen.getByLabelText(CHECK_TEXT.code);
    await user.click(screen.getByRole('button', { name: CHECK_TEXT.submit }));
    expect(screen.getByText(CHECK_TEXT.empty)).toBeTruthy();
    await user.type(field, `${USED.code.toLowerCase()}{Enter}`);
    const checked = await screen.findByTestId('checked-voucher');
    expect(checked.textContent).toContain('BalancePKR 0.00');
    expect(checked.textContent).toContain('AmountPKR 500.00');
    expect(checked.textContent).toContain('Valid until31/12/2027');
    expect(checked.textContent).toContain('Sold bySara Cashier');
    expect(within(checked).getByText('Used')).toBeTruthy();
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain(`/api/gift-vouchers/code/${USED.code}?branchId=b1`);

    await user.clear(field);
    await user.type(field, 'GV0000000000{Enter}');
    expect(await screen.findByText('Gift voucher not found')).toBeTruthy();
    expect(screen.queryByTestId('checked-voucher')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('GV0000000000');

    // A code in the list: its voucher shows in Check balance, the focus on it (no request).
    const before = fetch.mock.calls.length;
    const table = await screen.findByRole('table', { name: 'Gift vouchers' });
    await user.click(within(table).getByRole('button', { name: ACTIVE.code }));
    expect((await screen.findByTestId('checked-voucher')).textContent).toContain('BalancePKR 200.00');
    expect((field as HTMLInputElement).value).toBe(ACTIVE.code);
    expect(screen.queryByText('Gift voucher not found')).toBeNull();
    expect(document.activeElement?.contains(screen.getByTestId('checked-voucher'))).toBe(true);
    expect(fetch.mock.calls.length).toBe(before);
  });

  it('is denied to a cashier, with nothing fetched', () => {
    const fetch = stubFetch();
    renderPage(cashier);
    expect(screen.getByText(VOUCHERS_TEXT.denied)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
