import { Notifications, notifications } from '@mantine/notifications';
import { FISCAL_MSG, type FiscalDocument, type FiscalStatus, fiscalResponses, type SessionUser } from '@pos/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FiscalStatusPanel } from '../src/features/dashboard/components/fiscal-status-panel';
import { formatAge } from '../src/features/dashboard/utils/format';
import { useSessionStore } from '../src/lib/session-store';
import { answer, failure, onePage } from './answers';
import { renderWithProviders } from './render';

const BRANCH = 'b1';
const manager = {
  id: 'u-m',
  name: 'Maria Manager',
  username: 'manager',
  company: [],
  roles: [{ name: 'Manager', permissions: ['view_transactions', 'manage_register_rules'] }],
};
const cashier = {
  id: 'u-c',
  name: 'Sara Cashier',
  username: 'cashier',
  company: [],
  roles: [{ name: 'Cashier', permissions: ['sell', 'view_transactions'] }],
};

const HOUR = 3_600_000;
const reporting: FiscalStatus = {
  provider: 'fbr',
  pending: 2,
  failed: 1,
  sent: 40,
  oldestPendingAt: new Date(Date.now() - 26 * HOUR - 5 * 60_000).toISOString(),
  overdue: true,
};
const refused: FiscalDocument = {
  id: 'd1',
  kind: 'sale',
  documentId: 's1',
  usin: 'R01-000017',
  registerCode: 'R01',
  status: 'failed',
  attempts: 1,
  fiscalNumber: null,
  lastCode: '0401',
  lastError: 'Invalid PCT code',
  createdAt: '2026-03-05T10:15:00.000Z',
  sentAt: null,
};

type Call = [string, RequestInit | undefined];
let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
let status: FiscalStatus;
let failed: FiscalDocument[];

const requests = (method: string, path: string) =>
  (fetchMock.mock.calls as Call[]).filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path),
  );

beforeEach(() => {
  status = reporting;
  failed = [refused];
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url.includes('/fiscal/status')) return answer(fiscalResponses.status, { success: true, data: status });
    if (url.includes('/fiscal/documents?')) {
      return answer(fiscalResponses.list, { success: true, data: failed, meta: onePage(failed.length, 5) });
    }
    if (url.endsWith('/resend') && init?.method === 'POST') {
      status = { ...status, failed: 0, pending: status.pending + 1 };
      failed = [];
      return answer(fiscalResponses.one, {
        success: true,
        data: { ...refused, status: 'pending' },
        message: FISCAL_MSG.resent,
      });
    }
    return failure(404, 'Not found', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.getState().setSession({ user: manager as unknown as SessionUser, token: 't' });
});
afterEach(() => {
  notifications.clean();
  useSessionStore.getState().clearSession();
  vi.unstubAllGlobals();
});

const renderPanel = () =>
  renderWithProviders(
    <>
      <Notifications />
      <FiscalStatusPanel branchId={BRANCH} timezone="Asia/Karachi" />
    </>,
  );

describe('FiscalStatusPanel', () => {
  it('is not shown while the branch does not report', async () => {
    status = { provider: 'none', pending: 0, failed: 0, sent: 0, oldestPendingAt: null, overdue: false };
    renderPanel();
    await waitFor(() => expect(requests('GET', '/fiscal/status')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'FBR Reporting' })).toBeNull();
    expect(requests('GET', '/fiscal/documents')).toHaveLength(0);
  });

  it('shows the counts, the oldest pending invoice and a red alert past the 24-hour rule', async () => {
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'FBR Reporting' })).toBeTruthy();
    const figures = screen.getByTestId('fiscal-figures');
    expect(figures.textContent).toBe('Pending2Failed1Sent40Oldest pending1 d 2 h old');
    const alert = screen.getByTestId('fiscal-overdue');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain("Past FBR's 24-hour rule");
    expect(alert.textContent).toContain('The oldest pending invoice was made 1 d 2 h ago');
    expect(String(requests('GET', '/fiscal/status')[0]?.[0])).toContain(`branchId=${BRANCH}`);
  });

  it('has no alert while every pending invoice is within the rule', async () => {
    status = { ...reporting, overdue: false, oldestPendingAt: new Date(Date.now() - 5 * 60_000).toISOString() };
    renderPanel();
    expect(await screen.findByText('5 min old')).toBeTruthy();
    expect(screen.queryByTestId('fiscal-overdue')).toBeNull();
  });

  it("lists the failed invoices with their register, FBR's code and reason, paged on the server", async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Failed fiscal invoices' });
    const [header, row] = within(table).getAllByRole('row');
    expect(header?.textContent).toBe("USINRegisterFBR's codeReasonAction");
    // On a phone the register, the code and Resend show in the USIN and Reason cells (both are in the page here).
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'R01-00001705/03/2026 15:15R01',
      'R01',
      '0401',
      '0401Invalid PCT codeResend',
      'Resend',
    ]);
    const [list] = requests('GET', '/fiscal/documents');
    expect(list?.[0]).toContain('status=failed');
    expect(list?.[0]).toContain('page=1');
    expect(list?.[0]).toContain('limit=5');
  });

  it('resends a failed invoice after a confirmation, then reads the status and the list again', async () => {
    renderPanel();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Resend R01-000017' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Resend invoice' });
    expect(dialog.textContent).toContain(
      'Send R01-000017 to FBR again? FBR answered 0401: Invalid PCT code. Resend it once the cause is put right.',
    );
    expect(requests('POST', '/resend')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(requests('POST', '/fiscal/documents/d1/resend')).toHaveLength(1));
    expect(await screen.findByText(`${FISCAL_MSG.resent}: R01-000017.`)).toBeTruthy();
    expect(await screen.findByText('No failed invoices: FBR has taken every invoice sent.')).toBeTruthy();
    expect(screen.getByTestId('fiscal-figures').textContent).toContain('Failed0');
    expect(requests('GET', '/fiscal/status').length).toBeGreaterThanOrEqual(2);
  });

  it('offers no Resend to a user who may not resend', async () => {
    useSessionStore.getState().setSession({ user: cashier as unknown as SessionUser, token: 't' });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Failed fiscal invoices' });
    expect(within(table).getByText('Invalid PCT code')).toBeTruthy();
    expect(within(table).queryByRole('button')).toBeNull();
  });
});

describe('formatAge', () => {
  const now = Date.parse('2026-03-05T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('names an age in its two largest units', () => {
    expect(formatAge(ago(30_000), now)).toBe('under a minute');
    expect(formatAge(ago(45 * 60_000), now)).toBe('45 min');
    expect(formatAge(ago(3 * HOUR), now)).toBe('3 h');
    expect(formatAge(ago(3 * HOUR + 12 * 60_000), now)).toBe('3 h 12 min');
    expect(formatAge(ago(52 * HOUR), now)).toBe('2 d 4 h');
    expect(formatAge(ago(48 * HOUR + 59_000), now)).toBe('2 d');
    expect(formatAge(new Date(now + 60_000).toISOString(), now)).toBe('under a minute');
    expect(formatAge('not a date', now)).toBe('N/A');
  });
});
