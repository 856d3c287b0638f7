import { date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { quantityTotal } from './quantity';

/** Sums over many sales: wider than a single amount's numeric(14,2). */
const total = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/**
 * Derived, never written by the application: the roll-up (functions/pos_sales_rollup.sql, rows by
 * pos_sales_daily_of) adds new sales, the change triggers on sales and sale_items (db/triggers/sales.sql and
 * sale_items.sql, functions/pos_sales_daily_*.sql) move a rolled-up sale's share; one row per branch,
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
    itemsSold: quantityTotal('items_sold').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId, t.day, t.cashierId, t.paymentMethod] })],
);

/**
 * Derived like sales_daily, by tender line (the view sale_tender_lines): per branch, local day, cashier and
 * tender method, the sales that tender paid part or all of and what it paid. A split sale counts once under each
 * of its tenders, so `transactions` summed over methods exceeds the sales; `amount` summed is their revenue.
 * Kept by the roll-up (rows by pos_sales_daily_tenders_of) and moved with sales_daily by pos_sales_daily_apply.
 */
export const salesDailyTenders = pgTable(
  'sales_daily_tenders',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    cashierId: uuid('cashier_id').notNull(),
    method: text('method').notNull(),
    salesCount: integer('sales_count').notNull().default(0),
    transactions: integer('transactions').notNull().default(0),
    amount: total('amount'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId, t.day, t.cashierId, t.method] })],
);

/**
 * Derived like sales_daily: completed returns per branch and local day of the return's created_at, kept by
 * the triggers on returns and return_items (db/triggers/returns.sql and return_items.sql,
 * functions/pos_returns_daily_*.sql).
 * returned_subtotal = sum of the returned items' goods (return_items.goods, before restocking fees).
 */
export const returnsDaily = pgTable(
  'returns_daily',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    returnsCount: integer('returns_count').notNull().default(0),
    refunded: total('refunded'),
    itemsReturned: quantityTotal('items_returned').notNull().default(0),
    returnedSubtotal: total('returned_subtotal'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId, t.day] })],
);

/**
 * The sales written and not yet rolled up into the kept totals (sales_daily, sales_hourly, sales_daily_products
 * and through it sales_monthly_products). A sale's insert queues it (trigger sales_rollup_enqueue), so the sale's
 * transaction touches no shared totals row; the roll-up (functions/pos_sales_rollup.sql, run by every server
 * process, domain/sales-rollup.ts) adds a batch to the totals and takes it off the queue in one transaction;
 * a reader adds the queued sales to the kept rows in its own snapshot (domain/sales-figures.repo.ts,
 * `keptTotals`), so a sale counts once whenever it is read (docs/architecture/reports.md, 'The roll-up').
 */
export const salesRollupQueue = pgTable(
  'sales_rollup_queue',
  {
    companyId: uuid('company_id').notNull(),
    saleId: uuid('sale_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.saleId] })],
);
