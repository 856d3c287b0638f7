import { MONEY_METHOD_LABELS, type TransactionAnalytics } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import {
  dateRangeParams,
  EMPTY_FILTERS,
  emptyTransactionsText,
  hasActiveFilters,
  isPaymentFilter,
  NO_MATCHING_TRANSACTIONS,
  NO_TRANSACTIONS,
  PAYMENT_FILTER_OPTIONS,
  toDateParam,
  transactionListQuery,
} from '../src/features/transactions/utils/filters';
import { ACCESS_RESTRICTED, SUMMARY_CARD_KEYS, summaryCards } from '../src/features/transactions/utils/summary-cards';
import {
  customerLabel,
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatPercent,
  formatTime,
  orNotAvailable,
  paymentMethodLabel,
  showingRange,
  statusLabel,
} from '../src/lib/format';
import { receiptStore } from '../src/lib/printing/receipt-data';

describe('toDateParam', () => {
  it('keeps a picker value (yyyy-mm-dd)', () => {
    expect(toDateParam('2024-03-05')).toBe('2024-03-05');
  });
  it('keeps the day of a date-time string', () => {
    expect(toDateParam('2024-03-05 00:00:00')).toBe('2024-03-05');
  });
  it('reads a Date by its local calendar day', () => {
    expect(toDateParam(new Date(2024, 0, 9, 23, 59))).toBe('2024-01-09');
  });
  it.each([null, undefined, '', 'yesterday', '05/03/2024', '2024-02-30', '2024-13-01'])('drops %s', (value) => {
    expect(toDateParam(value)).toBeUndefined();
  });
  it('drops an invalid Date', () => {
    expect(toDateParam(new Date('nope'))).toBeUndefined();
  });
});

describe('dateRangeParams', () => {
  it('sends nothing without dates', () => {
    expect(dateRangeParams({ startDate: null, endDate: null })).toEqual({});
  });
  it('sends only the ends that are set', () => {
    expect(dateRangeParams({ startDate: '2024-03-01', endDate: null })).toEqual({ startDate: '2024-03-01' });
    expect(dateRangeParams({ startDate: null, endDate: '2024-03-31' })).toEqual({ endDate: '2024-03-31' });
  });
  it('sends both ends of a range', () => {
    expect(dateRangeParams({ startDate: '2024-03-01', endDate: '2024-03-31' })).toEqual({
      startDate: '2024-03-01',
      endDate: '2024-03-31',
    });
  });
  it('puts a backwards range the right way round (the server rejects end before start)', () => {
    expect(dateRangeParams({ startDate: '2024-03-31', endDate: '2024-03-01' })).toEqual({
      startDate: '2024-03-01',
      endDate: '2024-03-31',
    });
  });
  it('accepts a one-day range', () => {
    expect(dateRangeParams({ startDate: '2024-03-05', endDate: '2024-03-05' })).toEqual({
      startDate: '2024-03-05',
      endDate: '2024-03-05',
    });
  });
});

describe('transactionListQuery', () => {
  const paging = { branchId: 'b1', page: 2, limit: 20 };
  it('sends page, limit and branch alone without filters', () => {
    expect(transactionListQuery(EMPTY_FILTERS, paging)).toEqual({ branchId: 'b1', page: 2, limit: 20 });
  });
  it('adds the trimmed cashier name, a payment method and the dates', () => {
    expect(
      transactionListQuery(
        { cashierName: '  ali ', paymentMethod: 'card', startDate: '2024-03-01', endDate: '2024-03-31' },
        paging,
      ),
    ).toEqual({
      branchId: 'b1',
      page: 2,
      limit: 20,
      cashierName: 'ali',
      tender: 'card',
      startDate: '2024-03-01',
      endDate: '2024-03-31',
    });
  });
  it('asks for the sales a tender paid part of, and for Mixed by the payment method of the sale', () => {
    expect(transactionListQuery({ ...EMPTY_FILTERS, paymentMethod: 'voucher' }, paging)).toMatchObject({
      tender: 'voucher',
    });
    const mixed = transactionListQuery({ ...EMPTY_FILTERS, paymentMethod: 'mixed' }, paging);
    expect(mixed).toMatchObject({ paymentMethod: 'mixed' });
    expect(mixed).not.toHaveProperty('tender');
    expect(PAYMENT_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All',
      'Cash',
      'Card',
      'Store credit',
      'Account',
      'Gift voucher',
      'Exchange',
      'Mixed',
    ]);
  });
  it('leaves out payment method All and a blank cashier name', () => {
    expect(transactionListQuery({ ...EMPTY_FILTERS, cashierName: '   ', paymentMethod: 'all' }, paging)).toEqual({
      branchId: 'b1',
      page: 2,
      limit: 20,
    });
  });
});

describe('filters in use -> empty text', () => {
  it('says no transactions without filters', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(emptyTransactionsText(hasActiveFilters(EMPTY_FILTERS))).toBe('No transactions found');
  });
  it.each([
    ['a cashier name', { cashierName: 'sara' }],
    ['a payment method', { paymentMethod: 'cash' as const }],
    ['a start date', { startDate: '2024-01-01' }],
    ['an end date', { endDate: '2024-01-31' }],
  ])('says none match with %s', (_, change) => {
    const filters = { ...EMPTY_FILTERS, ...change };
    expect(hasActiveFilters(filters)).toBe(true);
    expect(emptyTransactionsText(hasActiveFilters(filters))).toBe('No transactions found matching your criteria');
  });
  it('ignores a blank cashier name and an unreadable date', () => {
    expect(hasActiveFilters({ ...EMPTY_FILTERS, cashierName: '  ', startDate: 'garbage' })).toBe(false);
  });
  it('has the spec texts', () => {
    expect(NO_TRANSACTIONS).toBe('No transactions found');
    expect(NO_MATCHING_TRANSACTIONS).toBe('No transactions found matching your criteria');
  });
  it('knows the payment options', () => {
    expect(['all', 'cash', 'card', 'mixed'].every(isPaymentFilter)).toBe(true);
    expect(isPaymentFilter('cheque')).toBe(false);
  });
});

describe('formatDate / formatDateTime (dd/mm/yyyy)', () => {
  // 2024-03-05 19:30 UTC is 2024-03-06 00:30 in Karachi (UTC+5).
  const instant = '2024-03-05T19:30:00.000Z';
  it('formats in the branch time zone', () => {
    expect(formatDate(instant, 'Asia/Karachi')).toBe('06/03/2024');
    expect(formatDateTime(instant, 'Asia/Karachi')).toBe('06/03/2024 00:30');
    expect(formatDateTime(instant, 'UTC')).toBe('05/03/2024 19:30');
  });
  it('pads day, month, hours and minutes', () => {
    expect(formatDateTime('2024-01-02T03:04:00Z', 'UTC')).toBe('02/01/2024 03:04');
  });
  it('uses 24 hours', () => {
    expect(formatDateTime('2024-12-31T23:59:00Z', 'UTC')).toBe('31/12/2024 23:59');
  });
  it('formatTime: HH:mm of an instant (ms since epoch, the register\'s "Offline since")', () => {
    expect(formatTime(Date.parse('2024-12-31T23:59:00Z'), 'UTC')).toBe('23:59');
    expect(formatTime(Date.parse('2024-01-02T03:04:00Z'), 'Asia/Karachi')).toBe('08:04');
    expect(formatTime(new Date(2024, 5, 7, 8, 9).getTime())).toBe('08:09');
    expect(formatTime(null)).toBe('N/A');
  });
  it('falls back to the browser zone for an unknown zone name', () => {
    const d = new Date(2024, 5, 7, 8, 9);
    expect(formatDateTime(d, 'Not/AZone')).toBe('07/06/2024 08:09');
    expect(formatDate(d)).toBe('07/06/2024');
  });
  it.each([null, undefined, '', 'not a date'])('reads N/A for %s', (value) => {
    expect(formatDate(value)).toBe('N/A');
    expect(formatDateTime(value)).toBe('N/A');
  });
});

describe('display values', () => {
  it('formats money as PKR in en-US', () => {
    expect(formatAmount(1234.5)).toBe('PKR 1,234.50');
    expect(formatAmount(0)).toBe('PKR 0.00');
    expect(formatAmount(null)).toBe('N/A');
  });
  it('formats counts and percents', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(undefined)).toBe('N/A');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(0)).toBe('0%');
  });
  it('shows Walk-in Customer without a customer', () => {
    expect(customerLabel(null)).toBe('Walk-in Customer');
    expect(customerLabel({ name: '  ' })).toBe('Walk-in Customer');
    expect(customerLabel({ name: 'Ayesha' })).toBe('Ayesha');
  });
  it('shows N/A for missing text', () => {
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable('')).toBe('N/A');
    expect(orNotAvailable('Sara')).toBe('Sara');
  });
  it('labels payment and status', () => {
    expect(paymentMethodLabel('cash')).toBe('Cash');
    expect(paymentMethodLabel('card')).toBe('Card');
    expect(paymentMethodLabel(undefined)).toBe('N/A');
    // A sale of several tenders, and the refund methods: the words the receipts print (MONEY_METHOD_LABELS).
    expect(paymentMethodLabel('mixed')).toBe('Mixed');
    expect(paymentMethodLabel('card_refund')).toBe('Card refund');
    for (const [method, label] of Object.entries(MONEY_METHOD_LABELS)) expect(paymentMethodLabel(method)).toBe(label);
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('partially_returned')).toBe('Partially Returned');
  });
  it('describes the shown range', () => {
    expect(showingRange({ page: 1, limit: 10, total: 42, noun: 'transactions' })).toBe(
      'Showing 1 - 10 of 42 transactions',
    );
    expect(showingRange({ page: 5, limit: 10, total: 42, noun: 'transactions' })).toBe(
      'Showing 41 - 42 of 42 transactions',
    );
    expect(showingRange({ page: 1, limit: 10, total: 0, noun: 'transactions' })).toBe(
      'Showing 0 - 0 of 0 transactions',
    );
  });
});

describe('summaryCards', () => {
  const analytics: TransactionAnalytics = {
    grossRevenue: 12500,
    grossTransactions: 10,
    grossSubtotal: 11000,
    grossTax: 1650,
    grossDiscounts: 150,
    grossItemsSold: 42,
    averageTransactionValue: 1250,
    totalReturns: 2,
    totalReturnedValue: 500,
    totalItemsReturned: 3,
    netRevenue: 12000,
    netSubtotal: 10500,
    netItemsSold: 39,
    returnRate: 7.1,
    refundRate: 4,
    period: { startDate: null, endDate: null, timezone: 'Asia/Karachi' },
  };
  it('has eight cards in order', () => {
    expect(summaryCards(analytics).map((c) => c.title)).toEqual([
      'Gross Revenue',
      'Net Revenue',
      'Transactions',
      'Average Transaction',
      'Items Sold',
      'Tax Collected',
      'Discounts',
      'Returns',
    ]);
    expect(SUMMARY_CARD_KEYS).toHaveLength(8);
  });
  it('formats the figures', () => {
    const byKey = Object.fromEntries(summaryCards(analytics).map((c) => [c.key, c]));
    expect(byKey.grossRevenue?.value).toBe('PKR 12,500.00');
    expect(byKey.netRevenue?.value).toBe('PKR 12,000.00');
    expect(byKey.netRevenue?.detail).toBe('After returns · 4% refunded');
    expect(byKey.transactions?.value).toBe('10');
    expect(byKey.averageTransaction?.value).toBe('PKR 1,250.00');
    expect(byKey.itemsSold?.value).toBe('42');
    expect(byKey.itemsSold?.detail).toBe('Net 39 after returns');
    expect(byKey.taxCollected?.value).toBe('PKR 1,650.00');
    expect(byKey.discounts?.value).toBe('PKR 150.00');
    expect(byKey.returns?.value).toBe('PKR 500.00');
    expect(byKey.returns?.detail).toBe('3 items · 7.1% return rate');
  });
  it('reads N/A without figures', () => {
    const cards = summaryCards(undefined);
    expect(cards.every((c) => c.value === 'N/A')).toBe(true);
    expect(ACCESS_RESTRICTED).toBe('Access Restricted');
  });
});

describe('receiptStore', () => {
  const sessionCompanies = [
    {
      id: 'c1',
      name: 'Demo Mart',
      address: '1 Mall Road, Lahore',
      phone: '042-1234567',
      currency: 'USD',
      taxId: '1234567-8',
      strn: '32-77-8761-234-56',
    },
    { id: 'c2', name: 'Other', address: 'Elsewhere', phone: '000' },
  ];
  it("takes the selected company's name, address, phone, NTN and STRN", () => {
    expect(receiptStore({ id: 'c1', name: 'Demo Mart' }, sessionCompanies, 'Asia/Karachi')).toEqual({
      name: 'Demo Mart',
      address: '1 Mall Road, Lahore',
      phone: '042-1234567',
      taxId: '1234567-8',
      strn: '32-77-8761-234-56',
      timeZone: 'Asia/Karachi',
      currency: 'USD',
    });
  });
  it('keeps the name alone when the session does not hold the company', () => {
    expect(receiptStore({ id: 'c9', name: 'New Co' }, sessionCompanies)).toEqual({
      name: 'New Co',
      address: null,
      phone: null,
      taxId: null,
      strn: null,
      timeZone: null,
      currency: null,
    });
  });
  it('is null without a selected company (the placeholders print)', () => {
    expect(receiptStore(null, sessionCompanies)).toBeNull();
  });
});
