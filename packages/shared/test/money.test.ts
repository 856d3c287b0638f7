import { describe, expect, it } from 'vitest';
import { cashChange, computeCartTotals, percentOf, toMinor } from '../src/money';

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
    expect(t.minor).toEqual({ subtotal: 0, discountAmount: 0, tax: 0, total: 0 });
  });
});

describe('cashChange', () => {
  it('is received less total, and null when short', () => {
    expect(cashChange({ total: 565.04, amountReceived: 1000 })).toBe(434.96);
    expect(cashChange({ total: 565.04, amountReceived: 565.04 })).toBe(0);
    expect(cashChange({ total: 565.04, amountReceived: 565.03 })).toBeNull();
  });
});
