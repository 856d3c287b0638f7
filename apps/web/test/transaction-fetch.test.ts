import { type Sale, transactionResponses } from '@pos/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTransaction } from '../src/lib/api/transactions.api';
import { useSelectionStore } from '../src/lib/selection-store';
import { answer } from './answers';

const sale: Sale = {
  id: 's1',
  receiptNumber: 'RCP-000001',
  transactionDate: '2024-03-05T10:15:00.000Z',
  cashierName: 'Cashier One',
  customer: null,
  paymentMethod: 'card',
  status: 'completed',
  subtotal: 50,
  discountType: 'amount',
  discountValue: 0,
  discountAmount: 0,
  taxRate: 0,
  taxAmount: 0,
  serviceFee: 0,
  total: 50,
  amountPaid: 50,
  changeAmount: 0,
  tenders: [{ method: 'card', amount: 50 }],
  refunded: [],
  branch: { id: 'b-1', name: 'Main Branch' },
  items: [],
  sold_at: '2024-03-05T10:15:00.000Z',
  register_id: null,
  register_code: null,
  shift_id: null,
  offline: false,
  flags: [],
};
const saleAnswer = () => answer(transactionResponses.sale, { success: true, data: sale });

// A sale is read within the company the user has selected.
describe('fetchTransaction', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSelectionStore.getState().clearSelection();
  });

  it('asks for the sale within the selected company', async () => {
    const fetchMock = vi.fn((_url: RequestInfo | URL) => saleAnswer());
    vi.stubGlobal('fetch', fetchMock);
    useSelectionStore.getState().setSelection({ companyId: 'c-42', branchId: 'b-1' });
    await fetchTransaction('s1');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/transactions/s1?companyId=c-42');
  });

  it('sends no company when none is selected', async () => {
    const fetchMock = vi.fn((_url: RequestInfo | URL) => saleAnswer());
    vi.stubGlobal('fetch', fetchMock);
    await fetchTransaction('s1');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/transactions/s1');
  });
});
