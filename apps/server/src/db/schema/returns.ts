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
import { products } from './catalog';
import { quantity } from './quantity';
import { registers } from './registers';
import { saleItems, sales } from './sales';
import { shifts } from './shifts';
import { branches, users } from './tenancy';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const REFUND_METHODS = [
  'cash',
  'card_refund',
  'store_credit',
  'account',
  'voucher',
  'exchange',
  'mixed',
] as const;
export const RETURN_REASONS = [
  'defective',
  'wrong_item',
  'customer_change_mind',
  'damaged_in_transit',
  'expired',
  'other',
] as const;
export const RETURN_CONDITIONS = ['new', 'opened', 'damaged', 'defective'] as const;

/**
 * A return against one completed sale of the same branch. Created returns are `completed`
 * (DESIGN.md section 6); the other statuses of the spec (pending, approved, rejected) are only displayed.
 * refund_amount = sum of the items' total_amount (what the customer paid for the units less the fee).
 * Triggers (db/triggers/returns.sql): the return's shift is decided in its insert (pos_returns_shift), and
 * the summary tables returns_daily and sales_daily_products follow every change.
 */
export const returns = pgTable(
  'returns',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    returnNumber: text('return_number').notNull(),
    originalSaleId: uuid('original_sale_id').notNull(),
    processedBy: uuid('processed_by')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('completed'),
    refundAmount: money('refund_amount').notNull(),
    refundMethod: text('refund_method', { enum: REFUND_METHODS }).notNull().default('cash'),
    reason: text('reason').notNull(),
    reasonDescription: text('reason_description'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The register and its shift a refund was made at (a cash refund needs an open shift: domain/shifts.ts).
    registerId: uuid('register_id'),
    shiftId: uuid('shift_id'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.registerId], foreignColumns: [registers.companyId, registers.id] }),
    foreignKey({ columns: [t.companyId, t.shiftId], foreignColumns: [shifts.companyId, shifts.id] }),
    index('returns_shift_idx').on(t.companyId, t.shiftId),
    foreignKey({ columns: [t.companyId, t.originalSaleId], foreignColumns: [sales.companyId, sales.id] }),
    uniqueIndex('returns_branch_number_uq').on(t.companyId, t.branchId, t.returnNumber),
    index('returns_branch_created_idx').on(t.companyId, t.branchId, t.createdAt),
    index('returns_sale_idx').on(t.companyId, t.originalSaleId),
    index('returns_id_idx').on(t.id),
  ],
);

/**
 * One returned line: a quantity of one sale item (quantity <= sold - already returned, checked under lock).
 * Triggers (db/triggers/return_items.sql) keep the summary tables returns_daily and sales_daily_products.
 */
export const returnItems = pgTable(
  'return_items',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    returnId: uuid('return_id').notNull(),
    saleItemId: uuid('sale_item_id').notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    productSku: text('product_sku'),
    quantity: quantity('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    restockingFee: money('restocking_fee').notNull().default('0'),
    /**
     * The units' share of the sale's discount and of its tax (money.ts computeReturnRefund), so that
     * total_amount = goods - discount_amount + tax_amount - restocking_fee. 0 on returns made before
     * refunds followed the sale's discount and tax.
     */
    discountAmount: money('discount_amount').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    /**
     * The units' goods as the refund counts them (money.ts unitsRefund): total_amount = goods -
     * discount_amount + tax_amount - restocking_fee. What the reports subtract from the goods sold
     * (returned_subtotal, returned_goods): a price that included its tax counts without it, as its sale line
     * did. Returns made before this column: quantity x unit_price (migration 0056).
     */
    goods: money('goods').notNull(),
    condition: text('condition', { enum: RETURN_CONDITIONS }).notNull().default('new'),
    isRestockable: boolean('is_restockable').notNull().default(true),
    /** The item's own reason (the return-create payload has one per item); the return's reason is required. */
    reason: text('reason'),
    totalAmount: money('total_amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.returnId], foreignColumns: [returns.companyId, returns.id] }),
    foreignKey({ columns: [t.companyId, t.saleItemId], foreignColumns: [saleItems.companyId, saleItems.id] }),
    foreignKey({ columns: [t.companyId, t.productId], foreignColumns: [products.companyId, products.id] }),
    index('return_items_return_idx').on(t.companyId, t.returnId),
    index('return_items_sale_item_idx').on(t.companyId, t.saleItemId),
  ],
);

/**
 * An exchange (POST /exchanges): one document linking a return (refund_method 'exchange', its refund the
 * returned goods' worth, `credit`) and the sale of the new items it paid. `applied` of the credit paid the new
 * sale (its 'exchange' tender line); `back` = credit - applied went back to the customer by `back_method`.
 */
export const exchanges = pgTable(
  'exchanges',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    returnId: uuid('return_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    credit: money('credit').notNull(),
    applied: money('applied').notNull(),
    back: money('back').notNull(),
    backMethod: text('back_method', { enum: ['cash', 'card_refund', 'store_credit'] }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.returnId], foreignColumns: [returns.companyId, returns.id] }),
    foreignKey({ columns: [t.companyId, t.saleId], foreignColumns: [sales.companyId, sales.id] }),
    uniqueIndex('exchanges_return_uq').on(t.companyId, t.returnId),
    uniqueIndex('exchanges_sale_uq').on(t.companyId, t.saleId),
    check('exchanges_amounts', sql`${t.applied} >= 0 and ${t.back} >= 0 and ${t.applied} + ${t.back} = ${t.credit}`),
    check('exchanges_back_method', sql`(${t.back} = 0) = (${t.backMethod} is null)`),
  ],
);

/**
 * The refund lines of a return that went back several ways (refund_method 'mixed') or of an exchange's return
 * (its part that paid the new sale, 'exchange', and what went back): each method once, summing to the refund.
 * A return of one way keeps none here: its one line is the return itself (return_refund_lines).
 */
export const returnRefunds = pgTable(
  'return_refunds',
  {
    companyId: uuid('company_id').notNull(),
    returnId: uuid('return_id').notNull(),
    method: text('method').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.returnId, t.method] }),
    foreignKey({ columns: [t.companyId, t.returnId], foreignColumns: [returns.companyId, returns.id] }).onDelete(
      'cascade',
    ),
    check('return_refunds_amount_positive', sql`${t.amount} > 0`),
    check(
      'return_refunds_method',
      sql`${t.method} in ('cash', 'card_refund', 'store_credit', 'account', 'voucher', 'exchange')`,
    ),
  ],
);

/**
 * Every return's refund lines, the one place readers take them from (the drawer's cash refunds, the X / Z
 * report, the card refund's room, the report by method, a return's answer): a return's rows of return_refunds,
 * and for a return without any its refund method paying its refund (none for a refund of nothing).
 */
export const returnRefundLines = pgView('return_refund_lines', {
  companyId: uuid('company_id').notNull(),
  returnId: uuid('return_id').notNull(),
  method: text('method').notNull(),
  amount: money('amount').notNull(),
}).as(
  // Per return (a lateral over each returns row), so a join on return_id reads only those returns (as
  // sale_tender_lines: a union would scan every return of the company when joined).
  sql`select r.company_id, r.id as return_id, l.method, l.amount
      from returns r
      cross join lateral (
        select x.method, x.amount from return_refunds x where x.company_id = r.company_id and x.return_id = r.id
        union all
        select r.refund_method, r.refund_amount
        where r.refund_amount > 0
          and not exists (select 1 from return_refunds x where x.company_id = r.company_id and x.return_id = r.id)
      ) l`,
);
