import { z } from 'zod';
import { optionalTextSchema, searchSchema } from './categories';
import { idSchema, pageQuerySchema } from './common';
import { optionalDateSchema, SALES_MSG } from './sales';

/** A customer of one branch (unique by phone within it). */
export type Customer = {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  notes: string | null;
  isActive: boolean;
  createdAt: string;
};

/** What GET /customers/branch/{branchId}/phone/{phone} answers: the register fills name and email. */
export type CustomerContact = Pick<Customer, 'id' | 'name' | 'phone' | 'email'>;

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
} as const;

/** GET /customers: one branch's customers by name, searched by name, phone or email (substring). */
export const customerListQuerySchema = pageQuerySchema.extend({
  branchId: z.string({ error: CUSTOMER_MSG.invalidBranch }).uuid(CUSTOMER_MSG.invalidBranch),
  search: searchSchema,
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

/** A row of GET /customers: the customer with their completed sales' count and total (gross). */
export type CustomerListItem = Customer & { transactionsCount: number; totalSpent: number };

/**
 * GET /customers/{id}/analytics over the customer's completed sales: totalSpent is the sum of their
 * totals, netSpent that minus the refunds of their completed returns, averageTransaction
 * totalSpent / totalTransactions (2 decimals, 0 without sales).
 */
export type CustomerAnalytics = {
  totalTransactions: number;
  totalSpent: number;
  netSpent: number;
  averageTransaction: number;
};

/** GET /customers/{id}/transactions and /returns: a page, optional local days (branch time zone, inclusive). */
export const customerHistoryQuerySchema = pageQuerySchema
  .extend({ startDate: optionalDateSchema, endDate: optionalDateSchema })
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, {
    message: SALES_MSG.endBeforeStart,
    path: ['endDate'],
  });
export type CustomerHistoryQuery = z.input<typeof customerHistoryQuerySchema>;

/** A row of a customer's transaction history. */
export type CustomerTransaction = {
  id: string;
  receiptNumber: string;
  transactionDate: string;
  paymentMethod: string;
  status: string;
  itemCount: number;
  total: number;
};

/** A row of a customer's return history. items: the units returned. */
export type CustomerReturn = {
  id: string;
  returnNumber: string;
  returnDate: string;
  items: number;
  refundAmount: number;
  restockingFee: number;
  reason: string;
  reasonDescription: string | null;
  status: string;
};

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
