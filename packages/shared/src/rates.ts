import { z } from 'zod';
import { centsOffWhole } from './money';

/**
 * One rule for every rate: a percent from 0 to 100 with at most 2
 * decimals. A third decimal is refused (400), never rounded, so the rate stored is the rate applied
 * on every path (sale, reprint, analytics, returns): the money module applies rates exactly to
 * 2 decimals (basis points).
 */
export const RATE_MSG = {
  taxDecimals: 'Tax rate can have at most 2 decimal places',
  discountNegative: 'Discount cannot be negative',
  discountPercentMax: 'Discount percentage cannot exceed 100%',
  discountPercentDecimals: 'Discount percentage can have at most 2 decimal places',
  discountAmountDecimals: 'Discount amount can have at most 2 decimal places',
} as const;

/**
 * True for a finite number with at most 2 decimals (12, 12.5, 12.34), false for 1.005, 17.555, 2.675.
 * Binary noise past the 6th decimal (0.1 + 0.2 = 0.30000000000000004) is not a third decimal: it is
 * the same test as `toMinor` keeping an amount exactly.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  // Within 1e-5 cents of a whole cent the six decimals are that cent; 1e-4 cents or more away they are not.
  const off = centsOffWhole(value);
  if (off < 1e-5) return true;
  if (off >= 1e-4) return false;
  const fraction = Math.abs(value).toFixed(6).split('.')[1] ?? '';
  return fraction.endsWith('0000');
}

/** A percent 0-100 with at most 2 decimals, with the field's own messages. */
export function percentSchema(messages: { required?: string; negative: string; max: string; decimals: string }) {
  return z
    .number(messages.required ? { error: messages.required } : undefined)
    .min(0, messages.negative)
    .max(100, messages.max)
    .refine(hasAtMostTwoDecimals, messages.decimals);
}
