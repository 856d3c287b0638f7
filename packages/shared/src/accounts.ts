import { z } from 'zod';
import { searchSchema } from './categories';
import { envelope, idSchema, instantSchema, moneySchema, paged, pageQuerySchema } from './common';
import { toMinor } from './money';
import { hasAtMostTwoDecimals } from './rates';

/**
 * Customer accounts ("khata", sell on account): a customer's account balance is what they owe, the sum of
 * their account entries (customer_account_entries): a sale paid on account adds its tender, a payment and a
 * refund back to the account take. Online, a sale may take the balance past the customer's credit limit
 * only with a manager's approval (docs/architecture/returns.md, 'Customer accounts').
 */
export const ACCOUNT_ENTRY_KINDS = ['sale', 'payment', 'return'] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

/** How a payment on account was received: cash (into the register's drawer when a shift is named) or card. */
export const ACCOUNT_PAYMENT_METHODS = ['cash', 'card'] as const;
export type AccountPaymentMethod = (typeof ACCOUNT_PAYMENT_METHODS)[number];

/** The ageing list's buckets, by how old the unpaid part of each sale on account is (days, oldest paid first). */
export const AGEING_BUCKETS = [
  { key: 'current', label: 'Current (0-29 days)', from: 0 },
  { key: 'days30', label: '30-59 days', from: 30 },
  { key: 'days60', label: '60-89 days', from: 60 },
  { key: 'days90', label: '90+ days', from: 90 },
] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]['key'];

export const ACCOUNT_MSG = {
  needsCustomer: "A sale on account needs the customer's phone",
  overLimit: "Over the customer's credit limit: a manager must approve",
  overLimitOffline: 'Sold on account past the credit limit while offline',
  amountAboveZero: 'Amount must be above 0',
  amountDecimals: 'Amount must have at most 2 decimals',
  limitInvalid: 'Credit limit must be 0 or more',
  reasonRequired: 'A reason is required',
  limitUpdated: 'Credit limit updated',
  paymentRecorded: 'Payment received on account',
  paymentNeedsShift: 'A cashier takes cash on account into an open shift',
  refundOver: (left: string) => `The account paid ${left} of this sale that is not yet refunded`,
} as const;

const amountSchema = z
  .number({ error: ACCOUNT_MSG.amountAboveZero })
  .max(1_000_000_000, 'Amount must be at most 1,000,000,000')
  .refine(hasAtMostTwoDecimals, ACCOUNT_MSG.amountDecimals)
  .refine((v) => toMinor(v) > 0, ACCOUNT_MSG.amountAboveZero);

/** A line of a customer's account statement, newest first; amount signed: owed more above 0, paid below. */
export const accountEntrySchema = z.object({
  id: z.string(),
  amount: moneySchema,
  kind: z.enum(ACCOUNT_ENTRY_KINDS),
  /** A payment's method. */
  method: z.enum(ACCOUNT_PAYMENT_METHODS).nullable(),
  /** The sale's or return's number it came from. */
  reference: z.object({ id: z.string(), number: z.string() }).nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  /** The manager who let a sale take the balance past the credit limit. */
  approvedByName: z.string().nullable(),
  /** Recorded by a register offline (limits were the register's last known). */
  offline: z.boolean(),
  /** The balance once this entry was made (the statement's running balance). */
  balance: moneySchema,
  createdAt: instantSchema,
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

/** What the customer owes by age of the unpaid sales on account. */
export const ageingSchema = z.object({
  current: moneySchema,
  days30: moneySchema,
  days60: moneySchema,
  days90: moneySchema,
});
export type Ageing = z.infer<typeof ageingSchema>;

/** GET /customers/{id}/account: the balance owed, the credit limit, what is left of it, and the ageing. */
export const accountSummarySchema = z.object({
  customerId: z.string(),
  balance: moneySchema,
  creditLimit: moneySchema,
  /** creditLimit - balance, never below 0. */
  available: moneySchema,
  ageing: ageingSchema,
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** PUT /customers/{id}/account: a manager sets the credit limit, with a reason (audited). */
export const creditLimitSchema = z.object({
  creditLimit: z
    .number({ error: ACCOUNT_MSG.limitInvalid })
    .min(0, ACCOUNT_MSG.limitInvalid)
    .max(1_000_000_000, 'Credit limit must be at most 1,000,000,000')
    .refine(hasAtMostTwoDecimals, ACCOUNT_MSG.amountDecimals),
  reason: z.string({ error: ACCOUNT_MSG.reasonRequired }).trim().min(1, ACCOUNT_MSG.reasonRequired).max(500),
});
export type CreditLimitInput = z.input<typeof creditLimitSchema>;

/**
 * POST /customers/{id}/account/payments: a payment received on account. `shift_id`: taken in cash at a
 * register, into that open shift's drawer (a paid-in of the shift); a cashier must name one for cash.
 * `id`: the register's id for it, so a retry answers the first.
 */
export const accountPaymentSchema = z.object({
  id: idSchema.optional(),
  amount: amountSchema,
  method: z.enum(ACCOUNT_PAYMENT_METHODS, { error: 'Method must be cash or card' }),
  shift_id: z.string().uuid('Invalid shift').optional(),
  note: z.string().trim().max(500).optional(),
});
export type AccountPaymentInput = z.input<typeof accountPaymentSchema>;

/** GET /accounts/ageing: one branch's customers who owe on account, most owed first. */
export const ageingQuerySchema = pageQuerySchema.extend({
  branchId: idSchema,
  search: searchSchema,
});
export type AgeingQuery = z.input<typeof ageingQuerySchema>;

export const ageingRowSchema = ageingSchema.extend({
  customerId: z.string(),
  name: z.string(),
  phone: z.string(),
  balance: moneySchema,
  creditLimit: moneySchema,
  /** When the oldest unpaid sale on account was made. */
  oldestUnpaidAt: instantSchema.nullable(),
});
export type AgeingRow = z.infer<typeof ageingRowSchema>;

export const accountResponses = {
  summary: envelope(accountSummarySchema),
  entries: paged(accountEntrySchema),
  payment: envelope(z.object({ entry: accountEntrySchema, account: accountSummarySchema })),
  ageing: paged(ageingRowSchema),
};
