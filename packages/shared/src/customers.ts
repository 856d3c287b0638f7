import { z } from 'zod';
import { optionalTextSchema, searchSchema } from './categories';
import { countSchema, envelope, idSchema, instantSchema, moneySchema, paged, pageQuerySchema } from './common';
import { toMinor } from './money';
import { hasAtMostTwoDecimals } from './rates';
import { optionalDateSchema, SALES_MSG } from './sales';

/** A customer of one branch (unique by phone within it). */
export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: instantSchema,
  /** Store credit to spend: the sum of the customer's credit entries (GET /customers/{id}/credit). */
  creditBalance: moneySchema,
  /** What the customer owes on account: the sum of their account entries (GET /customers/{id}/account). */
  accountBalance: moneySchema,
  /** How far a sale on account may take accountBalance without a manager's approval. */
  creditLimit: moneySchema,
});
export type Customer = z.infer<typeof customerSchema>;

/** What GET /customers/branch/{branchId}/phone/{phone} answers: the register fills name and email. */
export const customerContactSchema = customerSchema.pick({
  id: true,
  name: true,
  phone: true,
  email: true,
  creditBalance: true,
  accountBalance: true,
  creditLimit: true,
});
export type CustomerContact = z.infer<typeof customerContactSchema>;

export const customerPhoneLookupParamsSchema = z.object({
  branchId: idSchema,
  phone: z.string().trim().min(1, 'Phone is required').max(30, 'Invalid phone number'),
});

export const CUSTOMER_MSG = {
  nameRequired: 'Customer name is required',
  invalidEmail: 'Invalid email address',
  invalidBranch: 'Invalid branch',
  phoneTaken: 'A customer with this phone already exists in this branch',
  fetchListFailed: 'Failed to fetch customers',
  fetchDetailFailed: 'Failed to fetch customer details',
  fetchTransactionsFailed: 'Failed to fetch transactions',
  fetchReturnsFailed: 'Failed to fetch returns',
  updated: 'Customer updated successfully',
  creditAdjusted: 'Store credit adjusted',
  creditReasonRequired: 'A reason is required',
  creditAmountNonZero: 'Amount must not be 0',
  creditShort: 'Not enough store credit',
} as const;

/**
 * Where a store credit entry came from: a return refunded as store credit, a manager's adjustment, or a sale
 * paid with it.
 */
export const CREDIT_ENTRY_KINDS = ['return', 'adjustment', 'sale'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** A line of a customer's store credit ledger (newest first); amount signed: given above 0, spent below. */
export const creditEntrySchema = z.object({
  id: z.string(),
  amount: moneySchema,
  kind: z.enum(CREDIT_ENTRY_KINDS),
  /** The return's or sale's number it came from. */
  reference: z.object({ id: z.string(), number: z.string() }).nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: instantSchema,
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/**
 * POST /customers/{id}/credit: a manager gives (amount above 0) or takes back (below 0) store credit, with
 * a reason; the balance never goes below 0 (409).
 */
export const creditAdjustmentSchema = z.object({
  amount: z
    .number()
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .finite()
    // Read to the cent as it is written (0.0000001 is 0.00, not an amount).
    .refine((v) => toMinor(v) !== 0, CUSTOMER_MSG.creditAmountNonZero)
    .refine((v) => hasAtMostTwoDecimals(v), 'Amount must have at most 2 decimals'),
  reason: z
    .string({ error: CUSTOMER_MSG.creditReasonRequired })
    .trim()
    .min(1, CUSTOMER_MSG.creditReasonRequired)
    .max(500),
});
export type CreditAdjustmentInput = z.input<typeof creditAdjustmentSchema>;

/** GET /customers: one branch's customers by name, searched by name, phone or email (substring). */
export const customerListQuerySchema = pageQuerySchema.extend({
  branchId: z.string({ error: CUSTOMER_MSG.invalidBranch }).uuid(CUSTOMER_MSG.invalidBranch),
  search: searchSchema,
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

/** A row of GET /customers: the customer with their completed sales' count and total (gross). */
export const customerListItemSchema = customerSchema.extend({
  transactionsCount: countSchema,
  totalSpent: moneySchema,
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

/**
 * GET /customers/{id}/analytics over the customer's completed sales: totalSpent is the sum of their
 * totals, netSpent that minus the refunds of their completed returns, averageTransaction
 * totalSpent / totalTransactions (2 decimals, 0 without sales).
 */
export const customerAnalyticsSchema = z.object({
  totalTransactions: countSchema,
  totalSpent: moneySchema,
  netSpent: moneySchema,
  averageTransaction: moneySchema,
});
export type CustomerAnalytics = z.infer<typeof customerAnalyticsSchema>;

/** GET /customers/{id}/transactions and /returns: a page, optional local days (branch time zone, inclusive). */
export const customerHistoryQuerySchema = pageQuerySchema
  .extend({ startDate: optionalDateSchema, endDate: optionalDateSchema })
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, {
    message: SALES_MSG.endBeforeStart,
    path: ['endDate'],
  });
export type CustomerHistoryQuery = z.input<typeof customerHistoryQuerySchema>;

/** A row of a customer's transaction history. */
export const customerTransactionSchema = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  transactionDate: instantSchema,
  paymentMethod: z.string(),
  status: z.string(),
  itemCount: countSchema,
  total: moneySchema,
});
export type CustomerTransaction = z.infer<typeof customerTransactionSchema>;

/** A row of a customer's return history. items: the units returned. */
export const customerReturnSchema = z.object({
  id: z.string(),
  returnNumber: z.string(),
  returnDate: instantSchema,
  items: countSchema,
  refundAmount: moneySchema,
  restockingFee: moneySchema,
  reason: z.string(),
  reasonDescription: z.string().nullable(),
  status: z.string(),
});
export type CustomerReturn = z.infer<typeof customerReturnSchema>;

/** PATCH /customers/{id}: the contact details (phone unique per branch -> 409). Omitted fields stay. */
export const updateCustomerSchema = z.object({
  name: z.string({ error: CUSTOMER_MSG.nameRequired }).trim().min(1, CUSTOMER_MSG.nameRequired).max(200).optional(),
  phone: z.string().trim().min(1, 'Phone is required').max(30, 'Invalid phone number').optional(),
  email: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || z.email().safeParse(v).success, CUSTOMER_MSG.invalidEmail)
    .transform((v) => v || null)
    .nullable()
    .optional(),
  address: optionalTextSchema(500).optional(),
  notes: optionalTextSchema(2000).optional(),
});
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>;

export const customerResponses = {
  contact: envelope(customerContactSchema),
  creditEntries: paged(creditEntrySchema),
  creditAdjusted: envelope(z.object({ entry: creditEntrySchema, balance: moneySchema })),
  list: paged(customerListItemSchema),
  one: envelope(customerSchema),
  analytics: envelope(customerAnalyticsSchema),
  transactions: paged(customerTransactionSchema),
  returns: paged(customerReturnSchema),
};
