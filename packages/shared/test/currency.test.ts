import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, formatInCurrency, isKnownCurrency } from '../src/currency';
import { REPRINT_MARKER, type ReceiptData, receiptLines } from '../src/receipt';

describe('formatInCurrency (the one money formatter)', () => {
  it("writes the company's currency with Intl, 2 decimals and thousands separators", () => {
    expect(formatInCurrency(934.5, 'PKR')).toBe('PKR 934.50');
    expect(formatInCurrency(934.5, 'USD')).toBe('$934.50');
    expect(formatInCurrency(1234567.891, 'EUR')).toBe('€1,234,567.89');
    expect(formatInCurrency(-5, 'PKR')).toBe('-PKR 5.00');
    expect(formatInCurrency(0)).toBe(`${DEFAULT_CURRENCY} 0.00`);
  });

  it('gives the digits alone for an empty currency, and PKR for an unknown code or a non-number', () => {
    expect(formatInCurrency(1234.5, '')).toBe('1,234.50');
    expect(formatInCurrency(10, 'NOPE')).toBe('PKR 10.00');
    expect(formatInCurrency(Number.NaN, 'USD')).toBe('$0.00');
  });

  it('knows ISO 4217 codes only', () => {
    for (const code of ['PKR', 'USD', 'EUR', 'GBP', 'AED']) expect(isKnownCurrency(code), code).toBe(true);
    for (const code of ['usd', 'US', 'USDX', 'ZZZ', '', '123']) expect(isKnownCurrency(code), code).toBe(false);
  });
});

describe('receipt', () => {
  const data: ReceiptData = {
    receiptNumber: 'RCP-000042',
    date: '2026-01-15T10:00:00Z',
    timeZone: 'UTC',
    paymentMethod: 'cash',
    items: [{ name: 'Milk', quantity: 2, unitPrice: 250, subtotal: 500 }],
    subtotal: 500,
    discountAmount: 0,
    taxRate: 0,
    taxAmount: 0,
    total: 500,
    amountPaid: 500,
    changeAmount: 0,
  };

  it('a reprint is marked as a copy; the original is not', () => {
    expect(receiptLines({ ...data, reprint: true }).some((line) => line.includes(REPRINT_MARKER))).toBe(true);
    expect(receiptLines(data).some((line) => line.includes('REPRINT'))).toBe(false);
  });

  it("totals in the company's currency", () => {
    expect(receiptLines({ ...data, currency: 'USD' }).find((l) => l.startsWith('TOTAL:'))).toMatch(/\$500\.00$/);
    expect(receiptLines(data).find((l) => l.startsWith('TOTAL:'))).toMatch(/PKR 500\.00$/);
  });
});
