import 'fake-indexeddb/auto';
import { type Branch, type GiftVoucher, VOUCHER_MSG, voucherResponses } from '@pos/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELL_VOUCHER_TEXT, SellVoucherModal } from '../src/features/pos/components/sell-voucher-modal';
import { ShiftBar } from '../src/features/pos/components/shift-bar';
import { VOUCHER_SOLD_TEXT } from '../src/features/pos/components/voucher-sold';
import { connectivityStore } from '../src/features/pos/offline/connectivity';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, failure } from './answers';
import { renderWithProviders } from './render';

/** The register's open shift (null: none), as useShift gives it. */
const SHIFT_ID = '0b6f7a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const shiftState = vi.hoisted(() => ({ shift: null as { id: string } | null }));
vi.mock('../src/features/pos/hooks/use-shift', () => ({
  useShift: () => ({
    register: { registerId: 'r1', code: 'R1' },
    current: { shift: shiftState.shift, denominations: [], overShortThreshold: 5 },
    shift: shiftState.shift,
    savedAt: null,
    refresh: () => Promise.resolve(),
  }),
  useShiftReport: () => ({ data: undefined }),
  useRefreshShiftFigures: () => () => {},
}));
vi.mock('../src/features/pos/offline/outbox', () => ({ useOutbox: () => ({ waiting: 0 }) }));
const printVoucherSlip = vi.hoisted(() => vi.fn());
vi.mock('../src/lib/printing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/printing')>()),
  printVoucherSlip: (...args: unknown[]) => printVoucherSlip(...args),
}));

const BRANCH_ID = '7d3c1a52-5b8e-4f7a-9c1d-2e6f8a9b0c13';
const branch: Branch = {
  id: BRANCH_ID,
  name: 'Main Branch',
  address: 'Mall Road',
  phone: '03001234567',
  companyId: 'c1',
  isMain: true,
  isActive: true,
  timezone: 'Asia/Karachi',
};
const selection = { company: { id: 'c1', name: 'Demo Mart' }, branch, branches: [branch], isLoading: false };
const CODE = 'GV7K2M9P4QXR';
const sold = (fields: Partial<GiftVoucher> = {}): GiftVoucher => ({
  id: 'v1',
  code: CODE,
  amount: 250,
  balance: 250,
  expiresOn: null,
  status: 'active',
  branchName: 'Main Branch',
  soldByName: 'Sara Cashier',
  createdAt: '2026-01-15T09:30:00.000Z',
  ...fields,
});

/** POST /gift-vouchers answers `replies` in turn; every body sent is kept. */
function stubSales(...replies: Array<() => Promise<Response>>) {
  const bodies: Record<string, unknown>[] = [];
  const fn = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method !== 'POST' || url.pathname !== '/api/gift-vouchers') return failure(404, 'Not found', 'NOT_FOUND');
    bodies.push(JSON.parse(String(init.body)));
    const reply = replies[Math.min(bodies.length - 1, replies.length - 1)];
    return reply ? reply() : failure(500, 'No reply', 'INTERNAL');
  });
  vi.stubGlobal('fetch', fn);
  return bodies;
}
const soldAnswer =
  (fields: Partial<GiftVoucher> = {}) =>
  () =>
    answer(voucherResponses.one, { success: true, data: sold(fields) }, 201);

function openSell() {
  const onClose = vi.fn();
  const onSold = vi.fn();
  renderWithProviders(
    <SelectionContext.Provider value={selection}>
      <SellVoucherModal opened onClose={onClose} onSold={onSold} />
    </SelectionContext.Provider>,
  );
  const dialog = screen.getByRole('dialog', { name: SELL_VOUCHER_TEXT.title });
  return { dialog, onClose, onSold };
}

beforeEach(() => {
  shiftState.shift = { id: SHIFT_ID };
  printVoucherSlip.mockReset();
  printVoucherSlip.mockResolvedValue('usb');
  connectivityStore.setState({ online: true, offlineSince: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the register: Sell gift voucher', () => {
  it('is in the Shift menu: it opens the Sell gift voucher dialog', async () => {
    renderWithProviders(
      <SelectionContext.Provider value={selection}>
        <ShiftBar branchId={BRANCH_ID} />
      </SelectionContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Shift R1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sell gift voucher' }));
    expect(await screen.findByRole('dialog', { name: SELL_VOUCHER_TEXT.title })).toBeTruthy();
  });

  it('offline the menu item is disabled', async () => {
    connectivityStore.setState({ online: false, offlineSince: Date.now() });
    renderWithProviders(<ShiftBar branchId={BRANCH_ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Shift R1' }));
    const item = await screen.findByRole('menuitem', { name: 'Sell gift voucher' });
    expect(item.hasAttribute('data-disabled')).toBe(true);
    expect(screen.getByText('No sale, gift vouchers and Close shift need the server')).toBeTruthy();
  });

  it('cash into the open shift: the shared messages first; sold, its code on screen and its slip printed (drawer kick)', async () => {
    const user = userEvent.setup();
    const bodies = stubSales(soldAnswer({ expiresOn: '2099-12-31' }));
    const { dialog, onSold } = openSell();
    const amount = within(dialog).getByLabelText(SELL_VOUCHER_TEXT.amount);
    expect(within(dialog).getByRole('radio', { name: 'Cash' })).toHaveProperty('checked', true);
    // Enter with no amount: the shared schema's message, nothing sent.
    await user.type(amount, '{Enter}');
    expect(await within(dialog).findByText(VOUCHER_MSG.amountAboveZero)).toBeTruthy();
    // An expiry day not after today: refused before the server.
    const expiry = within(dialog).getByLabelText(SELL_VOUCHER_TEXT.expiry);
    fireEvent.change(expiry, { target: { value: '2020-01-01' } });
    await user.type(amount, '250{Enter}');
    expect(await within(dialog).findByText(VOUCHER_MSG.expiryPast)).toBeTruthy();
    expect(bodies).toHaveLength(0);
    fireEvent.change(expiry, { target: { value: '2099-12-31' } });
    expect(within(dialog).getByText('Can be spent until 31/12/2099.')).toBeTruthy();
    await user.type(amount, '{Enter}');

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      branchId: BRANCH_ID,
      amount: 250,
      method: 'cash',
      shift_id: SHIFT_ID,
      expires_on: '2099-12-31',
    });
    expect(String(bodies[0]?.id)).toMatch(/^[0-9a-f-]{36}$/);
    const sold = await within(dialog).findByTestId('voucher-sold');
    expect(within(sold).getByText(VOUCHER_MSG.sold)).toBeTruthy();
    expect(within(sold).getByLabelText(VOUCHER_SOLD_TEXT.code).textContent).toBe(CODE);
    expect(sold.textContent).toContain('Valid until: 31/12/2099');
    const done = within(dialog).getByRole('button', { name: VOUCHER_SOLD_TEXT.done });
    expect(document.activeElement).toBe(done);
    expect(onSold).toHaveBeenCalledTimes(1);
    // The slip: the voucher, the receipt header's branch, the drawer kick (cash).
    await waitFor(() => expect(within(dialog).getByText(VOUCHER_SOLD_TEXT.printed)).toBeTruthy());
    expect(printVoucherSlip).toHaveBeenCalledTimes(1);
    expect(printVoucherSlip.mock.calls[0]?.[0]).toMatchObject({
      code: CODE,
      amount: 250,
      expiresOn: '2099-12-31',
      branchName: 'Main Branch',
    });
    expect(printVoucherSlip.mock.calls[0]?.[1]).toEqual({ openDrawer: true });
    // Print again: a copy, the drawer shut.
    await user.click(within(dialog).getByRole('button', { name: VOUCHER_SOLD_TEXT.printAgain }));
    await waitFor(() => expect(printVoucherSlip).toHaveBeenCalledTimes(2));
    expect(printVoucherSlip.mock.calls[1]?.[1]).toEqual({ openDrawer: false });
  });

  it("card: no shift needed; the server's refusal in the dialog, what was typed kept, the retry under the same id; no printer says to write the code down", async () => {
    const user = userEvent.setup();
    shiftState.shift = null;
    printVoucherSlip.mockRejectedValue(new Error('no printer'));
    const bodies = stubSales(
      () => failure(409, 'Please retry: a concurrent change got there first', 'RETRY'),
      soldAnswer(),
    );
    const { dialog } = openSell();
    // Cash without an open shift: said, and not sold.
    expect(within(dialog).getByText(SELL_VOUCHER_TEXT.noShift)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: SELL_VOUCHER_TEXT.submit })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    expect(within(dialog).queryByText(SELL_VOUCHER_TEXT.noShift)).toBeNull();
    const amount = within(dialog).getByLabelText(SELL_VOUCHER_TEXT.amount);
    await user.type(amount, '250{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please retry: a concurrent change got there first',
    );
    expect((amount as HTMLInputElement).value).toBe('250');
    await user.click(within(dialog).getByRole('button', { name: SELL_VOUCHER_TEXT.submit }));
    await within(dialog).findByTestId('voucher-sold');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({ id: bodies[0]?.id, branchId: BRANCH_ID, amount: 250, method: 'card' });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(await within(dialog).findByText(VOUCHER_SOLD_TEXT.printFailed)).toBeTruthy();
    expect(printVoucherSlip.mock.calls[0]?.[1]).toEqual({ openDrawer: false });
    expect(within(dialog).getByTestId('sold-voucher-code').textContent).toBe(CODE);
  });
});
