import { z } from 'zod';
import { RETURN_NEEDS_MANAGER } from './approval-codes';
import { countSchema, envelope, instantSchema, moneySchema, paged, quantityInput, quantitySchema } from './common';
import { fiscalReportSchema } from './fiscal';
import { addQuantities } from './money';
import { hasAtMostTwoDecimals } from './rates';
import { optionalDateSchema } from './sales';

export const RETURN_STATUSES = ['pending', 'approved', 'completed', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_REFUND_METHODS = [
  'cash',
  'card_refund',
  'store_credit',
  'account',
  'voucher',
  'exchange',
  'mixed',
] as const;
export type RefundMethod = (typeof RETURN_REFUND_METHODS)[number];
/**
 * How one part of a refund goes back (a return's `refunds`): 'mixed' is several of these, and an exchange's
 * part is written by POST /exchanges only.
 */
export const REFUND_LINE_METHODS = ['cash', 'card_refund', 'store_credit', 'account', 'voucher'] as const;
export type RefundLineMethod = (typeof REFUND_LINE_METHODS)[number];
export const RETURN_REASON_CODES = [
  'defective',
  'wrong_item',
  'customer_change_mind',
  'damaged_in_transit',
  'expired',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASON_CODES)[number];
export const RETURN_ITEM_CONDITIONS = ['new', 'opened', 'damaged', 'defective'] as const;
export type ReturnItemCondition = (typeof RETURN_ITEM_CONDITIONS)[number];

/** Spec 02 sections 5 and 8. */
export const RETURNS_MSG = {
  noItems: 'Please select a transaction and add return items',
  noQuantities: 'Please specify return quantities for at least one item that has remaining quantity',
  noReason: 'Please provide a return reason',
  storeCreditNeedsCustomer: 'Store credit needs a customer: this sale has none',
  cardRefundOver: (left: string) => `Only ${left} can go back to the card: that is what the card paid`,
  mixedNeedsRefunds: 'A refund back several ways needs its refunds',
  methodOfRefunds: 'Refund method must be the one refund, or mixed for several',
  refundOnce: 'Each refund method can be used once',
  refundAboveZero: 'Each refund needs an amount above 0',
  refundsDoNotAddUp: (expected: string) => `The refunds do not add up to the refund: expected ${expected}`,
  fetchFailed: 'Failed to fetch returns',
  fetchTransactionsFailed: 'Failed to fetch transactions',
  fetchTransactionsDataFailed: 'Failed to fetch transactions data',
  processFailed: 'Failed to process return',
  processed: 'Return processed successfully',
  invalidBranch: 'Invalid branch',
  invalidStatus: 'Invalid status',
  duplicateItem: 'Each sold item can appear only once in a return',
  negativeFee: 'Restocking fee cannot be negative',
  feeDecimals: 'Restocking fee can have at most 2 decimal places',
  /** A cashier's return without a register (cashiers take returns at the register only). */
  atRegisterOnly: 'Cashiers take returns at the register: scan or type the receipt number there',
  /** The reason a cashier's return at the register asks for a manager (the branch's register rules). */
  needsManager: RETURN_NEEDS_MANAGER,
  /** The back office's register picker: a cash refund is paid from a register's open shift. */
  chooseRegister: 'Choose the register whose drawer pays the refund',
} as const;

/** new and opened items go back to stock by default; damaged and defective do not (spec 02 section 4). */
export const restockableByDefault = (condition: ReturnItemCondition): boolean =>
  condition === 'new' || condition === 'opened';

/** Units of a sold line that can still be returned. */
export const remainingQuantity = (item: { quantity: number; returnedQuantity: number }): number =>
  Math.max(0, addQuantities(item.quantity, -item.returnedQuantity));

// The refund itself (what the customer paid for the units, less the fee) is computeReturnRefund of money.ts.

const money = z
  .number()
  .finite()
  .min(0, RETURNS_MSG.negativeFee)
  .max(1_000_000_000, 'Amount must be at most 1,000,000,000');
const fee = money.refine(hasAtMostTwoDecimals, RETURNS_MSG.feeDecimals);

/** The return-create payload of spec 02 section 3 (snake_case is the contract). processed_by is ignored. */
export const createReturnSchema = z.object({
  originalTransactionId: z.string({ error: RETURNS_MSG.noItems }).uuid(RETURNS_MSG.noItems),
  branchId: z.string({ error: RETURNS_MSG.invalidBranch }).uuid(RETURNS_MSG.invalidBranch),
  items: z
    .array(
      z.object({
        original_transaction_item_id: z.string().uuid('Invalid item'),
        return_quantity: quantityInput({
          invalid: 'Quantity cannot be negative',
          tooLarge: 'Quantity must be at most 100,000',
          max: 100_000,
          min: 'zero',
        }),
        reason: z.enum(RETURN_REASON_CODES).optional().nullable(),
        condition: z.enum(RETURN_ITEM_CONDITIONS).default('new'),
        restocking_fee: fee.default(0),
        is_restockable: z.boolean().optional(),
      }),
    )
    .min(1, RETURNS_MSG.noItems)
    .max(500),
  /** The one way the refund goes back, or 'mixed' with `refunds`. */
  refund_method: z.enum(RETURN_REFUND_METHODS).default('cash'),
  refund_amount: money.optional(),
  /**
   * Back several ways (by default the way the sale was paid: money.ts refundByTenders): each method once, the
   * parts summing to the refund; refund_method 'mixed' when there are several.
   */
  refunds: z
    .array(z.object({ method: z.enum(REFUND_LINE_METHODS), amount: money }))
    .min(1)
    .max(REFUND_LINE_METHODS.length)
    .optional(),
  reason: z.enum(RETURN_REASON_CODES, { error: RETURNS_MSG.noReason }),
  reason_description: z.string().trim().max(1000).optional().nullable(),
  notes: z.string().trim().max(2000).optional().nullable(),
  processed_by: z.unknown().optional(),
  /** The register the refund is made at: its open shift takes the refund (a cash refund needs one). */
  register_id: z.string().uuid('Invalid register').optional().nullable(),
  /**
   * A cashier's return at the register past the branch's rules: a manager's one-time grant for this
   * register and this return (POST /approvals/grants, purpose return).
   */
  approval_grant_id: z.string().uuid('Invalid approval').optional().nullable(),
});
export type CreateReturnInput = z.input<typeof createReturnSchema>;
export type CreateReturnPayload = z.output<typeof createReturnSchema>;

const noFilter = (v: string) => v === '' || v === 'all';

/** GET /returns: one branch's returns, newest first, paged (10 by default). */
export const returnListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    branchId: z.string({ error: RETURNS_MSG.invalidBranch }).uuid(RETURNS_MSG.invalidBranch),
    status: z
      .string()
      .trim()
      .refine((v) => noFilter(v) || (RETURN_STATUSES as readonly string[]).includes(v), RETURNS_MSG.invalidStatus)
      .transform((v) => (noFilter(v) ? undefined : (v as ReturnStatus)))
      .optional(),
    startDate: optionalDateSchema,
    endDate: optionalDateSchema,
  })
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, {
    message: 'End date cannot be before start date',
    path: ['endDate'],
  });
export type ReturnListQuery = z.input<typeof returnListQuerySchema>;

export const returnAnalyticsQuerySchema = z.object({
  branchId: z.string({ error: RETURNS_MSG.invalidBranch }).uuid(RETURNS_MSG.invalidBranch),
});

export const returnItemSchema = z.object({
  id: z.string(),
  originalTransactionItemId: z.string(),
  productId: z.string(),
  productName: z.string(),
  productSku: z.string().nullable(),
  quantity: quantitySchema,
  unitPrice: moneySchema,
  restockingFee: moneySchema,
  /** The item's share of the sale's discount and of its tax (0 for returns made before that rule). */
  discountAmount: moneySchema,
  taxAmount: moneySchema,
  condition: z.enum(RETURN_ITEM_CONDITIONS),
  isRestockable: z.boolean(),
  reason: z.string().nullable(),
  /** The refund: quantity x unit price - discountAmount + taxAmount - restockingFee. */
  totalAmount: moneySchema,
});
export type ReturnItem = z.infer<typeof returnItemSchema>;

/** The Return entity of spec 02 section 3. */
export const returnSchema = z.object({
  id: z.string(),
  returnNumber: z.string(),
  originalTransaction: z.object({ id: z.string(), receiptNumber: z.string() }),
  branchId: z.string(),
  processedByName: z.string().nullable(),
  /** ISO 8601 instants; a created return is processed at once. */
  returnDate: instantSchema,
  processedDate: instantSchema,
  status: z.enum(RETURN_STATUSES),
  refundAmount: moneySchema,
  refundMethod: z.enum(RETURN_REFUND_METHODS),
  /** How the refund went back, by method (summing to it): several for 'mixed', an exchange's part and rest. */
  refunds: z.array(z.object({ method: z.enum([...REFUND_LINE_METHODS, 'exchange']), amount: moneySchema })),
  reason: z.string(),
  reasonDescription: z.string().nullable(),
  notes: z.string().nullable(),
  itemCount: countSchema,
  totalQuantity: quantitySchema,
  items: z.array(returnItemSchema),
  /**
   * Its report to the tax authority (docs/architecture/fiscal.md; a return is a debit note naming the sale) when
   * its branch reports: pending, sent with the authority's invoice number, or refused; null when it is not
   * reported. One return's answers say it (GET /returns/{id}, and POST /returns: pending then); the list leaves
   * it out.
   */
  fiscal: fiscalReportSchema.nullable().optional(),
});
export type Return = z.infer<typeof returnSchema>;

export const returnAnalyticsSchema = z.object({
  totalReturns: countSchema,
  totalRefundAmount: moneySchema,
  statusBreakdown: z.array(z.object({ status: z.string(), count: countSchema })),
  todayReturns: countSchema,
  weekReturns: countSchema,
  monthReturns: countSchema,
});
export type ReturnAnalytics = z.infer<typeof returnAnalyticsSchema>;

export const returnResponses = {
  created: envelope(returnSchema),
  list: paged(returnSchema),
  one: envelope(returnSchema),
  analytics: envelope(returnAnalyticsSchema),
};
