import { z } from 'zod';
import { envelope, idSchema, instantSchema, moneySchema, paged, pageQuerySchema } from './common';
import { toMinor } from './money';
import { hasAtMostTwoDecimals } from './rates';
import { VOUCHER_CODE_INVALID, VOUCHER_CODE_PATTERN } from './voucher-digest';

/**
 * Gift vouchers (docs/architecture/returns.md, 'Gift vouchers'): a voucher is sold for an amount (cash into the
 * register's drawer, or card) and is a liability, not revenue: the goods it later pays for are the sale. Its
 * balance is the sum of its entries (gift_voucher_entries): issued above 0, redeemed as a sale's `voucher`
 * tender below, refunded back above. Online it is never spent past its balance or after its expiry day.
 */
export const VOUCHER_ENTRY_KINDS = ['issue', 'redeem', 'refund'] as const;
export type VoucherEntryKind = (typeof VOUCHER_ENTRY_KINDS)[number];

export const VOUCHER_PAYMENT_METHODS = ['cash', 'card'] as const;
export type VoucherPaymentMethod = (typeof VOUCHER_PAYMENT_METHODS)[number];

export const VOUCHER_STATUSES = ['active', 'used', 'expired'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const VOUCHER_MSG = {
  codeInvalid: VOUCHER_CODE_INVALID,
  unknown: 'No gift voucher has this code',
  short: 'Not enough left on the gift voucher',
  expired: 'This gift voucher has expired',
  needsCode: 'A gift voucher tender needs the voucher code',
  amountAboveZero: 'Amount must be above 0',
  amountDecimals: 'Amount must have at most 2 decimals',
  expiryPast: 'The expiry day must be after today',
  sold: 'Gift voucher sold',
  needsShift: 'A cashier takes cash for a gift voucher into an open shift',
  refundOver: (left: string) => `The gift voucher paid ${left} of this sale that is not yet refunded`,
} as const;

/** A code as typed or scanned: trimmed and upper-cased as normaliseVoucherCode does (its digest is of that). */
export const voucherCodeSchema = z
  .string({ error: VOUCHER_MSG.codeInvalid })
  .trim()
  .toUpperCase()
  .regex(VOUCHER_CODE_PATTERN, VOUCHER_MSG.codeInvalid);

/** A voucher as the register and the back office read it. */
export const voucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  amount: moneySchema,
  balance: moneySchema,
  /** The last day it can be spent (the branch's calendar), or null: no expiry. */
  expiresOn: z.string().nullable(),
  status: z.enum(VOUCHER_STATUSES),
  branchName: z.string(),
  soldByName: z.string().nullable(),
  createdAt: instantSchema,
});
export type GiftVoucher = z.infer<typeof voucherSchema>;

/**
 * POST /gift-vouchers: sell a voucher. Cash with `shift_id` goes into that open shift's drawer (a paid-in); a
 * cashier's cash needs one. `id`: the register's id for it, so a retry answers the first.
 */
export const sellVoucherSchema = z.object({
  id: idSchema.optional(),
  branchId: idSchema,
  amount: z
    .number({ error: VOUCHER_MSG.amountAboveZero })
    .max(1_000_000, 'Amount must be at most 1,000,000')
    .refine(hasAtMostTwoDecimals, VOUCHER_MSG.amountDecimals)
    .refine((v) => toMinor(v) > 0, VOUCHER_MSG.amountAboveZero),
  method: z.enum(VOUCHER_PAYMENT_METHODS, { error: 'Method must be cash or card' }),
  shift_id: z.string().uuid('Invalid shift').optional(),
  /** The last day it can be spent (YYYY-MM-DD); omitted: it never expires. */
  expires_on: z.iso.date('Invalid expiry day (YYYY-MM-DD)').optional(),
});
export type SellVoucherInput = z.input<typeof sellVoucherSchema>;

export const voucherCodeParamsSchema = z.object({ code: voucherCodeSchema });

/** GET /gift-vouchers: the vouchers sold at a branch, newest first, by status. */
export const voucherListQuerySchema = pageQuerySchema.extend({
  branchId: idSchema,
  status: z.enum([...VOUCHER_STATUSES, 'all']).default('all'),
});
export type VoucherListQuery = z.input<typeof voucherListQuerySchema>;

/**
 * GET /gift-vouchers/liability: what the company's vouchers sold at a branch still owe: how many can still be
 * spent and their balance (the liability), and what is left on expired ones.
 */
export const voucherLiabilitySchema = z.object({
  activeCount: z.number().int(),
  outstanding: moneySchema,
  expiredCount: z.number().int(),
  expiredBalance: moneySchema,
});
export type VoucherLiability = z.infer<typeof voucherLiabilitySchema>;

export const voucherResponses = {
  one: envelope(voucherSchema),
  list: paged(voucherSchema),
  liability: envelope(voucherLiabilitySchema),
};
