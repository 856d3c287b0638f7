import 'fake-indexeddb/auto';
import { type Branch, type SyncVoucher, syncResponses, VOUCHER_CODE_INVALID, voucherCodeDigest } from '@pos/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentModal } from '../src/features/pos/components/payment-modal';
import { VOUCHER_TENDER_TEXT } from '../src/features/pos/hooks/use-voucher-tender';
import { connectivityStore } from '../src/features/pos/offline/connectivity';
import { getMeta, registerDb } from '../src/features/pos/offline/db';
import { queueOfflineSale } from '../src/features/pos/offline/outbox';
import { localToday, localVoucher, syncVouchers } from '../src/features/pos/offline/voucher-sync';
import { createCartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import { buildSalePayload, type PaymentDetails } from '../src/features/pos/store/sale-payload';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, failure } from './answers';
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
const CODE = 'GV7K2M9P4QXR';
const EXPIRED = 'GV0000000001';
const SPENT = 'GV0000000002';

/** A voucher as GET /sync/gift-vouchers answers it: the digest of its code in company c1. */
let ids = 0;
const synced = async (code: string, fields: Partial<SyncVoucher> = {}): Promise<SyncVoucher> => ({
  id: `00000000-0000-4000-9000-${String(++ids).padStart(12, '0')}`,
  digest: await voucherCodeDigest(code, 'c1'),
  balance: 100,
  expiresOn: null,
  ...fields,
});

type Page = { vouchers: SyncVoucher[]; nextCursor: string; hasMore: boolean };

/** GET /sync/gift-vouchers answers by cursor ('' the first sync; a cursor without a page: the server's 400). */
function stubVoucherSync(pages: Record<string, Page>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/sync/gift-vouchers') return failure(404, 'Not found', 'NOT_FOUND');
      const cursor = url.searchParams.get('cursor') ?? '';
      asked.push(cursor);
      const page = pages[cursor];
      if (!page) return failure(400, 'Invalid sync cursor: start a full sync without one', 'BAD_REQUEST');
      return answer(syncResponses.vouchers, { success: true, data: page });
    }),
  );
  return asked;
}

/** A cart of one item at `price`, no tax. */
function cartOf(price: number) {
  const store = createCartStore();
  store.getState().setTaxRate(0);
  store.getState().addProduct({ id: `p-${price}`, name: 'Tea 900g', sku: 'TEA-900', price, stockQuantity: 9 }, 1);
  return selectActiveCart(store.getState());
}

/** A sale of `price` queued on this register, paid as `payment` says. */
let sales = 0;
const queueSale = (price: number, payment: PaymentDetails) =>
  queueOfflineSale({
    payload: buildSalePayload(cartOf(price), 'b1', payment),
    register: { registerId: 'register-1', code: 'R1' },
    cashier: { id: 'u-1', name: 'Sana Cashier' },
    branchName: 'Main Branch',
    saleId: `00000000-0000-4000-8000-${String(++sales).padStart(12, '0')}`,
  });

/** The register's synced vouchers: CODE with 100.00, one expired yesterday, one spent out. */
async function seedVouchers() {
  const yesterday = new Date();
  yesterday.setDate(yesterday.getDate() - 1);
  await registerDb().vouchers.bulkPut([
    await synced(CODE, { balance: 100 }),
    await synced(EXPIRED, { balance: 50, expiresOn: localToday(yesterday) }),
    await synced(SPENT, { balance: 0 }),
  ]);
}

function openPayment(total: number) {
  const onComplete = vi.fn<(payment: PaymentDetails) => void>();
  renderWithProviders(
    <SelectionContext.Provider value={selection}>
      <PaymentModal opened total={total} isPaying={false} onClose={() => {}} onComplete={onComplete} />
    </SelectionContext.Provider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Payment' });
  const complete = within(dialog).getByRole('button', { name: 'Complete Payment' }) as HTMLButtonElement;
  return { dialog, complete, onComplete };
}

beforeEach(() => connectivityStore.setState({ online: true, offlineSince: null }));
afterEach(async () => {
  vi.unstubAllGlobals();
  connectivityStore.setState({ online: true, offlineSince: null });
  const db = registerDb();
  await Promise.all([db.vouchers.clear(), db.outbox.clear(), db.meta.clear()]);
});

describe('the gift voucher sync', () => {
  it('pages the vouchers into IndexedDB by digest with their cursor; a delta updates them; a refused cursor starts over', async () => {
    const [a, b] = [await synced(CODE), await synced(EXPIRED, { balance: 20, expiresOn: '2030-01-31' })];
    const asked = stubVoucherSync({
      '': { vouchers: [a], nextCursor: 'page-2', hasMore: true },
      'page-2': { vouchers: [b], nextCursor: 'next-1', hasMore: false },
      // Spent out since: the delta says 0.
      'next-1': { vouchers: [{ ...a, balance: 0 }], nextCursor: 'next-2', hasMore: false },
    });
    await syncVouchers('b1');
    expect(asked).toEqual(['', 'page-2']);
    expect(await registerDb().vouchers.toArray()).toEqual(expect.arrayContaining([a, b]));
    // Never the code: the row is the digest, the id, the balance and the last day.
    const row = await registerDb().vouchers.get(a.digest);
    expect(Object.keys(row ?? {}).sort()).toEqual(['balance', 'digest', 'expiresOn', 'id']);
    expect(JSON.stringify(await registerDb().vouchers.toArray())).not.toContain(CODE);
    expect(await getMeta('voucherCursor:b1')).toBe('next-1');

    await syncVouchers('b1');
    expect(asked.at(-1)).toBe('next-1');
    expect((await registerDb().vouchers.get(a.digest))?.balance).toBe(0);
    expect(await getMeta('voucherCursor:b1')).toBe('next-2');
    // 'next-2' is refused (the server's data was reset): a full sync again.
    await syncVouchers('b1');
    expect(asked.slice(-3)).toEqual(['next-2', '', 'page-2']);
  });
});

describe('a gift voucher read offline', () => {
  it("pays at most its synced balance less what this register's queued sales spent from it", async () => {
    await seedVouchers();
    const found = await localVoucher(` ${CODE.toLowerCase()} `, 'c1');
    expect(found).toEqual({
      code: CODE,
      balance: 100,
      syncedBalance: 100,
      queued: 0,
      expiresOn: null,
      status: 'active',
    });
    // Two offline sales: 30.00 of one by the voucher (typed in lower case), 45.50 of another by it and cash; a card
    // sale and another voucher's sale spend none of it.
    await queueSale(30, { method: 'voucher', amountReceived: 30, voucherCode: CODE.toLowerCase() });
    await queueSale(60, {
      method: 'mixed',
      amountReceived: 60,
      tenders: [
        { method: 'voucher', amount: 45.5 },
        { method: 'cash', amount: 14.5 },
      ],
      voucherCode: CODE,
    });
    await queueSale(10, { method: 'card', amountReceived: 10 });
    await queueSale(5, { method: 'voucher', amountReceived: 5, voucherCode: EXPIRED });
    expect(await localVoucher(CODE, 'c1')).toMatchObject({ balance: 24.5, syncedBalance: 100, queued: 75.5 });
    // A sale the server refused stays in the outbox (retried by hand): still spent here.
    await registerDb().outbox.toCollection().modify({ status: 'error' });
    expect(await localVoucher(CODE, 'c1')).toMatchObject({ balance: 24.5 });
    // Spent past it: nothing left, never below 0.
    await queueSale(30, { method: 'voucher', amountReceived: 30, voucherCode: CODE });
    expect(await localVoucher(CODE, 'c1')).toMatchObject({ balance: 0, queued: 105.5, status: 'used' });
  });

  it('an unknown code, or one of another company, is not known; a malformed one is refused; expired after its last day', async () => {
    await seedVouchers();
    expect(await localVoucher('GV9999999999', 'c1')).toBeNull();
    expect(await localVoucher(CODE, 'c2')).toBeNull();
    expect(await localVoucher('not a code', 'c1')).toBe('invalid');
    expect(await localVoucher(EXPIRED, 'c1')).toMatchObject({ status: 'expired', balance: 50 });
    const row = await registerDb().vouchers.get(await voucherCodeDigest(EXPIRED, 'c1'));
    // On its last day it still pays.
    expect(await localVoucher(EXPIRED, 'c1', row?.expiresOn ?? '')).toMatchObject({ status: 'active' });
    expect(await localVoucher(SPENT, 'c1')).toMatchObject({ status: 'used', balance: 0 });
  });
});

describe('the Payment dialog offline: a gift voucher', () => {
  it('is found by its digest, never asking the server; pays at most what is left of it and what is due', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(() => failure(500, 'Not expected offline', 'INTERNAL'));
    vi.stubGlobal('fetch', fetch);
    await seedVouchers();
    await queueSale(40, { method: 'voucher', amountReceived: 40, voucherCode: CODE });
    connectivityStore.setState({ online: false, offlineSince: Date.now() });
    const { dialog, complete, onComplete } = openPayment(85);
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    await user.type(within(dialog).getByLabelText(VOUCHER_TENDER_TEXT.code), `${CODE.toLowerCase()}{Enter}`);
    await waitFor(() => expect(within(dialog).getByTestId('voucher-balance').textContent).toBe('Balance PKR 60.00'));
    expect(within(dialog).getByTestId('voucher-offline').textContent).toBe(
      'Offline: PKR 100.00 at the last sync, less PKR 40.00 spent on this register since',
    );
    expect(within(dialog).getByTestId('voucher-found').textContent).toContain('No expiry');
    const amount = within(dialog).getByLabelText('Gift voucher amount');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('placeholder')).toBe('60.00');
    await user.type(amount, '60.01');
    expect(within(dialog).getByText('Only PKR 60.00 left on the gift voucher')).toBeTruthy();
    expect(complete.disabled).toBe(true);
    await user.clear(amount);
    await user.keyboard('{F8}');
    await user.type(within(dialog).getByLabelText('Amount Received'), '25{Enter}');
    expect(onComplete).toHaveBeenCalledWith({
      method: 'mixed',
      amountReceived: 85,
      tenders: [
        { method: 'voucher', amount: 60 },
        { method: 'cash', amount: 25 },
      ],
      voucherCode: CODE,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says when a code is not known offline, malformed, expired or spent out; nothing to pay then', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => failure(500, 'Not expected offline', 'INTERNAL')),
    );
    await seedVouchers();
    connectivityStore.setState({ online: false, offlineSince: Date.now() });
    const { dialog, complete } = openPayment(85);
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    const code = within(dialog).getByLabelText(VOUCHER_TENDER_TEXT.code);
    await user.type(code, 'GV9999999999{Enter}');
    expect(await within(dialog).findByText(VOUCHER_TENDER_TEXT.notKnownOffline)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await user.clear(code);
    await user.type(code, 'GV-12{Enter}');
    expect(await within(dialog).findByText(VOUCHER_CODE_INVALID)).toBeTruthy();
    await user.clear(code);
    await user.type(code, `${EXPIRED}{Enter}`);
    expect(await within(dialog).findByText(/^Expired on \d\d\/\d\d\/\d{4}: it cannot pay$/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Gift voucher amount')).toBeNull();
    await user.clear(code);
    await user.type(code, `${SPENT}{Enter}`);
    expect(await within(dialog).findByText('Nothing is left on this gift voucher')).toBeTruthy();
    expect(complete.disabled).toBe(true);
  });

  it('online, a server out of reach: the register reads its own vouchers and is offline from then on', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await seedVouchers();
    const { dialog } = openPayment(85);
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    await user.type(within(dialog).getByLabelText(VOUCHER_TENDER_TEXT.code), `${CODE}{Enter}`);
    await waitFor(() => expect(within(dialog).getByTestId('voucher-balance').textContent).toBe('Balance PKR 100.00'));
    expect(within(dialog).getByTestId('voucher-offline').textContent).toBe('Offline: the balance at the last sync');
    expect(connectivityStore.getState().online).toBe(false);
  });
});
