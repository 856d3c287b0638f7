import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { quantity } from './quantity';
import { branches, users } from './tenancy';

export const TRANSFER_STATUS_VALUES = ['draft', 'in_transit', 'received', 'closed', 'cancelled'] as const;

/**
 * A transfer of stock between two branches of one company: draft -> in_transit (sent:
 * `transfer_out` at the source) -> received (every unit received or damaged) or closed (the rest written
 * off as missing); a draft may be cancelled. `seq` numbers the company's transfers (TRF-000001).
 */
export const transfers = pgTable(
  'transfers',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    fromBranchId: uuid('from_branch_id').notNull(),
    toBranchId: uuid('to_branch_id').notNull(),
    status: text('status', { enum: TRANSFER_STATUS_VALUES }).notNull().default('draft'),
    note: text('note'),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentById: uuid('sent_by_id').references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: uuid('closed_by_id').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.fromBranchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.toBranchId], foreignColumns: [branches.companyId, branches.id] }),
    uniqueIndex('transfers_company_seq_uq').on(t.companyId, t.seq),
    index('transfers_from_idx').on(t.companyId, t.fromBranchId, t.createdAt),
    index('transfers_to_idx').on(t.companyId, t.toBranchId, t.createdAt),
    index('transfers_id_idx').on(t.id),
  ],
);

/**
 * A line: the source product with its SKU and name as they were, the quantity sent, and what the
 * receipts counted (received, damaged); missing = quantity - received - damaged. The destination
 * product (same SKU at the receiving branch, or created from the source) is fixed by the first receipt.
 */
export const transferLines = pgTable(
  'transfer_lines',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    transferId: uuid('transfer_id').notNull(),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    sku: text('sku'),
    name: text('name').notNull(),
    quantity: quantity('quantity').notNull(),
    received: quantity('received').notNull().default(0),
    damaged: quantity('damaged').notNull().default(0),
    destinationProductId: uuid('destination_product_id'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.transferId], foreignColumns: [transfers.companyId, transfers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.productId], foreignColumns: [products.companyId, products.id] }),
    foreignKey({
      columns: [t.companyId, t.destinationProductId],
      foreignColumns: [products.companyId, products.id],
    }),
    index('transfer_lines_transfer_idx').on(t.companyId, t.transferId, t.position),
    check(
      'transfer_lines_units_ck',
      sql`${t.received} >= 0 and ${t.damaged} >= 0 and ${t.received} + ${t.damaged} <= ${t.quantity}`,
    ),
  ],
);
