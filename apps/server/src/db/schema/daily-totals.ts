import { date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** Sums over many sales: wider than a single amount's numeric(14,2). */
const total = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/**
 * Derived, never written by the application: database triggers on sales and sale_items
 * (db/triggers/sales.sql and sale_items.sql, functions/pos_sales_daily_*.sql) keep one row per branch,
 * local day (the sale's sold_at in the branch's time zone), cashier and payment method,
 * so the sales figures and the list's counts at 1,000,000 sales read a few thousand rows instead of
 * scanning sales. sales_count counts every sale; the other columns only completed sales.
 * No foreign keys: the sales rows they are derived from carry them.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    cashierId: uuid('cashier_id').notNull(),
    paymentMethod: text('payment_method').notNull(),
    salesCount: integer('sales_count').notNull().default(0),
    transactions: integer('transactions').notNull().default(0),
    revenue: total('revenue'),
    subtotal: total('subtotal'),
    tax: total('tax'),
    discounts: total('discounts'),
    itemsSold: integer('items_sold').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId, t.day, t.cashierId, t.paymentMethod] })],
);

/**
 * Derived like sales_daily: completed returns per branch and local day of the return's created_at, kept by
 * the triggers on returns and return_items (db/triggers/returns.sql and return_items.sql,
 * functions/pos_returns_daily_*.sql).
 * returned_subtotal = sum of quantity x unit price of the returned items (before restocking fees).
 */
export const returnsDaily = pgTable(
  'returns_daily',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    returnsCount: integer('returns_count').notNull().default(0),
    refunded: total('refunded'),
    itemsReturned: integer('items_returned').notNull().default(0),
    returnedSubtotal: total('returned_subtotal'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId, t.day] })],
);
