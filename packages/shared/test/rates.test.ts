import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages';
import { hasAtMostTwoDecimals, RATE_MSG } from '../src/rates';
import { createSaleSchema } from '../src/sales';
import { taxRateSchema, updateTaxSchema } from '../src/settings';

const sale = (fields: Record<string, unknown>) => ({
  branchId: '00000000-0000-4000-8000-000000000001',
  items: [{ product_id: '00000000-0000-4000-8000-000000000002', quantity: 1, price: 1000 }],
  subtotal: 1000,
  tax: 0,
  tax_rate: 0,
  discount_type: 'percentage',
  discount_value: 0,
  discount_amount: 0,
  total: 1000,
  payment_method: 'card',
  amount_paid: 1000,
  change: 0,
  ...fields,
});

const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues[0];

describe('hasAtMostTwoDecimals', () => {
  it('accepts 2 decimals and binary noise, refuses a third decimal', () => {
    for (const ok of [0, 5, 17.5, 17.55, 99.99, 100, 0.1 + 0.2, 999_999_999.99])
      expect(hasAtMostTwoDecimals(ok)).toBe(true);
    for (const bad of [1.005, 17.555, 2.675, 0.001, 12.3456, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(hasAtMostTwoDecimals(bad)).toBe(false);
    }
  });
  it('answers what the six decimals say, near a whole cent or far from it', () => {
    const byDecimalString = (value: number) => (Math.abs(value).toFixed(6).split('.')[1] ?? '').endsWith('0000');
    const cents = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 });
    const offsets = fc.constantFrom(0, 1e-9, -1e-9, 1e-7, -1e-7, 4e-7, 4.9e-7, 5e-7, 5.1e-7, 6e-7, 1e-6, 1e-3, 5e-3);
    fc.assert(
      fc.property(cents, offsets, (c, off) => hasAtMostTwoDecimals(c / 100 + off) === byDecimalString(c / 100 + off)),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(
        cents,
        cents,
        (a, b) => hasAtMostTwoDecimals(a / 100 + b / 100) === byDecimalString(a / 100 + b / 100),
      ),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(
        fc.double({ min: -1e10, max: 1e10, noNaN: true }),
        (x) => hasAtMostTwoDecimals(x) === byDecimalString(x),
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('one rate rule: a percent 0-100 with at most 2 decimals', () => {
  it.each([1.005, 17.555, 2.675])('refuses tax_rate %s with the message', (rate) => {
    const result = createSaleSchema.safeParse(sale({ tax_rate: rate }));
    expect(firstIssue(result)).toMatchObject({ path: ['tax_rate'], message: RATE_MSG.taxDecimals });
  });

  it.each([1.005, 17.555, 2.675])('refuses a percentage discount_value of %s with the message', (value) => {
    const result = createSaleSchema.safeParse(sale({ discount_value: value }));
    expect(firstIssue(result)).toMatchObject({ path: ['discount_value'], message: RATE_MSG.discountPercentDecimals });
  });

  it('refuses a percentage discount above 100 and an amount discount with a third decimal; keeps amounts as money', () => {
    expect(firstIssue(createSaleSchema.safeParse(sale({ discount_value: 150 })))).toMatchObject({
      path: ['discount_value'],
      message: RATE_MSG.discountPercentMax,
    });
    expect(createSaleSchema.safeParse(sale({ discount_value: 100 })).success).toBe(true);
    expect(
      firstIssue(createSaleSchema.safeParse(sale({ discount_type: 'amount', discount_value: 2.675 }))),
    ).toMatchObject({ path: ['discount_value'], message: RATE_MSG.discountAmountDecimals });
    // An amount of 150 is money, not a percent (the server caps it at the subtotal).
    expect(createSaleSchema.safeParse(sale({ discount_type: 'amount', discount_value: 150 })).success).toBe(true);
    expect(firstIssue(createSaleSchema.safeParse(sale({ discount_value: -1 })))?.message).toBe(
      RATE_MSG.discountNegative,
    );
  });

  it('tax rates: the settings schema and the sale schema share the rule and the messages', () => {
    expect(firstIssue(taxRateSchema.safeParse(17.555))?.message).toBe(RATE_MSG.taxDecimals);
    expect(firstIssue(taxRateSchema.safeParse(100.5))?.message).toBe(MSG.taxMax);
    expect(firstIssue(taxRateSchema.safeParse(-1))?.message).toBe(MSG.taxNegative);
    expect(firstIssue(createSaleSchema.safeParse(sale({ tax_rate: 150 })))?.message).toBe(MSG.taxMax);
    expect(
      firstIssue(updateTaxSchema.safeParse({ taxRate: 2.675, branchId: '00000000-0000-4000-8000-000000000001' })),
    ).toMatchObject({ path: ['taxRate'], message: RATE_MSG.taxDecimals });
    expect(taxRateSchema.safeParse(17.55).success).toBe(true);
  });
});
