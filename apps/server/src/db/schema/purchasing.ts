import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories, products } from './catalog';
import { quantity } from './quantity';
import { branches, companies, users } from './tenancy';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** Suppliers of a company. Deleting one hides it (`deleted_at`); its purchase orders keep it. */
export const suppliers = pgTable(
  'suppliers',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('suppliers_company_name_idx').on(t.companyId, t.name),
    uniqueIndex('suppliers_company_name_uq').on(t.companyId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
  ],
);

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;

/** A purchase order of a branch: PO-000001 numbered per branch (`seq`). */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('draft'),
    note: text('note'),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    orderedAt: instant('ordered_at'),
    receivedAt: instant('received_at'),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.supplierId], foreignColumns: [suppliers.companyId, suppliers.id] }),
    uniqueIndex('purchase_orders_branch_seq_uq').on(t.companyId, t.branchId, t.seq),
    index('purchase_orders_branch_idx').on(t.companyId, t.branchId, t.createdAt),
  ],
);

/** One line per product of a purchase order: ordered and received units, the unit cost. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    companyId: uuid('company_id').notNull(),
    purchaseOrderId: uuid('purchase_order_id').notNull(),
    productId: uuid('product_id').notNull(),
    position: integer('position').notNull(),
    quantityOrdered: quantity('quantity_ordered').notNull(),
    quantityReceived: quantity('quantity_received').notNull().default(0),
    unitCost: money('unit_cost').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.purchaseOrderId, t.productId] }),
    foreignKey({
      columns: [t.companyId, t.purchaseOrderId],
      foreignColumns: [purchaseOrders.companyId, purchaseOrders.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.productId], foreignColumns: [products.companyId, products.id] }),
  ],
);

export const STOCK_COUNT_STATUSES = ['open', 'applied', 'cancelled'] as const;

/** A stock count of a branch: every product or one category (with its subcategories). */
export const stockCounts = pgTable(
  'stock_counts',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    scope: text('scope', { enum: ['all', 'category'] }).notNull(),
    categoryId: uuid('category_id'),
    status: text('status', { enum: STOCK_COUNT_STATUSES }).notNull().default('open'),
    note: text('note'),
    startedById: uuid('started_by_id').references(() => users.id),
    startedAt: instant('started_at').notNull().defaultNow(),
    appliedById: uuid('applied_by_id').references(() => users.id),
    appliedAt: instant('applied_at'),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.categoryId], foreignColumns: [categories.companyId, categories.id] }),
    index('stock_counts_branch_idx').on(t.companyId, t.branchId, t.startedAt),
  ],
);

/**
 * A counted product: the counted units and the stock when it was (last) counted, so the variance is
 * against that moment; sales after it move stock and the expected figure alike.
 */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    companyId: uuid('company_id').notNull(),
    stockCountId: uuid('stock_count_id').notNull(),
    productId: uuid('product_id').notNull(),
    countedQuantity: quantity('counted_quantity').notNull(),
    expectedQuantity: quantity('expected_quantity').notNull(),
    countedAt: instant('counted_at').notNull().defaultNow(),
    countedById: uuid('counted_by_id').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.stockCountId, t.productId] }),
    foreignKey({
      columns: [t.companyId, t.stockCountId],
      foreignColumns: [stockCounts.companyId, stockCounts.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.productId], foreignColumns: [products.companyId, products.id] }),
  ],
);
