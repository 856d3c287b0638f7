import type { SalePaymentMethod, SaleTenderMethod, Unit } from '@pos/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, products } from './catalog';
import { quantity } from './quantity';
import { registers } from './registers';
import { shifts } from './shifts';
import { branches, users } from './tenancy';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * Triggers (db/triggers/sales.sql): the sale's shift is decided in its insert (pos_sales_shift), and every
 * insert, update and delete keeps the summary tables sales_daily, sales_hourly and sales_daily_products
 * (daily-totals.ts, report-totals.ts).
 */
export const sales = pgTable(
  'sales',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    receiptNumber: text('receipt_number').notNull(),
    cashierId: uuid('cashier_id')
      .notNull()
      .references(() => users.id),
    customerId: uuid('customer_id'),
    paymentMethod: text('payment_method').$type<SalePaymentMethod>().notNull(),
    status: text('status').notNull().default('completed'),
    subtotal: money('subtotal').notNull(),
    discountType: text('discount_type', { enum: ['percentage', 'amount'] }).notNull(),
    discountValue: money('discount_value').notNull(),
    discountAmount: money('discount_amount').notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    taxAmount: money('tax_amount').notNull(),
    // FBR's POS service fee inside the total (docs/architecture/fiscal.md): 0 where the branch charges none.
    serviceFee: money('service_fee').notNull().default('0'),
    total: money('total').notNull(),
    amountPaid: money('amount_paid').notNull(),
    changeAmount: money('change_amount').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // DESIGN.md section 10: when the customer paid (the register's clock; reports and "today" use it),
    // the register and shift it was rung up on, whether it was made offline, and review flags
    // (e.g. cashier_inactive, sold_at_future, sold_at_stale). Never a reason to refuse the sale.
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull().defaultNow(),
    registerId: uuid('register_id'),
    shiftId: uuid('shift_id'),
    // An offline sale uploaded after the shift it names had closed: that closed shift (its Z figures
    // never change), while shift_id is the register's next shift, whose drawer counts it.
    lateShiftId: uuid('late_shift_id'),
    offline: boolean('offline').notNull().default(false),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.registerId], foreignColumns: [registers.companyId, registers.id] }),
    foreignKey({ columns: [t.companyId, t.shiftId], foreignColumns: [shifts.companyId, shifts.id] }),
    index('sales_shift_idx').on(t.companyId, t.shiftId),
    foreignKey({ columns: [t.companyId, t.lateShiftId], foreignColumns: [shifts.companyId, shifts.id] }),
    // Few sales are late: the others (late_shift_id null) stay out of the index.
    index('sales_late_shift_idx').on(t.companyId, t.lateShiftId).where(sql`${t.lateShiftId} is not null`),
    // The branch by sold_at: sales_branch_page_idx (migration 0015), whose first columns are those.
    foreignKey({ columns: [t.companyId, t.customerId], foreignColumns: [customers.companyId, customers.id] }),
    uniqueIndex('sales_branch_receipt_uq').on(t.companyId, t.branchId, t.receiptNumber),
    uniqueIndex('sales_branch_idempotency_uq').on(t.companyId, t.branchId, t.idempotencyKey),
    index('sales_branch_created_idx').on(t.companyId, t.branchId, t.createdAt),
    index('sales_customer_idx').on(t.companyId, t.customerId, t.createdAt),
    index('sales_id_idx').on(t.id),
    // Exceptions (features/exceptions): the offline sales that came with review flags, newest first.
    index('sales_exceptions_idx')
      .on(t.companyId, t.branchId, t.createdAt)
      .where(sql`${t.offline} and ${t.flags} <> '{}'::text[]`),
  ],
);

/**
 * A manager's resolution of an exception (a flagged offline sale): who, when and why. The sale itself
 * never changes; the resolution is a new record that points at it.
 */
export const saleExceptionResolutions = pgTable(
  'sale_exception_resolutions',
  {
    companyId: uuid('company_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    resolvedById: uuid('resolved_by_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.saleId] }),
    foreignKey({ columns: [t.companyId, t.saleId], foreignColumns: [sales.companyId, sales.id] }),
  ],
);

/** Triggers (db/triggers/sale_items.sql) keep the summary tables sales_daily (items sold) and sales_daily_products. */
export const saleItems = pgTable(
  'sale_items',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    saleId: uuid('sale_id').notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    productSku: text('product_sku'),
    quantity: quantity('quantity').notNull(),
    /** The product's unit when it was sold (0.750 kg stays kg whatever the item becomes). */
    unit: text('unit').$type<Unit>().notNull().default('piece'),
    unitPrice: money('unit_price').notNull(),
    subtotal: money('subtotal').notNull(),
    /** The rate the line was taxed at (percent): its item's tax class, else the sale's tax_rate. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    /**
     * The unit price included the tax (a retail-price class): the line's subtotal is its goods without the tax
     * inside (money.ts lineNet).
     */
    taxIncluded: boolean('tax_included').notNull().default(false),
    /** The item's tax class when it was sold (the fiscal invoice reports its kind and PCT code). */
    taxClassId: uuid('tax_class_id'),
    returnedQuantity: quantity('returned_quantity').notNull().default(0),
    // Line review flags from an offline upload: 'oversold' (stock went short), 'price_differs', 'tax_differs'.
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.saleId], foreignColumns: [sales.companyId, sales.id] }),
    foreignKey({ columns: [t.companyId, t.productId], foreignColumns: [products.companyId, products.id] }),
    index('sale_items_sale_idx').on(t.companyId, t.saleId),
    index('sale_items_product_idx').on(t.companyId, t.productId),
  ],
);

/**
 * The tender lines of a split sale (payment_method 'mixed'): what each tender paid of its total (cash less the
 * change given), one line per method, summing to the total. Written by the sale statement (COMMIT_SALE). A
 * sale of one tender keeps none here: its one line is the sale itself (sale_tender_lines).
 */
export const saleTenders = pgTable(
  'sale_tenders',
  {
    companyId: uuid('company_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    method: text('method').$type<SaleTenderMethod>().notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.saleId, t.method] }),
    foreignKey({ columns: [t.companyId, t.saleId], foreignColumns: [sales.companyId, sales.id] }).onDelete('cascade'),
    check('sale_tenders_amount_positive', sql`${t.amount} > 0`),
    check(
      'sale_tenders_method',
      sql`${t.method} in ('cash', 'card', 'store_credit', 'account', 'voucher', 'exchange')`,
    ),
  ],
);

/**
 * Every sale's tender lines, the one place readers take them from (the drawer's expected cash, the X / Z
 * report, a sale's answer, the export): a split sale's rows of sale_tenders, and for a sale of one tender
 * its payment method paying its total (none for a sale of nothing to pay). A sale of one tender so writes no
 * tender row: the common sale costs nothing more (bench/README.md, 'Tenders beside the sale').
 */
export const saleTenderLines = pgView('sale_tender_lines', {
  companyId: uuid('company_id').notNull(),
  saleId: uuid('sale_id').notNull(),
  method: text('method').$type<SaleTenderMethod>().notNull(),
  amount: money('amount').notNull(),
}).as(
  // Per sale (a lateral over each sales row), so a join on sale_id or a filter on it reads only those sales: a
  // union of sale_tenders and sales would scan every sale of the company when joined (bench/README.md,
  // 'Tender totals and fiscal reporting beside the sale').
  sql`select s.company_id, s.id as sale_id, t.method, t.amount
      from sales s
      cross join lateral (
        select st.method, st.amount from sale_tenders st
        where s.payment_method = 'mixed' and st.company_id = s.company_id and st.sale_id = s.id
        union all
        select s.payment_method, s.total where s.payment_method <> 'mixed' and s.total > 0
      ) t`,
);
