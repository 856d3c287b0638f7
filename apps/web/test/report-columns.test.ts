import type { Report } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { reportColumns } from '../src/features/reports/utils/reports';

const row = (quantity: number | null) => ({
  key: 'cash',
  label: 'Cash',
  transactions: 2,
  quantity,
  revenue: 10,
  returned: 0,
  netRevenue: 10,
});
const report = (quantity: number | null) => ({ rows: [row(quantity)] }) as unknown as Report;

describe('report columns', () => {
  it('counts payments, not sales, by payment method, and shows no units there', () => {
    const cols = reportColumns(report(null), 'sales-by-payment-method');
    expect(cols.map((c) => c.label)).toEqual(['Payments', 'Revenue', 'Returned', 'Net revenue']);
  });
  it('counts transactions and units by day', () => {
    const cols = reportColumns(report(3), 'sales-by-day');
    expect(cols.map((c) => c.label)).toEqual(['Transactions', 'Units sold', 'Revenue', 'Returned', 'Net revenue']);
  });
});
