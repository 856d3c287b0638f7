import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cashChange,
  computeCartTotals,
  computeReturnRefund,
  lineGoodsMinor,
  netOfIncludedTax,
  percentOf,
  settleTenders,
  TENDER_MSG,
  toMinor,
} from '../src/money';

describe('toMinor', () => {
  it('rounds half up on the decimal value, not the binary one', () => {
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(19.999)).toBe(2000);
    expect(toMinor(-2.5)).toBe(-250);
    expect(toMinor(0)).toBe(0);
  });
  it('rejects what is not a number', () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
  });

  // The definition: the amount's six decimals, then half up on the third (what toMinor did by string alone).
  const byDecimalString = (amount: number) => {
    const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(6).split('.');
    const minor = Number(whole) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction.slice(2)) >= 5000 ? 1 : 0);
    return amount < 0 ? -minor : minor;
  };
  it('answers what the decimal string does, whole cents or not', () => {
    const cents = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 });
    fc.assert(
      fc.property(cents, (c) => toMinor(c / 100) === byDecimalString(c / 100)),
      { numRuns: 20_000 },
    );
    // Sums as the register makes them (0.1 + 0.2), and amounts a hair off a cent or a half cent.
    fc.assert(
      fc.property(cents, cents, (a, b) => toMinor(a / 100 + b / 100) === byDecimalString(a / 100 + b / 100)),
      { numRuns: 20_000 },
    );
    const offsets = fc.constantFrom(0, 5e-3, -5e-3, 1e-7, -1e-7, 5e-7, -5e-7, 1e-9, -1e-9, 4.9999e-3, 5.0001e-3);
    fc.assert(
      fc.property(cents, offsets, (c, off) => toMinor(c / 100 + off) === byDecimalString(c / 100 + off)),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.double({ min: -1e10, max: 1e10, noNaN: true }), (x) => toMinor(x) === byDecimalString(x)),
      { numRuns: 20_000 },
    );
    expect(Object.is(toMinor(-0), 0)).toBe(true);
  });
});

describe('percentOf', () => {
  it('is exact for rates with decimals and rounds half up', () => {
    expect(percentOf(10000, 17.5)).toBe(1750);
    expect(percentOf(333, 50)).toBe(167); // 166.5 -> 167
    expect(percentOf(12345, 0.1)).toBe(12); // 12.345 -> 12
    expect(percentOf(5, 10)).toBe(1); // 0.5 -> 1
  });
});

describe('computeCartTotals', () => {
  const items = [
    { price: 180, quantity: 2 },
    { price: 70.25, quantity: 3 },
  ]; // 360 + 210.75 = 570.75

  it('sums lines and adds tax on the subtotal', () => {
    const t = computeCartTotals({ items, taxRate: 5, discountType: 'percentage', discountValue: 0 });
    expect(t.subtotal).toBe(570.75);
    expect(t.discountAmount).toBe(0);
    expect(t.tax).toBe(28.54); // 28.5375
    expect(t.total).toBe(599.29);
  });

  it('takes a percentage discount before tax', () => {
    const t = computeCartTotals({ items, taxRate: 10, discountType: 'percentage', discountValue: 10 });
    expect(t.discountAmount).toBe(57.08); // 57.075 -> 57.08
    expect(t.tax).toBe(51.37); // 513.67 * 10 %
    expect(t.total).toBe(565.04);
  });

  it('takes an amount discount and caps it at the subtotal', () => {
    expect(computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 70.75 }).total).toBe(500);
    const capped = computeCartTotals({ items, taxRate: 18, discountType: 'amount', discountValue: 1000 });
    expect(capped.discountAmount).toBe(570.75);
    expect(capped.tax).toBe(0);
    expect(capped.total).toBe(0);
  });

  it('caps a percentage above 100 and ignores a negative discount', () => {
    expect(computeCartTotals({ items, taxRate: 0, discountType: 'percentage', discountValue: 150 }).total).toBe(0);
    expect(computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: -5 }).total).toBe(570.75);
  });

  it('handles 0 % and 100 % tax', () => {
    expect(computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 }).total).toBe(570.75);
    const full = computeCartTotals({ items, taxRate: 100, discountType: 'amount', discountValue: 0 });
    expect(full.tax).toBe(570.75);
    expect(full.total).toBe(1141.5);
  });

  it('is zero for an empty cart', () => {
    const t = computeCartTotals({ items: [], taxRate: 17, discountType: 'amount', discountValue: 10 });
    expect(t.minor).toEqual({ subtotal: 0, discountAmount: 0, tax: 0, serviceFee: 0, total: 0 });
  });
});

describe("a per-sale service fee (FBR's POS fee)", () => {
  const items = [
    { price: 99.99, quantity: 3 },
    { price: 240, quantity: 1, taxRate: 0 },
  ];

  it('comes on top of the goods and their tax, untaxed and never discounted', () => {
    const without = computeCartTotals({ items, taxRate: 17, discountType: 'percentage', discountValue: 10 });
    const withFee = computeCartTotals({
      items,
      taxRate: 17,
      discountType: 'percentage',
      discountValue: 10,
      serviceFee: 1,
    });
    expect(withFee.minor).toEqual({ ...without.minor, serviceFee: 100, total: without.minor.total + 100 });
    expect(withFee.taxes).toEqual(without.taxes);
    expect(withFee.serviceFee).toBe(1);
    // A 100 % discount leaves the fee to pay.
    const free = computeCartTotals({
      items,
      taxRate: 17,
      discountType: 'percentage',
      discountValue: 100,
      serviceFee: 1,
    });
    expect(free.minor).toMatchObject({ tax: 0, serviceFee: 100, total: 100 });
  });

  it('is not charged on an empty cart', () => {
    const t = computeCartTotals({ items: [], taxRate: 17, discountType: 'amount', discountValue: 0, serviceFee: 1 });
    expect(t.minor).toEqual({ subtotal: 0, discountAmount: 0, tax: 0, serviceFee: 0, total: 0 });
  });
});

describe('retail-price lines: the tax is inside the price', () => {
  const shampoo = { price: 117, quantity: 1, taxRate: 17, taxIncluded: true };

  it('takes the tax out of the price: the customer pays the printed price', () => {
    const t = computeCartTotals({ items: [shampoo], taxRate: 5, discountType: 'amount', discountValue: 0 });
    expect(t.minor).toEqual({ subtotal: 10_000, discountAmount: 0, tax: 1_700, serviceFee: 0, total: 11_700 });
    expect(t.taxes).toEqual([{ rate: 17, included: true, goods: 10_000, discount: 0, taxable: 10_000, tax: 1_700 }]);
  });

  it('a discount comes off the goods and takes its tax with it', () => {
    const t = computeCartTotals({ items: [shampoo], taxRate: 5, discountType: 'percentage', discountValue: 10 });
    // 10 % of 100.00 goods, and the 17 % tax on those 10.00: 117.00 less 10 % is 105.30.
    expect(t.minor).toEqual({ subtotal: 10_000, discountAmount: 1_000, tax: 1_530, serviceFee: 0, total: 10_530 });
  });

  it('a price with tax added and one with tax inside, at one rate, are two groups', () => {
    const soap = { price: 100, quantity: 1, taxRate: 17 };
    const t = computeCartTotals({ items: [soap, shampoo], taxRate: 17, discountType: 'amount', discountValue: 0 });
    expect(t.taxes.map((g) => [g.rate, g.included, g.tax])).toEqual([
      [17, false, 1_700],
      [17, true, 1_700],
    ]);
    expect(t.minor.total).toBe(11_700 + 11_700);
  });

  it('rounds the goods inside a price half up, as PostgreSQL rounds them', () => {
    // 1.20 / 1.0959 = 1.09499...: 1.09; 1.17 / 1.17 = 1.00 exactly; 0.01 at 100 % = 0.005: 0.01.
    expect(netOfIncludedTax(120, 9.59)).toBe(109);
    expect(netOfIncludedTax(117, 17)).toBe(100);
    expect(netOfIncludedTax(1, 100)).toBe(1);
  });

  it('property: without a discount the customer pays exactly the printed prices; with one, never a negative tax', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            priceCents: fc.integer({ min: 1, max: 10_000_000 }),
            milli: fc.oneof(
              fc.integer({ min: 1, max: 20 }).map((n) => n * 1000),
              fc.integer({ min: 1, max: 20_000 }),
            ),
            rateBp: fc.integer({ min: 1, max: 10_000 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.integer({ min: 0, max: 100 }),
        (lines, percent) => {
          const items = lines.map((l) => ({
            price: l.priceCents / 100,
            quantity: l.milli / 1000,
            taxRate: l.rateBp / 100,
            taxIncluded: true,
          }));
          const printed = lines.reduce((n, l) => n + lineGoodsMinor(l.priceCents, l.milli / 1000), 0);
          const plain = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
          expect(plain.minor.total).toBe(printed);
          const t = computeCartTotals({ items, taxRate: 0, discountType: 'percentage', discountValue: percent });
          expect(t.minor.total).toBe(t.minor.subtotal - t.minor.discountAmount + t.minor.tax);
          for (const g of t.taxes) expect(g.tax).toBeGreaterThanOrEqual(0);
          if (percent === 100) expect(t.minor).toMatchObject({ tax: 0, total: 0 });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a return of single units of a line whose price included its tax never refunds below 0', () => {
    // 10 x 0.12 with 9.59 % inside: goods 1.09, not a whole amount per unit; a 97 % discount leaves 0.04.
    const line = { id: 'a', quantity: 10, unitPrice: 0.12, taxRate: 9.59, taxIncluded: true };
    const t = computeCartTotals({
      items: [{ price: 0.12, quantity: 10, taxRate: 9.59, taxIncluded: true }],
      taxRate: 0,
      discountType: 'amount',
      discountValue: 1.06,
    });
    expect(t.minor.total).toBe(4);
    let refunded = 0;
    for (let r = 0; r < 10; r++) {
      const piece = computeReturnRefund({
        sale: { items: [{ ...line, returnedQuantity: r }], discountAmount: 1.06, taxAmount: t.tax },
        lines: [{ saleItemId: 'a', quantity: 1, restockingFee: 0 }],
      });
      expect(piece.total.paid).toBeGreaterThanOrEqual(0);
      refunded += piece.total.refund;
    }
    expect(refunded).toBe(4);
  });
});

describe('cashChange', () => {
  it('is received less total, and null when short', () => {
    expect(cashChange({ total: 565.04, amountReceived: 1000 })).toBe(434.96);
    expect(cashChange({ total: 565.04, amountReceived: 565.04 })).toBe(0);
    expect(cashChange({ total: 565.04, amountReceived: 565.03 })).toBeNull();
  });
});

describe('settleTenders', () => {
  it("keeps each tender's part of the total: cash less the change, sorted by method", () => {
    expect(
      settleTenders(8500, [
        { method: 'cash', amount: 60 },
        { method: 'card', amount: 30 },
      ]),
    ).toEqual({
      paid: 9000,
      change: 500,
      lines: [
        { method: 'card', amount: 3000 },
        { method: 'cash', amount: 5500 },
      ],
    });
  });

  it('gives change only from cash, and refuses what no till would take', () => {
    const card = (amount: number) => ({ method: 'card', amount });
    const cash = (amount: number) => ({ method: 'cash', amount });
    expect(settleTenders(8500, [card(90), cash(10)])).toEqual({ problem: TENDER_MSG.onlyCashOver });
    expect(settleTenders(8500, [card(85.01)])).toEqual({ problem: TENDER_MSG.onlyCashOver });
    expect(settleTenders(8500, [card(30), cash(54.99)])).toEqual({ problem: TENDER_MSG.short });
    expect(settleTenders(8500, [card(85), cash(0)])).toEqual({ problem: TENDER_MSG.amountAboveZero });
    expect(settleTenders(8500, [card(85), cash(5)])).toEqual({ problem: TENDER_MSG.cashNotNeeded });
    expect(settleTenders(8500, [cash(50), cash(40)])).toEqual({ problem: TENDER_MSG.once });
  });

  it('on random splits: the lines sum to the total, change = paid - total <= the cash handed over', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (total, cardBasisPoints, over) => {
          const card = Math.min(Math.max(Math.floor((total * cardBasisPoints) / 10_000), 1), total - 1);
          const cash = total - card + over;
          const settled = settleTenders(total, [
            { method: 'card', amount: card / 100 },
            { method: 'cash', amount: cash / 100 },
          ]);
          if ('problem' in settled) throw new Error(settled.problem);
          expect(settled.lines.reduce((n, t) => n + t.amount, 0)).toBe(total);
          expect(settled.change).toBe(over);
          expect(settled.change).toBeLessThanOrEqual(cash);
          expect(settled.lines.find((t) => t.method === 'card')?.amount).toBe(card);
        },
      ),
    );
  });
});
