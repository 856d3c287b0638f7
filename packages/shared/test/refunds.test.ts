import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addQuantities,
  allocateMinor,
  computeCartTotals,
  computeReturnRefund,
  fromMinor,
  fullReturnRefundGap,
  lineGoodsMinor,
  refundByTenders,
  saleLinesPaid,
  toMilli,
  toMinor,
  unitsRefund,
} from '../src/money';

/** A sale as the server stores it, its totals from the shared money module. */
function makeSale({
  lines,
  taxRate,
  discountType,
  discountValue,
}: {
  lines: { unitMinor: number; quantity: number; taxRate?: number | null; taxIncluded?: boolean }[];
  taxRate: number;
  discountType: 'percentage' | 'amount';
  discountValue: number;
}) {
  const items = lines.map((l, i) => ({
    id: `item-${String(i).padStart(3, '0')}`,
    quantity: l.quantity,
    unitPrice: fromMinor(l.unitMinor),
    taxRate: l.taxRate ?? null,
    taxIncluded: l.taxIncluded ?? false,
    returnedQuantity: 0,
  }));
  const totals = computeCartTotals({
    items: items.map((i) => ({
      price: i.unitPrice,
      quantity: i.quantity,
      taxRate: i.taxRate,
      taxIncluded: i.taxIncluded,
    })),
    taxRate,
    discountType,
    discountValue,
  });
  return { items, discountAmount: totals.discountAmount, taxAmount: totals.tax, taxRate, totals };
}

describe('allocateMinor', () => {
  it('splits exactly, each part within one minor unit of its share', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([33, 34, 33]);
    expect(allocateMinor(0, [5, 7])).toEqual([0, 0]);
    expect(allocateMinor(7, [0, 0])).toEqual([0, 7]);
    expect(allocateMinor(5000, [18000, 76000])).toEqual([957, 4043]);
  });

  it('property: parts are >= 0, sum to the amount, and stay within 1 of amount x w / W', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        (weights, amount) => {
          const parts = allocateMinor(amount, weights);
          expect(parts.reduce((n, p) => n + p, 0)).toBe(amount);
          const total = weights.reduce((n, w) => n + w, 0);
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            if (total > 0) expect(Math.abs(p - (amount * (weights[i] ?? 0)) / total)).toBeLessThan(1 + 1e-6);
          });
        },
      ),
    );
  });
});

describe('refundByTenders: a refund back the way the sale was paid', () => {
  it('splits pro rata over the tenders, a card back to the card, an exchange part in cash', () => {
    const tenders = [
      { method: 'card', amount: 3000 },
      { method: 'cash', amount: 5500 },
    ];
    expect(refundByTenders(8500, tenders, [])).toEqual([
      { method: 'card_refund', amount: 3000 },
      { method: 'cash', amount: 5500 },
    ]);
    // Half of it: each tender half of its part.
    expect(refundByTenders(4250, tenders, [])).toEqual([
      { method: 'card_refund', amount: 1500 },
      { method: 'cash', amount: 2750 },
    ]);
    expect(refundByTenders(1000, [{ method: 'exchange', amount: 5000 }], [])).toEqual([
      { method: 'cash', amount: 1000 },
    ]);
  });

  it('takes off what earlier returns gave back each way; what no tender has left goes back in cash', () => {
    const tenders = [
      { method: 'card', amount: 6000 },
      { method: 'store_credit', amount: 4000 },
    ];
    // The card already got 6000 back: the rest of the sale goes to store credit.
    expect(refundByTenders(4000, tenders, [{ method: 'card_refund', amount: 6000 }])).toEqual([
      { method: 'store_credit', amount: 4000 },
    ]);
    expect(refundByTenders(5000, tenders, [{ method: 'card_refund', amount: 6000 }])).toEqual([
      { method: 'cash', amount: 1000 },
      { method: 'store_credit', amount: 4000 },
    ]);
  });

  it('sums to the refund and gives no way back more than it has left (random tenders and earlier refunds)', () => {
    const method = fc.constantFrom('cash', 'card', 'store_credit', 'exchange');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ method, amount: fc.integer({ min: 1, max: 1_000_000 }) }), {
          minLength: 1,
          maxLength: 4,
          selector: (t) => t.method,
        }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (tenders, earlierPercent, nowPercent) => {
          const total = tenders.reduce((n, t) => n + t.amount, 0);
          const earlier = refundByTenders(Math.floor((total * earlierPercent) / 100), tenders, []);
          const left = total - earlier.reduce((n, l) => n + l.amount, 0);
          const refund = Math.floor((left * nowPercent) / 100);
          const lines = refundByTenders(refund, tenders, earlier);
          expect(lines.reduce((n, l) => n + l.amount, 0)).toBe(refund);
          expect(lines.every((l) => l.amount > 0)).toBe(true);
          const room = (m: string) =>
            tenders
              .filter((t) => ({ card: 'card_refund', store_credit: 'store_credit' })[t.method as 'card'] === m)
              .reduce((n, t) => n + t.amount, 0) - (earlier.find((e) => e.method === m)?.amount ?? 0);
          for (const m of ['card_refund', 'store_credit']) {
            expect(lines.find((l) => l.method === m)?.amount ?? 0).toBeLessThanOrEqual(room(m));
          }
        },
      ),
    );
  });
});

describe('refunds: what the customer paid for the returned units', () => {
  // A worked example: 940.00 with 50.00 off and 5 % tax; the 180.00 item cost the customer 178.95.
  const sale = makeSale({
    lines: [
      { unitMinor: 18_000, quantity: 1 },
      { unitMinor: 38_000, quantity: 2 },
    ],
    taxRate: 5,
    discountType: 'amount',
    discountValue: 50,
  });

  it("the issue's example: 180.00 of a 940.00 sale with 50.00 off and 5 % tax refunds 178.95", () => {
    expect(sale.totals).toMatchObject({ subtotal: 940, discountAmount: 50, tax: 44.5, total: 934.5 });
    const refund = computeReturnRefund({ sale, lines: [{ saleItemId: 'item-000', quantity: 1, restockingFee: 0 }] });
    // discount 50 x 180 / 940 = 9.57; tax 5 % of 170.43 = 8.52; 180 - 9.57 + 8.52 = 178.95
    expect(refund.total).toEqual({ goods: 18_000, discount: 957, tax: 852, paid: 17_895, fee: 0, refund: 17_895 });
    const withFee = computeReturnRefund({
      sale,
      lines: [{ saleItemId: 'item-000', quantity: 1, restockingFee: 10.5 }],
    });
    expect(withFee.total.refund).toBe(16_845);
  });

  it('the other line: the last unit takes the rounding remainder, all three refunds sum to the total', () => {
    const lines = saleLinesPaid(sale);
    const b = lines[1];
    if (!b) throw new Error('line');
    expect(b).toMatchObject({ goods: 76_000, discount: 4043, tax: 3598, paid: 75_555 });
    const first = unitsRefund(b, { alreadyReturned: 0, quantity: 1 });
    const second = unitsRefund(b, { alreadyReturned: 1, quantity: 1 });
    // discount round(4043 / 2) = 2022 and tax round(3598 / 2) = 1799 for the first unit; the second takes the rest
    expect(first).toMatchObject({ goods: 38_000, discount: 2022, tax: 1799, paid: 37_777 });
    expect(second).toMatchObject({ goods: 38_000, discount: 2021, tax: 1799, paid: 37_778 });
    expect(17_895 + first.paid + second.paid).toBe(toMinor(sale.totals.total));
  });

  it('a sale without discount and tax refunds quantity x unit price - fee (the spec rule)', () => {
    const plain = makeSale({
      lines: [{ unitMinor: 12_050, quantity: 3 }],
      taxRate: 0,
      discountType: 'amount',
      discountValue: 0,
    });
    const refund = computeReturnRefund({
      sale: plain,
      lines: [{ saleItemId: 'item-000', quantity: 2, restockingFee: 10.25 }],
    });
    expect(fromMinor(refund.total.refund)).toBe(230.75);
    expect(refund.total.discount).toBe(0);
    expect(refund.total.tax).toBe(0);
  });

  it('a line not in the sale throws', () => {
    expect(() => computeReturnRefund({ sale, lines: [{ saleItemId: 'nope', quantity: 1, restockingFee: 0 }] })).toThrow(
      RangeError,
    );
  });

  it('fullReturnRefundGap is 0 exactly when refunds and fees make up the total', () => {
    expect(
      fullReturnRefundGap({ saleTotal: 934.5, refundAmounts: [178.95, 377.78, 367.27], restockingFees: [0, 0, 10.5] }),
    ).toBe(0);
    expect(fullReturnRefundGap({ saleTotal: 934.5, refundAmounts: [180, 377.78, 377.77], restockingFees: [] })).toBe(
      -105,
    );
    // The POS service fee inside the total is never refunded.
    expect(fullReturnRefundGap({ saleTotal: 935.5, serviceFee: 1, refundAmounts: [934.5], restockingFees: [] })).toBe(
      0,
    );
    expect(fullReturnRefundGap({ saleTotal: 935.5, refundAmounts: [934.5], restockingFees: [] })).toBe(100);
  });
});

const twoDecimalPercent = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100);

// A line's own tax class: none (the sale's rate), exempt or zero-rated (0), or another rate; its price
// may include its tax (a retail-price class).
const taxIncluded = fc.boolean();
const lineTaxRate = fc.oneof(
  fc.constant(null),
  fc.constant(0),
  fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
);

const saleArbitrary = fc
  .record({
    lines: fc.array(
      fc.oneof(
        fc.record({
          unitMinor: fc.integer({ min: 1, max: 500_000 }),
          quantity: fc.integer({ min: 1, max: 12 }),
          taxRate: lineTaxRate,
          taxIncluded,
        }),
        // Weighed goods: 0.001-12.000 kg.
        fc.record({
          unitMinor: fc.integer({ min: 1, max: 500_000 }),
          quantity: fc.integer({ min: 1, max: 12_000 }).map((milli) => milli / 1000),
          taxRate: lineTaxRate,
          taxIncluded,
        }),
      ),
      { minLength: 1, maxLength: 10 },
    ),
    taxRate: fc.oneof(fc.constant(0), twoDecimalPercent),
    discountType: fc.constantFrom('percentage' as const, 'amount' as const),
    discountPercent: fc.oneof(fc.constant(0), twoDecimalPercent),
    discountShare: fc.double({ min: 0, max: 1.2, noNaN: true }),
  })
  .map(({ lines, taxRate, discountType, discountPercent, discountShare }) => {
    const subtotal = lines.reduce((n, l) => n + lineGoodsMinor(l.unitMinor, l.quantity), 0);
    const discountValue =
      discountType === 'percentage' ? discountPercent : fromMinor(Math.round(subtotal * discountShare));
    return makeSale({ lines, taxRate, discountType, discountValue });
  });

describe('property: a sale returned in random pieces refunds exactly its total', () => {
  it('every piece is >= 0, the pieces add up to the total, the discount and the tax', () => {
    fc.assert(
      fc.property(saleArbitrary, fc.array(fc.nat(), { minLength: 60, maxLength: 60 }), (sale, dice) => {
        const returned = new Map(sale.items.map((i) => [i.id, 0]));
        let roll = 0;
        const next = () => dice[roll++ % dice.length] ?? 0;
        const sum = { goods: 0, discount: 0, tax: 0, refund: 0, fee: 0 };
        // Return random pieces (a few lines at once, random quantities and fees) until nothing is left.
        for (let guard = 0; guard < 1000; guard++) {
          const open = sale.items.filter((i) => (returned.get(i.id) ?? 0) < i.quantity);
          if (open.length === 0) break;
          const picked = open.filter((_, i) => i === 0 || next() % 2 === 0);
          const current = {
            ...sale,
            items: sale.items.map((i) => ({ ...i, returnedQuantity: returned.get(i.id) ?? 0 })),
          };
          // Whole units of a whole line, thousandths (grams) of a weighed one.
          const request = picked.map((i) => {
            const step = Number.isInteger(i.quantity) ? 1000 : 1;
            const left = (toMilli(i.quantity) - toMilli(returned.get(i.id) ?? 0)) / step;
            return { saleItemId: i.id, quantity: ((1 + (next() % left)) * step) / 1000, restockingFee: 0 };
          });
          const probe = computeReturnRefund({ sale: current, lines: request });
          // A fee of up to what was paid for the piece (the server refuses more).
          const lines = request.map((r, k) => ({
            ...r,
            restockingFee: fromMinor(
              next() % 3 === 0 ? Math.floor((probe.lines[k]?.paid ?? 0) * ((next() % 100) / 100)) : 0,
            ),
          }));
          const refund = computeReturnRefund({ sale: current, lines });
          for (const piece of refund.lines) {
            expect(piece.paid).toBeGreaterThanOrEqual(0);
            expect(piece.refund).toBe(piece.paid - piece.fee);
            expect(piece.goods - piece.discount + piece.tax).toBe(piece.paid);
          }
          sum.goods += refund.total.goods;
          sum.discount += refund.total.discount;
          sum.tax += refund.total.tax;
          sum.refund += refund.total.refund;
          sum.fee += refund.total.fee;
          for (const r of lines) returned.set(r.saleItemId, addQuantities(returned.get(r.saleItemId) ?? 0, r.quantity));
        }
        const { minor } = sale.totals;
        expect(sum.refund + sum.fee).toBe(minor.total);
        expect(sum.goods).toBe(minor.subtotal);
        expect(sum.discount).toBe(minor.discountAmount);
        expect(sum.tax).toBe(minor.tax);
      }),
      { numRuns: 300 },
    );
  });

  it('a sale without discount never shows a discount share, one without tax never a tax share', () => {
    fc.assert(
      fc.property(saleArbitrary, fc.nat(), (sale, seed) => {
        for (const line of saleLinesPaid(sale)) {
          for (let r = 0; r < Math.floor(line.quantity); r++) {
            const piece = unitsRefund(line, { alreadyReturned: r, quantity: 1 + ((seed + r) % 3) });
            if (sale.discountAmount === 0) expect(piece.discount).toBe(0);
            if (sale.taxAmount === 0) expect(piece.tax).toBe(0);
            expect(piece.discount).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
