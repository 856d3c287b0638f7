import { date, integer, numeric, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { quantityTotal } from './quantity';

/** Sums over many lines: wider than a single amount's numeric(14,2). */
const total = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/**
 * Derived like sales_daily, never written by the application: one row per branch, local day, product and
 * the name it was sold under, so the goods and margin reports at 1,000,000 sales read a row per product and
 * day instead of every sale line. Sales' lines arrive by the roll-up (pos_sales_daily_products_of); the
 * triggers of db/triggers/sale_items.sql, returns.sql and return_items.sql (functions
 * pos_sales_daily_products_*) and sales.sql for a rolled-up sale whose day, branch or status changes
 * (pos_report_totals_*) keep it after that.
 * Sales side (the sale's sold_at day, completed sales only): sale_lines, quantity and goods (the lines'
 * subtotal). Returns side (the return's created_at day, completed returns only): return_lines,
 * returned_quantity and returned_goods (the items' goods, before restocking fees).
 * The product name is part of the key so a report labels a product with the names of the lines it sums.
 * No foreign keys: the rows they are derived from carry them. Its own triggers
 * (db/triggers/sales_daily_products.sql) keep sales_monthly_products.
 */
export const salesDailyProducts = pgTable(
  'sales_daily_products',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    saleLines: integer('sale_lines').notNull().default(0),
    quantity: quantityTotal('quantity').notNull().default(0),
    goods: total('goods'),
    returnLines: integer('return_lines').notNull().default(0),
    returnedQuantity: quantityTotal('returned_quantity').notNull().default(0),
    returnedGoods: total('returned_goods'),
  },
  (t) => [
    primaryKey({
      name: 'sales_daily_products_pk',
      columns: [t.companyId, t.branchId, t.day, t.productId, t.productName],
    }),
  ],
);

/**
 * sales_daily_products summed by calendar month (`month` is its first day), kept by statement triggers on
 * sales_daily_products itself (db/triggers/sales_daily_products.sql, function
 * pos_sales_monthly_products_apply), so a report over a year reads the months it spans whole
 * here and only the days at its ends there.
 */
export const salesMonthlyProducts = pgTable(
  'sales_monthly_products',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    saleLines: integer('sale_lines').notNull().default(0),
    quantity: quantityTotal('quantity').notNull().default(0),
    goods: total('goods'),
    returnLines: integer('return_lines').notNull().default(0),
    returnedQuantity: quantityTotal('returned_quantity').notNull().default(0),
    returnedGoods: total('returned_goods'),
  },
  (t) => [
    primaryKey({
      name: 'sales_monthly_products_pk',
      columns: [t.companyId, t.branchId, t.month, t.productId, t.productName],
    }),
  ],
);

/**
 * Derived like sales_daily: completed sales per branch, local day and local hour of day (0-23) of their
 * sold_at, cashier and payment method, kept like sales_daily: the roll-up adds new sales (pos_sales_hourly_of),
 * the change triggers on sales move a rolled-up sale's share (functions/pos_report_totals_*.sql).
 */
export const salesHourly = pgTable(
  'sales_hourly',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    cashierId: uuid('cashier_id').notNull(),
    paymentMethod: text('payment_method').notNull(),
    transactions: integer('transactions').notNull().default(0),
    revenue: total('revenue'),
  },
  (t) => [
    primaryKey({
      name: 'sales_hourly_pk',
      columns: [t.companyId, t.branchId, t.day, t.hour, t.cashierId, t.paymentMethod],
    }),
  ],
);
