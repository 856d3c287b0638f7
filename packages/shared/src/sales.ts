import { z } from 'zod';
import {
  countSchema,
  envelope,
  instantSchema,
  moneySchema,
  namedRefSchema,
  paged,
  quantityInput,
  quantitySchema,
  replicaEnvelope,
} from './common';
import { fiscalReportSchema } from './fiscal';
import { hasAtMostTwoDecimals, RATE_MSG } from './rates';
import { OFFLINE_RECEIPT_PATTERN } from './receipt-numbers';
import { SALE_BATCH_MAX } from './sale-batch';
import { taxRateSchema } from './settings';
import { UNITS } from './units';
import { voucherCodeSchema } from './vouchers';

/**
 * What can pay a sale at the counter: a sale's tender lines name these. Store credit is the sale's
 * customer's balance (customer_credit_entries): the sale needs a customer, and online it cannot take more
 * than the balance. Account is the customer's account (customer_account_entries, accounts.ts): the sale needs a
 * customer, and online it takes the balance past the credit limit only with a manager's approval. A gift
 * voucher (vouchers.ts) is named by the sale's `voucher_code`, and online pays at most its balance.
 */
export const TENDER_METHODS = ['cash', 'card', 'store_credit', 'account', 'voucher'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];

/** A sale's payment_method: its one tender, or 'mixed' when several paid it (its tender lines say which). */
export const PAYMENT_METHODS = [...TENDER_METHODS, 'mixed'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What paid a sale as it is read back: the tenders above and, for the new side of an exchange (POST
 * /exchanges), the returned goods ('exchange'), which no sale payload can name.
 */
export const SALE_TENDER_METHODS = [...TENDER_METHODS, 'exchange'] as const;
export type SaleTenderMethod = (typeof SALE_TENDER_METHODS)[number];
export const SALE_PAYMENT_METHODS = [...SALE_TENDER_METHODS, 'mixed'] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

const amount = z.number().min(0).max(1_000_000_000, 'Amount must be at most 1,000,000,000').finite();

/** The sale payload of spec 02 section 3 (snake_case is the contract), plus an optional register-made id. */
export const saleFieldsSchema = z.object({
  id: z.string().uuid().optional(),
  branchId: z.string().uuid('Invalid branch'),
  items: z
    .array(
      z.object({
        product_id: z.string().uuid('Invalid product'),
        /** Whole for a piece; up to 3 decimals for a unit that allows them (checked by the product's unit). */
        quantity: quantityInput({
          invalid: 'Quantity must be above 0',
          tooLarge: 'Quantity must be at most 100,000',
          max: 100_000,
        }),
        price: amount,
        /** The register's price for the line when it differs from `price` (offline: kept and flagged). */
        unit_price: amount.optional(),
        /**
         * The rate of the product's tax class as the register knows it (percent); null or omitted: the
         * default class, taxed at the sale's tax_rate. Checked like the price (a stale one is a 409).
         */
        tax_rate: taxRateSchema.nullish(),
        /** The register knows the rate to be inside the price (a retail-price class); checked like the rate. */
        tax_included: z.boolean().optional(),
      }),
    )
    .min(1, 'The cart is empty')
    .max(500),
  subtotal: amount,
  tax: amount,
  tax_rate: taxRateSchema,
  discount_type: z.enum(['percentage', 'amount']),
  /** A percent (0-100, 2 decimals) or an amount (2 decimals, capped at the subtotal): see discountValueIssue. */
  discount_value: z
    .number()
    .min(0, RATE_MSG.discountNegative)
    .max(1_000_000_000, 'Discount must be at most 1,000,000,000')
    .finite(),
  discount_amount: amount,
  total: amount,
  /**
   * FBR's POS service fee the register charged on top (docs/architecture/fiscal.md): the branch's (its catalogue
   * sync says it), else 0. Online a fee other than the branch's is a 409; offline it is kept and flagged.
   */
  service_fee: amount.optional(),
  /** The one tender (cash, card or store credit), or 'mixed' with `tenders`. */
  payment_method: z.enum(PAYMENT_METHODS),
  /** Cash received (a card pays the total); with `tenders`, their sum. */
  amount_paid: amount,
  change: amount,
  /**
   * Split tender: what each tender paid, as handed over (cash received, the card's charge), each method
   * once; payment_method is 'mixed' when there are several. Omitted: payment_method pays it all.
   */
  tenders: z
    .array(z.object({ method: z.enum(TENDER_METHODS), amount }))
    .min(1, 'Tenders cannot be empty')
    .max(TENDER_METHODS.length)
    .optional(),
  /** The gift voucher a `voucher` tender spends (the code printed and scanned). */
  voucher_code: voucherCodeSchema.optional(),
  customer: z
    .object({
      name: z.string().trim().max(200).optional().nullable(),
      phone: z.string().trim().max(30).optional().nullable(),
      email: z.string().trim().max(200).optional().nullable(),
    })
    .optional()
    .nullable(),
  /**
   * A manager's one-time grant (POST /approvals/grants) for a sale past the cashier's limits, bound to
   * this register and this cart; consumed by the sale (domain/approvals.ts).
   */
  approval_grant_id: z.string().uuid('Invalid approval').optional(),
  // ---- offline upload (docs/architecture/offline.md, 'Registers and offline sales') ----
  /** The enrolled register the sale was rung up on. */
  register_id: z.string().uuid('Invalid register').optional(),
  /**
   * The register's open shift when the sale was made (docs/architecture/shifts.md): online it must still be open;
   * without it the server takes the register's (or the
   * cashier's) open shift. An offline upload is accepted into its shift even if it closed since.
   */
  shift_id: z.string().uuid('Invalid shift').optional(),
  /** Made offline: accepted even if stock went short, at the register's prices (lines flagged). */
  offline: z.boolean().optional(),
  /** When the customer paid, by the register's clock (default: now). */
  sold_at: z.iso.datetime({ offset: true, error: 'Invalid sale time (ISO 8601)' }).optional(),
  /** An offline receipt number (`R2-000017`): only with register_id, starting with its code. */
  receipt_number: z
    .string()
    .trim()
    .regex(OFFLINE_RECEIPT_PATTERN, 'Receipt number must be the register code and 6 digits (R2-000017)')
    .optional(),
  /** The original cashier of a queued sale uploaded under another staff member's session. */
  cashier_id: z.string().uuid('Invalid cashier').optional(),
  /**
   * A manager's approval made on the register while it was offline (the PIN checked against the
   * hash the register synced): who approved and when. A device claim: only in a signed batch entry.
   */
  device_approval: z
    .object({
      approver_id: z.string().uuid('Invalid approver'),
      approved_at: z.iso.datetime({ offset: true, error: 'Invalid approval time (ISO 8601)' }),
    })
    .optional(),
});

export const createSaleSchema = saleFieldsSchema.superRefine((sale, ctx) => {
  const message = discountValueIssue(sale.discount_type, sale.discount_value);
  if (message) ctx.addIssue({ code: 'custom', path: ['discount_value'], message });
  const tenderMessage = tendersIssue(sale.payment_method, sale.tenders);
  if (tenderMessage) ctx.addIssue({ code: 'custom', path: ['payment_method'], message: tenderMessage });
});
export type CreateSaleInput = z.infer<typeof createSaleSchema>;

/** Whether payment_method names the tenders: 'mixed' for several, the one tender's method for one. */
function tendersIssue(method: PaymentMethod, tenders: readonly { method: TenderMethod }[] | undefined): string | null {
  if (!tenders) return method === 'mixed' ? SALES_MSG.mixedNeedsTenders : null;
  const expected = tenders.length === 1 ? tenders[0]?.method : 'mixed';
  return method === expected ? null : SALES_MSG.methodOfTenders;
}

/**
 * What is wrong with a discount value, or null: a percentage is a rate (0-100, at most 2 decimals);
 * an amount is money (at most 2 decimals; more than the subtotal is capped to it).
 */
export function discountValueIssue(type: 'percentage' | 'amount', value: number): string | null {
  if (type === 'percentage') {
    if (value > 100) return RATE_MSG.discountPercentMax;
    if (!hasAtMostTwoDecimals(value)) return RATE_MSG.discountPercentDecimals;
    return null;
  }
  return hasAtMostTwoDecimals(value) ? null : RATE_MSG.discountAmountDecimals;
}

export const saleItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productSku: z.string().nullable(),
  quantity: quantitySchema,
  /** The unit it was sold in (piece, kg, ...): what its quantity counts. */
  unit: z.enum(UNITS),
  unitPrice: moneySchema,
  subtotal: moneySchema,
  /** The rate the line was taxed at (percent): its item's tax class, else the sale's tax_rate. */
  taxRate: z.number(),
  /** The unit price included the tax (a retail-price class): the subtotal is the goods without it. */
  taxIncluded: z.boolean(),
  returnedQuantity: quantitySchema,
  /** Review flags of an offline upload: 'oversold', 'price_differs', 'tax_differs'. */
  flags: z.array(z.string()),
});
export type SaleItem = z.infer<typeof saleItemSchema>;

/** The Sale transaction of spec 02 section 3: what POST /transactions and GET /transactions/{id} answer. */
export const saleSchema = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  transactionDate: instantSchema,
  cashierName: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable().optional() }).nullable(),
  paymentMethod: z.enum(SALE_PAYMENT_METHODS),
  status: z.string(),
  subtotal: moneySchema,
  discountType: z.enum(['percentage', 'amount']),
  discountValue: moneySchema,
  discountAmount: moneySchema,
  /** Percent. */
  taxRate: z.number(),
  taxAmount: moneySchema,
  /** FBR's POS service fee inside the total (0 where the branch charges none); a return never refunds it. */
  serviceFee: moneySchema,
  total: moneySchema,
  amountPaid: moneySchema,
  changeAmount: moneySchema,
  /** What each tender paid of the total (cash less the change), by method; none for a sale of nothing to pay. */
  tenders: z.array(z.object({ method: z.enum(SALE_TENDER_METHODS), amount: moneySchema })),
  /**
   * What the sale's returns gave back so far, by refund method (a return's refund lines): with `tenders`, what
   * each way back has left (money.ts refundByTenders). Empty in the answer that records the sale.
   */
  refunded: z.array(z.object({ method: z.string(), amount: moneySchema })),
  branch: namedRefSchema,
  items: z.array(saleItemSchema),
  // The till's columns: when the customer paid, the register and shift, offline
  // or not, and review flags ('cashier_inactive', 'sold_at_future', 'sold_at_stale', 'credit_overdrawn').
  sold_at: instantSchema,
  register_id: z.string().nullable(),
  register_code: z.string().nullable(),
  shift_id: z.string().nullable(),
  offline: z.boolean(),
  flags: z.array(z.string()),
  /**
   * Its report to the tax authority (docs/architecture/fiscal.md) when its branch reports: pending, sent with the
   * authority's invoice number, or refused; null when it is not reported. Absent in the answer that records the
   * sale (the outbox sends it after): a read of the sale says it.
   */
  fiscal: fiscalReportSchema.nullable().optional(),
});
export type Sale = z.infer<typeof saleSchema>;

export const SALES_MSG = {
  serviceFeeChanged: "This branch's POS service fee has changed. Please refresh the register.",
  invalidBranch: 'Invalid branch',
  invalidDate: 'Invalid date (use yyyy-mm-dd)',
  dateOutOfRange: 'Dates must be between 1900-01-01 and 9999-12-31',
  endBeforeStart: 'End date cannot be before start date',
  invalidPaymentMethod: 'Payment method must be cash, card, store credit, account, voucher or mixed',
  invalidTender: 'Paid by must be cash, card, store credit, account, voucher or exchange',
  storeCreditNeedsCustomer: 'Store credit needs the customer: enter their phone',
  mixedNeedsTenders: 'A mixed payment needs its tenders',
  methodOfTenders: 'Payment method must be the one tender, or mixed for several',
  invalidStatus: 'Invalid status',
} as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years a date filter may name (a year before 1900 is a typo, and not a time PostgreSQL zones map well). */
const MIN_YEAR = 1900;

/** A real calendar date written yyyy-mm-dd (years 1900-9999): '2024-02-30' and '2024-2-3' are not. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < MIN_YEAR) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The message for a value that is not a date filter: a well-formed date outside 1900-9999 is told the
 * range ('0001-01-01'), anything else the format.
 */
function dateFilterMessage(value: string): string {
  const m = DATE_RE.exec(value);
  return m && Number(m[1]) < MIN_YEAR ? SALES_MSG.dateOutOfRange : SALES_MSG.invalidDate;
}

/** A date filter (yyyy-mm-dd; '' means none) with its message: the format, or the range of years. */
export const dateFilterSchema = (formatMessage: string) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '' || isCalendarDate(v)) return;
      const message = dateFilterMessage(v);
      ctx.addIssue({ code: 'custom', message: message === SALES_MSG.invalidDate ? formatMessage : message });
    })
    .transform((v) => v || undefined)
    .optional();

/** An optional yyyy-mm-dd query value; '' means none. Interpreted in the branch's time zone by the server. */
export const optionalDateSchema = dateFilterSchema(SALES_MSG.invalidDate);

/** '' or 'all' (what a cleared select sends) means no filter. */
const noFilter = (v: string) => v === '' || v === 'all';

const dateRange = {
  startDate: optionalDateSchema,
  endDate: optionalDateSchema,
};

const endNotBeforeStart = (q: { startDate?: string; endDate?: string }) =>
  !q.startDate || !q.endDate || q.endDate >= q.startDate;

/**
 * GET /transactions: one branch's sales, newest first, paged (limit default 10, max 100).
 * cashierName: case-insensitive substring of the cashier's name. receiptNumber: exact or prefix
 * ('RCP-0001' matches RCP-000100 ... RCP-000199; digits alone, '42', mean RCP-000042); with it, each
 * row carries its `items` (the return lookup). startDate/endDate: yyyy-mm-dd in the branch's time
 * zone, end inclusive.
 */
export const transactionListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    branchId: z.string({ error: SALES_MSG.invalidBranch }).uuid(SALES_MSG.invalidBranch),
    cashierName: z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || undefined)
      .optional(),
    paymentMethod: z
      .union([z.literal(''), z.literal('all'), z.enum(PAYMENT_METHODS)], { error: SALES_MSG.invalidPaymentMethod })
      .transform((v) => (v === '' || v === 'all' ? undefined : v))
      .optional(),
    /** Sales a tender of this method paid part or all of (a split sale's tender lines included). */
    tender: z
      .union([z.literal(''), z.literal('all'), z.enum(SALE_TENDER_METHODS)], { error: SALES_MSG.invalidTender })
      .transform((v) => (v === '' || v === 'all' ? undefined : v))
      .optional(),
    status: z
      .string()
      .trim()
      .refine((v) => noFilter(v) || /^[a-z_]{1,30}$/.test(v), SALES_MSG.invalidStatus)
      .transform((v) => (noFilter(v) ? undefined : v))
      .optional(),
    receiptNumber: z
      .string()
      .trim()
      .max(30)
      .transform((v) => v || undefined)
      .optional(),
    ...dateRange,
  })
  .refine(endNotBeforeStart, { message: SALES_MSG.endBeforeStart, path: ['endDate'] });
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

/** GET /transactions/analytics: one branch, an optional period (yyyy-mm-dd, branch time zone, end inclusive). */
export const transactionAnalyticsQuerySchema = z
  .object({
    branchId: z.string({ error: SALES_MSG.invalidBranch }).uuid(SALES_MSG.invalidBranch),
    ...dateRange,
  })
  .refine(endNotBeforeStart, { message: SALES_MSG.endBeforeStart, path: ['endDate'] });
export type TransactionAnalyticsQuery = z.input<typeof transactionAnalyticsQuerySchema>;

/**
 * GET /transactions/{id}: companyId, the company the caller has selected. A register chooses its sale
 * ids, so a user of several companies may reach two sales with one id (made in different companies);
 * the selected company says which one is meant.
 */
export const saleByIdQuerySchema = z.object({ companyId: z.string().uuid('Invalid company').optional() });
export type SaleByIdQuery = z.input<typeof saleByIdQuerySchema>;

/** A row of GET /transactions. `items` only when the query has a receiptNumber (the return lookup). */
export const transactionListItemSchema = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  /** ISO 8601 instant of the sale. */
  transactionDate: instantSchema,
  cashierName: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
  paymentMethod: z.enum(SALE_PAYMENT_METHODS),
  status: z.string(),
  subtotal: moneySchema,
  discountAmount: moneySchema,
  taxAmount: moneySchema,
  total: moneySchema,
  /** Number of lines. */
  itemCount: countSchema,
  /** Units sold (sum of the lines' quantities). */
  totalQuantity: quantitySchema,
  /** Units already returned over all lines. */
  returnedQuantity: quantitySchema,
  items: z.array(saleItemSchema).optional(),
});
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

/**
 * GET /transactions/analytics and the dashboard's sales summary: one definition of each figure
 * (docs/architecture/reports.md, 'Sales figures'). Money in the currency with 2 decimals, rates in percent
 * with 1 decimal, counts as integers.
 */
export const salesFiguresSchema = z.object({
  grossRevenue: moneySchema,
  grossTransactions: countSchema,
  grossSubtotal: moneySchema,
  grossTax: moneySchema,
  grossDiscounts: moneySchema,
  grossItemsSold: quantitySchema,
  averageTransactionValue: moneySchema,
  totalReturns: countSchema,
  totalReturnedValue: moneySchema,
  totalItemsReturned: quantitySchema,
  netRevenue: moneySchema,
  netSubtotal: moneySchema,
  /** Negative when more units came back than were sold in the period. */
  netItemsSold: z.number(),
  /** Percent, 1 decimal. */
  returnRate: z.number(),
  /** Percent, 1 decimal. */
  refundRate: z.number(),
});
export const transactionAnalyticsSchema = salesFiguresSchema.extend({
  /** The period the figures cover (null: unbounded on that side), in the branch's time zone. */
  period: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable(), timezone: z.string() }),
});
export type TransactionAnalytics = z.infer<typeof transactionAnalyticsSchema>;

export const transactionResponses = {
  sale: envelope(saleSchema),
  list: paged(transactionListItemSchema),
  analytics: replicaEnvelope(transactionAnalyticsSchema),
};

// ---- batch upload of a register's outbox (docs/architecture/offline.md, 'Registers and offline sales') ----

/** An Idempotency-Key: the header of POST /transactions, and each sale's key in a batch. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Invalid Idempotency-Key')
  .max(200, 'Invalid Idempotency-Key');

/** The most sales one POST /transactions/batch carries. */

/**
 * POST /transactions/batch: a register's queued sales of one branch, in queue order. Each `sale` is the
 * body POST /transactions takes, parsed on its own by the server (createSaleSchema), so one malformed
 * sale is that sale's 400 and the others are still recorded. `cash_movements`: the paid in / paid out
 * it recorded offline (offlineCashMovementSchema, parsed one by one too), recorded after the batch's
 * sales; the register sends one kind per batch, so its queue order holds across kinds.
 */
export const saleBatchSchema = z
  .object({
    branchId: z.string({ error: SALES_MSG.invalidBranch }).uuid(SALES_MSG.invalidBranch),
    sales: z
      .array(
        z.object({
          idempotency_key: idempotencyKeySchema,
          sale: z.record(z.string(), z.unknown(), { error: 'Each sale must be an object' }),
          /** The register's signature of `sale` (saleSigningText, ECDSA P-256 SHA-256, base64). */
          signature: z.string().trim().max(200, 'Invalid signature').optional(),
        }),
      )
      .max(SALE_BATCH_MAX, `A batch holds at most ${SALE_BATCH_MAX} sales`)
      .default([]),
    cash_movements: z
      .array(
        z.object({
          /** Its id is its idempotency key. */
          cash_movement: z.record(z.string(), z.unknown(), { error: 'Each cash movement must be an object' }),
          /** The register's signature of it (cashMovementSigningText). */
          signature: z.string().trim().max(200, 'Invalid signature').optional(),
        }),
      )
      .max(SALE_BATCH_MAX, `A batch holds at most ${SALE_BATCH_MAX} cash movements`)
      .default([]),
  })
  .refine((batch) => batch.sales.length + batch.cash_movements.length > 0, {
    message: 'The batch is empty',
    path: ['sales'],
  })
  .refine((batch) => batch.sales.length + batch.cash_movements.length <= SALE_BATCH_MAX, {
    message: `A batch holds at most ${SALE_BATCH_MAX} entries`,
    path: ['sales'],
  });
export type SaleBatchInput = z.input<typeof saleBatchSchema>;
export type SaleBatch = z.infer<typeof saleBatchSchema>;

/**
 * What POST /transactions would have answered for one sale of a batch: 201 (recorded now, or `replayed`:
 * recorded before under this key) with the sale's id, or the 4xx with its code, message and field errors.
 */
export const saleBatchResultSchema = z.object({
  /** The sale's id: the recorded sale's, or the id the refused sale named (null if it named none). */
  id: z.string().nullable(),
  status: z.number().int(),
  replayed: z.boolean(),
  /** The error code of a refusal (VALIDATION_ERROR, NOT_FOUND, CONFLICT, ...); null when recorded. */
  code: z.string().nullable(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type SaleBatchResult = z.infer<typeof saleBatchResultSchema>;

/**
 * The answer of POST /transactions/batch: one result per sale, in the batch's order; `movementResults`
 * one per cash movement (`id` the movement's), in theirs.
 */
export const saleBatchResponse = envelope(
  z.object({ results: z.array(saleBatchResultSchema), movementResults: z.array(saleBatchResultSchema) }),
);
