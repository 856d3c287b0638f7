/**
 * The X report a register shows while its last sales and cash movements have not reached the server
 * (docs/architecture/offline.md): the shift's report as the server last answered it,
 * plus what waits in the register's outbox for that shift, added in minor units the way the server will
 * record it (the sale's totals recomputed from its lines, its tenders settled as saleSettlement), so once
 * synced the server's report shows the same figures.
 */
import {
  computeCartTotals,
  fromMinor,
  type Minor,
  type RateTax,
  saleSettlement,
  type TenderInput,
  type TenderLine,
  toMinor,
} from './money';
import { type CashMovement, type ShiftReport, taxByRateFigures } from './shifts';

/** The fields of a queued sale (the body POST /transactions takes) that the shift's figures use. */
export type PendingShiftSale = {
  payment_method: string;
  /** tax_rate: the line's own rate (its item's tax class), absent: the sale's; tax_included: inside its price. */
  items: { price: number; unit_price?: number; quantity: number; tax_rate?: number | null; tax_included?: boolean }[];
  tax_rate: number;
  discount_type: 'percentage' | 'amount';
  discount_value: number;
  amount_paid: number;
  tenders?: TenderInput[];
};

/** What one sale adds to a shift's figures, in minor units, as the server records the sale. */
export function saleShiftFigures(sale: PendingShiftSale): {
  total: Minor;
  discount: Minor;
  tax: Minor;
  change: Minor;
  taxes: RateTax[];
  tenders: TenderLine[];
} {
  const totals = computeCartTotals({
    items: sale.items.map((line) => ({
      price: line.unit_price ?? line.price,
      quantity: line.quantity,
      taxRate: line.tax_rate,
      taxIncluded: line.tax_included,
    })),
    taxRate: sale.tax_rate,
    discountType: sale.discount_type,
    discountValue: sale.discount_value,
  });
  // A queued sale passed the register's own checks; one the server will refuse adds no tender.
  const settled = saleSettlement(sale, totals.minor.total);
  const { change, lines } = 'problem' in settled ? { change: 0, lines: [] } : settled;
  return {
    total: totals.minor.total,
    discount: totals.minor.discountAmount,
    tax: totals.minor.tax,
    change,
    taxes: totals.taxes,
    tenders: lines,
  };
}

const add = (amount: number, minor: Minor) => fromMinor(toMinor(amount) + minor);

/**
 * The report with the pending sales and cash movements of its shift added: counts, totals by method,
 * paid in / out, the movements listed after the server's, and the expected cash (float + cash sales +
 * paid in - paid out, the server's one definition).
 */
export function provisionalShiftReport(
  base: ShiftReport,
  pending: { sales: PendingShiftSale[]; movements: CashMovement[] },
): ShiftReport {
  let total = 0;
  let discount = 0;
  let tax = 0;
  let change = 0;
  let cashIn = 0;
  const byMethod = new Map(base.sales.byMethod.map((m) => [m.method, { ...m }]));
  const taxes: RateTax[] = base.sales.taxByRate.map((g) => ({
    rate: g.rate,
    included: g.included,
    taxable: toMinor(g.taxable),
    tax: toMinor(g.tax),
  }));
  for (const sale of pending.sales) {
    const figures = saleShiftFigures(sale);
    taxes.push(...figures.taxes);
    total += figures.total;
    discount += figures.discount;
    tax += figures.tax;
    change += figures.change;
    for (const tender of figures.tenders) {
      if (tender.method === 'cash') cashIn += tender.amount;
      const line = byMethod.get(tender.method) ?? { method: tender.method, count: 0, total: 0 };
      byMethod.set(tender.method, { ...line, count: line.count + 1, total: add(line.total, tender.amount) });
    }
  }
  const moved = (kind: CashMovement['kind']) =>
    pending.movements.filter((m) => m.kind === kind).reduce((sum, m) => sum + toMinor(m.amount), 0);
  const paidIn = moved('paid_in');
  const paidOut = moved('paid_out');
  return {
    ...base,
    sales: {
      count: base.sales.count + pending.sales.length,
      total: add(base.sales.total, total),
      discount: add(base.sales.discount, discount),
      tax: add(base.sales.tax, tax),
      taxByRate: taxByRateFigures(taxes),
      change: add(base.sales.change, change),
      byMethod: [...byMethod.values()].sort((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0)),
    },
    paidIn: add(base.paidIn, paidIn),
    paidOut: add(base.paidOut, paidOut),
    cashMovements: [...base.cashMovements, ...pending.movements],
    expectedCash: add(base.expectedCash, cashIn + paidIn - paidOut),
  };
}
