import { z } from 'zod';
import { hasAtMostTwoDecimals, RATE_MSG } from './rates';
import { taxRateSchema } from './settings';

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const amount = z.number().min(0).max(1_000_000_000).finite();

/** The sale payload of spec 02 section 3 (snake_case is the contract), plus an optional register-made id. */
export const createSaleSchema = z
  .object({
    id: z.string().uuid().optional(),
    branchId: z.string().uuid('Invalid branch'),
    items: z
      .array(
        z.object({
          product_id: z.string().uuid('Invalid product'),
          quantity: z
            .number()
            .int('Quantity must be a whole number')
            .min(1, 'Quantity must be at least 1')
            .max(100_000),
          price: amount,
        }),
      )
      .min(1, 'The cart is empty')
      .max(500),
    subtotal: amount,
    tax: amount,
    tax_rate: taxRateSchema,
    discount_type: z.enum(['percentage', 'amount']),
    /** A percent (0-100, 2 decimals) or an amount (2 decimals, capped at the subtotal): see discountValueIssue. */
    discount_value: z.number().min(0, RATE_MSG.discountNegative).max(1_000_000_000).finite(),
    discount_amount: amount,
    total: amount,
    payment_method: z.enum(PAYMENT_METHODS),
    amount_paid: amount,
    change: amount,
    customer: z
      .object({
        name: z.string().trim().max(200).optional().nullable(),
        phone: z.string().trim().max(30).optional().nullable(),
        email: z.string().trim().max(200).optional().nullable(),
      })
      .optional()
      .nullable(),
  })
  .superRefine((sale, ctx) => {
    const message = discountValueIssue(sale.discount_type, sale.discount_value);
    if (message) ctx.addIssue({ code: 'custom', path: ['discount_value'], message });
  });
export type CreateSaleInput = z.infer<typeof createSaleSchema>;

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

export type SaleItem = {
  id: string;
  productId: string;
  productName: string;
  productSku: string | null;
  quantity: number;
  unitPrice: number;
  subtotal: number;
  returnedQuantity: number;
};

export type Sale = {
  id: string;
  receiptNumber: string;
  transactionDate: string;
  cashierName: string | null;
  customer: { id: string; name: string; phone?: string | null } | null;
  paymentMethod: PaymentMethod;
  status: string;
  subtotal: number;
  discountType: 'percentage' | 'amount';
  discountValue: number;
  discountAmount: number;
  taxRate: number;
  taxAmount: number;
  total: number;
  amountPaid: number;
  changeAmount: number;
  branch: { id: string; name: string };
  items: SaleItem[];
};

export const SALES_MSG = {
  invalidBranch: 'Invalid branch',
  invalidDate: 'Invalid date (use yyyy-mm-dd)',
  endBeforeStart: 'End date cannot be before start date',
  invalidPaymentMethod: 'Payment method must be cash or card',
  invalidStatus: 'Invalid status',
} as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-mm-dd (years 1900-9999): '2024-02-30' and '2024-2-3' are not. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < 1900) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** An optional yyyy-mm-dd query value; '' means none. Interpreted in the branch's time zone by the server. */
export const optionalDateSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDate(v), SALES_MSG.invalidDate)
  .transform((v) => v || undefined)
  .optional();

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

/** A row of GET /transactions. `items` only when the query has a receiptNumber (the return lookup). */
export type TransactionListItem = {
  id: string;
  receiptNumber: string;
  /** ISO 8601 instant of the sale. */
  transactionDate: string;
  cashierName: string | null;
  customer: { id: string; name: string; phone: string | null } | null;
  paymentMethod: PaymentMethod;
  status: string;
  subtotal: number;
  discountAmount: number;
  taxAmount: number;
  total: number;
  /** Number of lines. */
  itemCount: number;
  /** Units sold (sum of the lines' quantities). */
  totalQuantity: number;
  /** Units already returned over all lines. */
  returnedQuantity: number;
  items?: SaleItem[];
};

/**
 * GET /transactions/analytics and the dashboard's sales summary: one definition of each figure
 * (docs/ARCHITECTURE.md, 'Sales figures'). Money in the currency with 2 decimals, rates in percent
 * with 1 decimal, counts as integers.
 */
export type TransactionAnalytics = {
  grossRevenue: number;
  grossTransactions: number;
  grossSubtotal: number;
  grossTax: number;
  grossDiscounts: number;
  grossItemsSold: number;
  averageTransactionValue: number;
  totalReturns: number;
  totalReturnedValue: number;
  totalItemsReturned: number;
  netRevenue: number;
  netSubtotal: number;
  netItemsSold: number;
  returnRate: number;
  refundRate: number;
  /** The period the figures cover (null: unbounded on that side), in the branch's time zone. */
  period: { startDate: string | null; endDate: string | null; timezone: string };
};
