import 'fake-indexeddb/auto';
import { type Sale, transactionResponses } from '@pos/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsKey } from '../src/features/pos/offline/catalogue-sync';
import { connectivityStore } from '../src/features/pos/offline/connectivity';
import { registerDb } from '../src/features/pos/offline/db';
import { receiptFiscal } from '../src/features/pos/store/fiscal-receipt';
import { answer, failure } from './answers';

/**
 * What a new sale's receipt says of its FBR invoice: nothing in a branch that does not report; the number when
 * the server's outbox got it in time (the sale read back); 'pending' (null) offline, refused or too late.
 */
const BRANCH = 'b1';
const settings = (fiscal: boolean) =>
  registerDb().meta.put({
    key: settingsKey(BRANCH),
    value: { taxRate: 0, currency: 'PKR', timezone: 'Asia/Karachi', fiscal, syncedAt: new Date().toISOString() },
  });
const sale: Sale = {
  id: 's1',
  receiptNumber: 'RCP-000001',
  transactionDate: '2026-11-29T10:15:00.000Z',
  cashierName: 'Cashier One',
  customer: null,
  paymentMethod: 'card',
  status: 'completed',
  subtotal: 100,
  discountType: 'amount',
  discountValue: 0,
  discountAmount: 0,
  taxRate: 0,
  taxAmount: 0,
  serviceFee: 0,
  total: 100,
  amountPaid: 100,
  changeAmount: 0,
  tenders: [{ method: 'card', amount: 100 }],
  refunded: [],
  sold_at: '2026-11-29T10:15:00.000Z',
  register_id: null,
  register_code: null,
  shift_id: null,
  offline: false,
  flags: [],
  branch: { id: BRANCH, name: 'Main Branch' },
  items: [],
};
const saleWith = (fiscal: Sale['fiscal']) =>
  answer(transactionResponses.sale, { success: true, data: { ...sale, fiscal } });

describe('receiptFiscal', () => {
  beforeEach(() => connectivityStore.setState({ online: true, offlineSince: null }));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await registerDb().meta.clear();
  });

  it('is nothing in a branch that does not report, and asks the server nothing', async () => {
    await settings(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await receiptFiscal({ id: 's1', offline: false }, BRANCH)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits for the number while the outbox sends it, then gives it', async () => {
    await settings(true);
    const answers = [
      saleWith({ status: 'pending', number: null }),
      saleWith({ status: 'sent', number: '7001251129154432' }),
    ];
    const fetch = vi.fn(async () => answers.shift() ?? failure(500, 'no more', 'ERROR'));
    vi.stubGlobal('fetch', fetch);
    expect(await receiptFiscal({ id: 's1', offline: false }, BRANCH)).toEqual({ number: '7001251129154432' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("prints 'pending' when the number is late, refused, or the sale was made offline", async () => {
    await settings(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => saleWith({ status: 'pending', number: null })),
    );
    expect(await receiptFiscal({ id: 's1', offline: false }, BRANCH, 300)).toEqual({ number: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => saleWith({ status: 'failed', number: null })),
    );
    expect(await receiptFiscal({ id: 's1', offline: false }, BRANCH)).toEqual({ number: null });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await receiptFiscal({ id: 's1', offline: true }, BRANCH)).toEqual({ number: null });
    expect(fetch).not.toHaveBeenCalled();
  });
});
