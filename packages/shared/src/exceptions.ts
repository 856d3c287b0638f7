import { z } from 'zod';
import {
  envelope,
  idSchema,
  instantSchema,
  moneySchema,
  namedRefSchema,
  paged,
  pageQuerySchema,
  quantitySchema,
} from './common';

/**
 * Exceptions: synced offline sales that departed from the branch's rules (docs/architecture/register-trust.md). The
 * goods left the shop, so the sale is recorded; what departed is listed
 * here for a manager, who resolves it with a note (audited). An exception is a sale with review flags.
 */

/** Why a sale is an exception: the review flags a synced offline sale can carry. */
export const EXCEPTION_FLAG_LABELS: Record<string, string> = {
  oversold: 'Sold past the stock',
  price_differs: "Register's price differs from the product's",
  tax_differs: "Register's tax rate differs from the product's tax class",
  discount_over_limit: "Discount above the cashier's limit, not approved",
  price_override: 'Price changed at the register, not approved',
  zero_tax: 'Sold without tax, not approved',
  approval_invalid: 'Approved on the device by someone who may not approve',
  online_at_sold_at: 'Marked offline while the register was online',
  register_unconfirmed: 'From a register no manager has confirmed',
  cashier_inactive: 'Cashier deactivated',
  sold_at_future: 'Sale time in the future',
  sold_at_stale: 'Older than the offline limit',
  credit_overdrawn: "Store credit spent past the customer's balance",
  account_over_limit: "Sold on account past the customer's credit limit",
  voucher_overdrawn: 'Gift voucher spent past its balance',
  service_fee_differs: "Register's POS service fee differs from the branch's",
};

export const EXCEPTION_STATUSES = ['open', 'resolved', 'all'] as const;

export const exceptionListQuerySchema = pageQuerySchema.extend({
  branchId: idSchema,
  status: z.enum(EXCEPTION_STATUSES, { error: 'Status must be open, resolved or all' }).default('open'),
});
export type ExceptionListQuery = z.infer<typeof exceptionListQuerySchema>;

export const EXCEPTION_NOTE_MAX = 500;
export const exceptionSaleParamsSchema = z.object({ saleId: idSchema });

export const resolveExceptionSchema = z.object({
  branchId: idSchema,
  note: z
    .string({ error: 'A note is required' })
    .trim()
    .min(1, 'A note is required')
    .max(EXCEPTION_NOTE_MAX, `A note must be at most ${EXCEPTION_NOTE_MAX} characters`),
});
export type ResolveExceptionInput = z.infer<typeof resolveExceptionSchema>;

export const saleExceptionSchema = z.object({
  saleId: z.string(),
  receiptNumber: z.string(),
  branchId: z.string(),
  registerCode: z.string().nullable(),
  cashier: namedRefSchema.nullable(),
  /** When the customer paid (the register's clock) and when the server recorded the sale. */
  soldAt: instantSchema,
  recordedAt: instantSchema,
  paymentMethod: z.string(),
  subtotal: moneySchema,
  discountAmount: moneySchema,
  taxAmount: moneySchema,
  total: moneySchema,
  flags: z.array(z.string()),
  /** The lines that departed (sold past stock, at another price). */
  lines: z.array(
    z.object({ productName: z.string(), quantity: quantitySchema, unitPrice: moneySchema, flags: z.array(z.string()) }),
  ),
  resolution: z
    .object({ note: z.string(), resolvedBy: namedRefSchema.nullable(), resolvedAt: instantSchema })
    .nullable(),
});
export type SaleException = z.infer<typeof saleExceptionSchema>;

export const exceptionResponses = {
  list: paged(saleExceptionSchema),
  one: envelope(saleExceptionSchema),
};
