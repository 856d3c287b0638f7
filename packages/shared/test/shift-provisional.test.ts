import { describe, expect, it } from 'vitest';
import { type CashMovement, exceedsDrawer, provisionalShiftReport, type ShiftReport, saleShiftFigures } from '../src';

const synced: CashMovement = {
  id: 'm0',
  kind: 'paid_out',
  amount: 5,
  reason: 'Milk',
  userName: 'Cashier One',
  at: '2025-01-15T05:00:00.000Z',
  offline: false,
  flags: [],
};

const base: ShiftReport = {
  shift: {
    id: 's1',
    branchId: 'b1',
    registerId: 'r1',
    registerCode: 'R1',
    cashierId: 'u1',
    cashierName: 'Cashier One',
    status: 'open',
    openedAt: '2025-01-15T04:00:00.000Z',
    openingFloat: 100,
    openingDenominations: null,
    closedAt: null,
    closedByName: null,
    counted: null,
    countedDenominations: null,
    expected: null,
    overShort: null,
    approvedByName: null,
    zNumber: null,
  },
  sales: {
    count: 2,
    total: 30.1,
    discount: 0,
    tax: 0,
    taxByRate: [{ rate: 0, included: false, taxable: 30.1, tax: 0 }],
    change: 9.9,
    byMethod: [{ method: 'cash', count: 2, total: 30.1 }],
  },
  refunds: { count: 0, total: 0, taxByRate: [], byMethod: [] },
  paidIn: 0,
  paidOut: 5,
  cashMovements: [synced],
  expectedCash: 125.1,
  lateSales: { count: 0, total: 0 },
};

const sale = (payment_method: 'cash' | 'card', amount_paid: number, extra: Record<string, unknown> = {}) => ({
  payment_method,
  items: [
    { price: 10.1, quantity: 3 },
    { price: 99.99, unit_price: 0.35, quantity: 1 },
  ],
  tax_rate: 17.5,
  discount_type: 'percentage' as const,
  discount_value: 12.5,
  amount_paid,
  ...extra,
});

describe('the provisional X report (server figures at the last sync + the outbox)', () => {
  it('adds a queued sale the way the server records it: totals from the lines at the charged price, change for cash', () => {
    // 3 x 10.10 + 0.35 (charged) = 30.65; 12.5 % off = 3.83 (3.83125 half up); 26.82 taxed 17.5 % = 4.69 (4.6935).
    expect(saleShiftFigures(sale('cash', 40))).toMatchObject({ total: 3151, discount: 383, tax: 469, change: 849 });
    expect(saleShiftFigures(sale('card', 31.51)).change).toBe(0);
  });

  it('adds the pending sales and movements to the counts, the totals by method and the expected cash, to the cent', () => {
    const paidIn = { ...synced, id: 'p1', kind: 'paid_in' as const, amount: 0.1, offline: true };
    const paidOut = { ...synced, id: 'p2', amount: 20.05, offline: true };
    const report = provisionalShiftReport(base, {
      sales: [sale('cash', 40), sale('card', 31.51)],
      movements: [paidIn, paidOut],
    });
    expect(report.sales).toEqual({
      count: 4,
      total: 93.12,
      discount: 7.66,
      tax: 9.38,
      taxByRate: [
        { rate: 0, included: false, taxable: 30.1, tax: 0 },
        { rate: 17.5, included: false, taxable: 53.64, tax: 9.38 },
      ],
      change: 18.39,
      byMethod: [
        { method: 'card', count: 1, total: 31.51 },
        { method: 'cash', count: 3, total: 61.61 },
      ],
    });
    expect([report.paidIn, report.paidOut]).toEqual([0.1, 25.05]);
    // 125.10 + 31.51 (cash sale) + 0.10 - 20.05: the card sale leaves the drawer alone.
    expect(report.expectedCash).toBe(136.66);
    expect(report.cashMovements.map((m) => m.id)).toEqual(['m0', 'p1', 'p2']);
    expect(report.shift).toBe(base.shift);
  });

  it('taxes each line at its own rate (an exempt item beside a taxed one), as the server charges the sale', () => {
    // 100.00 exempt + 2 x 50.00 at 17 %; 20.00 off split by goods (10.00 each): 90.00 at 0 %, 90.00 at 17 % = 15.30.
    const mixed = {
      payment_method: 'card',
      items: [
        { price: 100, quantity: 1, tax_rate: 0 },
        { price: 50, quantity: 2, tax_rate: 17 },
      ],
      tax_rate: 5,
      discount_type: 'amount' as const,
      discount_value: 20,
      amount_paid: 195.3,
    };
    expect(saleShiftFigures(mixed)).toMatchObject({ total: 19530, discount: 2000, tax: 1530 });
    const report = provisionalShiftReport(base, { sales: [mixed], movements: [] });
    expect(report.sales.tax).toBe(15.3);
    expect(report.sales.taxByRate).toEqual([
      { rate: 0, included: false, taxable: 120.1, tax: 0 },
      { rate: 17, included: false, taxable: 90, tax: 15.3 },
    ]);
  });

  it('adds a queued split tender by its tender lines: only the cash part (less the change) into the drawer', () => {
    // 31.51 paid 20.00 by card and 15.00 in cash: change 3.49, cash kept 11.51.
    const split = sale('cash', 35, {
      payment_method: 'mixed',
      tenders: [
        { method: 'card', amount: 20 },
        { method: 'cash', amount: 15 },
      ],
    });
    expect(saleShiftFigures(split)).toMatchObject({
      total: 3151,
      change: 349,
      tenders: [
        { method: 'card', amount: 2000 },
        { method: 'cash', amount: 1151 },
      ],
    });
    const report = provisionalShiftReport(base, { sales: [split], movements: [] });
    expect(report.sales.byMethod).toEqual([
      { method: 'card', count: 1, total: 20 },
      { method: 'cash', count: 3, total: 41.61 },
    ]);
    expect(report.sales.change).toBe(13.39);
    expect(report.expectedCash).toBe(136.61);
  });

  it('is the server report itself with nothing pending', () => {
    expect(provisionalShiftReport(base, { sales: [], movements: [] })).toEqual(base);
  });
});

describe('the paid-out ceiling', () => {
  it('refuses a paid out beyond the expected cash, to the cent; a paid in never', () => {
    expect(exceedsDrawer({ kind: 'paid_out', amount: 10 }, 1000)).toBe(false);
    expect(exceedsDrawer({ kind: 'paid_out', amount: 10.01 }, 1000)).toBe(true);
    expect(exceedsDrawer({ kind: 'paid_out', amount: 0.01 }, -5)).toBe(true);
    expect(exceedsDrawer({ kind: 'paid_in', amount: 500 }, 0)).toBe(false);
  });
});
