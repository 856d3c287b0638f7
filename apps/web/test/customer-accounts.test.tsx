import { MantineProvider } from '@mantine/core';
import { ACCOUNT_MSG, type AccountEntry, accountResponses, type Branch, type SessionUser } from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { AccountAgeingPage } from '../src/features/customers/components/account-ageing-page';
import { AccountTab } from '../src/features/customers/components/account-tab';
import { CreditLimitModal, LIMIT_TEXT } from '../src/features/customers/components/credit-limit-modal';
import { ReceivePaymentModal } from '../src/features/customers/components/receive-payment-modal';
import { accountEntryLabel, typedAmount } from '../src/features/customers/utils/format';
import { SelectionContext } from '../src/lib/selection-context';
import { useSessionStore } from '../src/lib/session-store';
import { answer, failure, onePage } from './answers';
import { renderWithProviders } from './render';

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
const ayesha = { id: 'c1', name: 'Ayesha Khan', accountBalance: 1500, creditLimit: 2000 };

const entry = (
  fields: Partial<AccountEntry> & Pick<AccountEntry, 'id' | 'amount' | 'kind' | 'balance'>,
): AccountEntry => ({
  method: null,
  reference: null,
  note: null,
  userName: 'Maria Manager',
  approvedByName: null,
  offline: false,
  createdAt: '2026-01-15T09:30:00.000Z',
  ...fields,
});
const ENTRIES: AccountEntry[] = [
  entry({ id: 'e3', amount: -500, kind: 'payment', method: 'card', note: 'Paid at the counter', balance: 1500 }),
  entry({
    id: 'e2',
    amount: 1200,
    kind: 'sale',
    reference: { id: 's2', number: 'R2-000017' },
    userName: 'Sara Cashier',
    approvedByName: 'Maria Manager',
    offline: true,
    balance: 2000,
    createdAt: '2026-01-14T09:30:00.000Z',
  }),
  entry({
    id: 'e1',
    amount: 800,
    kind: 'sale',
    reference: { id: 's1', number: 'RCP-000042' },
    balance: 800,
    createdAt: '2026-01-13T09:30:00.000Z',
  }),
];
const SUMMARY = {
  customerId: 'c1',
  balance: 1500,
  creditLimit: 2000,
  available: 500,
  ageing: { current: 1200, days30: 300, days60: 0, days90: 0 },
};

type Handler = (url: URL, init?: RequestInit) => Promise<Response>;
/** Answers by path: the account's summary, its statement, and what a test adds. */
function stubFetch(more: Record<string, Handler> = {}) {
  const fn = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = more[key];
    if (handler) return handler(url, init);
    if (key === 'GET /api/customers/c1/account')
      return answer(accountResponses.summary, { success: true, data: SUMMARY });
    if (key === 'GET /api/customers/c1/account/entries')
      return answer(accountResponses.entries, { success: true, data: ENTRIES, meta: onePage(3) });
    return failure(404, 'Not found', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const sent = (fn: ReturnType<typeof stubFetch>, method: string) =>
  fn.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([u, init]) => ({ url: String(u), body: JSON.parse(String(init?.body)) }));

beforeAll(() => {
  // The Reason's autosize listens for web fonts, which happy-dom leaves out.
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
afterEach(() => {
  useSessionStore.getState().clearSession();
  vi.unstubAllGlobals();
});

describe('the customer page: Account tab', () => {
  it('shows the balance owed, the limit, what is left and the ageing; the statement with its running balance', async () => {
    stubFetch();
    renderWithProviders(<AccountTab customer={ayesha} customerId="c1" active timeZone="Asia/Karachi" mayManage />);
    expect(screen.getByLabelText('Balance owed').textContent).toBe('PKR 1,500.00');
    expect(screen.getByLabelText('Credit limit').textContent).toBe('PKR 2,000.00');
    await waitFor(() => expect(screen.getByLabelText('Current (0-29 days)').textContent).toBe('PKR 1,200.00'));
    expect(screen.getByLabelText('Available').textContent).toBe('PKR 500.00');
    expect(screen.getByLabelText('30-59 days').textContent).toBe('PKR 300.00');
    expect(screen.getByLabelText('90+ days').textContent).toBe('PKR 0.00');
    const table = await screen.findByRole('table', { name: 'Account statement' });
    const rows = within(table).getAllByTestId('account-entry');
    expect(rows.map((row) => row.textContent)).toEqual([
      '15/01/2026 14:30Payment (Card)Paid at the counterBy Maria ManagerMaria Manager-PKR 500.00Balance PKR 1,500.00PKR 1,500.00',
      '14/01/2026 14:30Sale R2-000017OfflineBy Sara CashierApproved by Maria ManagerSara CashierMaria Manager+PKR 1,200.00Balance PKR 2,000.00PKR 2,000.00',
      '13/01/2026 14:30Sale RCP-000042By Maria ManagerMaria Manager+PKR 800.00Balance PKR 800.00PKR 800.00',
    ]);
    // A sale links to it on the transactions screen.
    expect(within(table).getByRole('link', { name: 'Sale R2-000017' }).getAttribute('href')).toBe(
      '/dashboard/transactions?id=s2',
    );
    expect(screen.getByRole('button', { name: 'Receive payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set credit limit' })).toBeTruthy();
  });

  it('for a user who may not manage it: no Receive payment or Set credit limit; without entries the empty text', async () => {
    stubFetch({
      'GET /api/customers/c1/account/entries': () =>
        answer(accountResponses.entries, { success: true, data: [], meta: onePage(0) }),
    });
    renderWithProviders(<AccountTab customer={ayesha} customerId="c1" active timeZone={undefined} mayManage={false} />);
    expect(await screen.findByText('No account entries yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Receive payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set credit limit' })).toBeNull();
  });

  it('labels each entry', () => {
    expect(accountEntryLabel({ kind: 'return', method: null, reference: { number: 'RET-000001' } })).toBe(
      'Return RET-000001',
    );
    expect(accountEntryLabel({ kind: 'payment', method: 'cash', reference: null })).toBe('Payment (Cash)');
    expect(accountEntryLabel({ kind: 'sale', method: null, reference: null })).toBe('Sale');
    expect(typedAmount('1,250.5')).toBe(1250.5);
    expect(typedAmount('')).toBeUndefined();
  });
});

describe('the Set credit limit dialog', () => {
  it("the shared schema's messages, the limit below the balance said, the PUT with the reason, a server field error", async () => {
    const user = userEvent.setup();
    const fetch = stubFetch({
      'PUT /api/customers/c1/account': () =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              success: false,
              message: 'Validation failed',
              code: 'VALIDATION_ERROR',
              errors: { reason: ACCOUNT_MSG.reasonRequired },
            }),
            { status: 400 },
          ),
        ),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <CreditLimitModal opened onClose={onClose} customer={ayesha} balance={1500} creditLimit={2000} />,
    );
    const dialog = screen.getByRole('dialog', { name: LIMIT_TEXT.title });
    const limit = within(dialog).getByLabelText(/^Credit limit/);
    expect((limit as HTMLInputElement).value).toBe('2,000');
    expect(within(dialog).getByLabelText('Available after').textContent).toBe('PKR 500.00');
    // Empty: the schema's message; no reason: its message; nothing sent.
    await user.clear(limit);
    await user.click(within(dialog).getByRole('button', { name: LIMIT_TEXT.save }));
    expect(within(dialog).getByText(ACCOUNT_MSG.limitInvalid)).toBeTruthy();
    expect(within(dialog).getByText(ACCOUNT_MSG.reasonRequired)).toBeTruthy();
    expect(sent(fetch, 'PUT')).toHaveLength(0);
    // Below the balance: allowed, and said.
    await user.type(limit, '1000');
    expect(within(dialog).getByLabelText('Available after').textContent).toBe('PKR 0.00');
    expect(within(dialog).getByText(LIMIT_TEXT.overNewLimit)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Paid late twice');
    await user.click(within(dialog).getByRole('button', { name: LIMIT_TEXT.save }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Validation failed'));
    expect(sent(fetch, 'PUT')).toEqual([
      { url: '/api/customers/c1/account', body: { creditLimit: 1000, reason: 'Paid late twice' } },
    ]);
    // The server's field message under its field; what was typed stays.
    expect(within(dialog).getByText(ACCOUNT_MSG.reasonRequired)).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Reason/) as HTMLTextAreaElement).value).toBe('Paid late twice');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves and closes', async () => {
    const user = userEvent.setup();
    stubFetch({
      'PUT /api/customers/c1/account': () =>
        answer(accountResponses.summary, { success: true, data: { ...SUMMARY, creditLimit: 3000, available: 1500 } }),
    });
    const onClose = vi.fn();
    renderWithProviders(<CreditLimitModal opened onClose={onClose} customer={ayesha} balance={1500} creditLimit={0} />);
    const dialog = screen.getByRole('dialog', { name: LIMIT_TEXT.title });
    await user.clear(within(dialog).getByLabelText(/^Credit limit/));
    await user.type(within(dialog).getByLabelText(/^Credit limit/), '3000');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'A regular customer');
    await user.click(within(dialog).getByRole('button', { name: LIMIT_TEXT.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('the Receive payment dialog', () => {
  it('the amount is required; card and a note are sent with the id of this payment; Enter records it', async () => {
    const user = userEvent.setup();
    const payment = entry({ id: 'e9', amount: -400, kind: 'payment', method: 'card', balance: 1100 });
    const fetch = stubFetch({
      'POST /api/customers/c1/account/payments': () =>
        answer(
          accountResponses.payment,
          { success: true, data: { entry: payment, account: { ...SUMMARY, balance: 1100, available: 900 } } },
          201,
        ),
    });
    const onClose = vi.fn();
    renderWithProviders(<ReceivePaymentModal opened onClose={onClose} customer={ayesha} balance={1500} />);
    const dialog = screen.getByRole('dialog', { name: 'Receive payment' });
    const amount = within(dialog).getByLabelText(/^Amount/);
    await user.click(amount);
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText(ACCOUNT_MSG.amountAboveZero)).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);
    // Cash says where it goes (no drawer in the back office).
    expect(within(dialog).getByText(/not counted in a register's drawer/)).toBeTruthy();
    await user.type(amount, '400');
    expect(within(dialog).getByLabelText('Balance after').textContent).toBe('PKR 1,100.00');
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.type(within(dialog).getByLabelText('Note'), 'Cheque cleared');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [post] = sent(fetch, 'POST');
    expect(post?.url).toBe('/api/customers/c1/account/payments');
    expect(post?.body).toMatchObject({ amount: 400, method: 'card', note: 'Cheque cleared' });
    expect(post?.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/customers/c1/account/payments': () => failure(400, ACCOUNT_MSG.paymentNeedsShift, 'BAD_REQUEST'),
    });
    const onClose = vi.fn();
    renderWithProviders(<ReceivePaymentModal opened onClose={onClose} customer={ayesha} balance={100} />);
    const dialog = screen.getByRole('dialog', { name: 'Receive payment' });
    await user.type(within(dialog).getByLabelText(/^Amount/), '150');
    expect(within(dialog).getByText('More than is owed: the account will be in credit')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(ACCOUNT_MSG.paymentNeedsShift));
    expect((within(dialog).getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('150');
    expect(onClose).not.toHaveBeenCalled();
  });
});

function renderPage(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard/account-ageing']}>
          <SelectionContext.Provider value={selection}>{ui}</SelectionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Account Ageing page', () => {
  const row = {
    customerId: 'c1',
    name: 'Ayesha Khan',
    phone: '03001234567',
    balance: 2500,
    creditLimit: 2000,
    current: 1200,
    days30: 300,
    days60: 0,
    days90: 1000,
    oldestUnpaidAt: '2025-10-01T09:30:00.000Z',
  };

  it("lists the branch's customers owing by age, the name opening their Account tab, with the exports", async () => {
    useSessionStore.getState().setSession({ user: manager as unknown as SessionUser, token: 't' });
    const fetch = stubFetch({
      'GET /api/accounts/ageing': () =>
        answer(accountResponses.ageing, { success: true, data: [row], meta: onePage(1) }),
    });
    renderPage(<AccountAgeingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Account Ageing' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Account ageing' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Customer',
      'Balance',
      'Credit limit',
      'Current (0-29 days)',
      '30-59 days',
      '60-89 days',
      '90+ days',
      'Oldest unpaid',
    ]);
    expect(within(table).getByTestId('ageing-row').textContent).toBe(
      'Ayesha Khan03001234567PKR 2,500.00PKR 2,000.00Over the limitPKR 1,200.00PKR 300.00PKR 0.00PKR 1,000.0001/10/2025',
    );
    expect(within(table).getByRole('link', { name: 'Ayesha Khan' }).getAttribute('href')).toBe(
      '/dashboard/customers/c1?tab=account',
    );
    expect(screen.getByRole('button', { name: 'Export CSV: account ageing' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export XLSX: account ageing' })).toBeTruthy();
    const url = String(fetch.mock.calls[0]?.[0]);
    expect(url).toContain('/api/accounts/ageing?branchId=b1&page=1&limit=10');
  });

  it('says so when nobody owes', async () => {
    useSessionStore.getState().setSession({ user: manager as unknown as SessionUser, token: 't' });
    stubFetch({
      'GET /api/accounts/ageing': () => answer(accountResponses.ageing, { success: true, data: [], meta: onePage(0) }),
    });
    renderPage(<AccountAgeingPage />);
    expect(await screen.findByText('No customer owes on account')).toBeTruthy();
  });

  it('is denied to a cashier, with nothing fetched', () => {
    useSessionStore.getState().setSession({ user: cashier as unknown as SessionUser, token: 't' });
    const fetch = stubFetch();
    renderPage(<AccountAgeingPage />);
    expect(screen.getByText(/Only managers and administrators can view the account ageing/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
