import type { VoucherEntryKind, VoucherPaymentMethod } from '@pos/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, users } from './tenancy';

/**
 * A gift voucher sold at a branch, spendable at any branch of the company until its expiry day (the selling
 * branch's calendar). `balance` is the sum of its gift_voucher_entries, kept by their insert trigger
 * (pos_gift_voucher_apply) and written by nothing else.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** Printed and scanned (VOUCHER_CODE_PATTERN); unique in the company. */
    code: text('code').notNull(),
    branchId: uuid('branch_id').notNull(),
    /** What it was sold for. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    expiresOn: date('expires_on'),
    /** How it was paid; cash at a register: the paid-in of that shift (cash_movements). */
    method: text('method').$type<VoucherPaymentMethod>().notNull(),
    shiftId: uuid('shift_id'),
    movementId: uuid('movement_id'),
    soldBy: uuid('sold_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the registers' sync carries instead of the code (a bearer's secret): voucherCodeDigest of the code,
     * slow to reverse. Written when the voucher is sold; null only for a voucher sold before it existed until
     * the server fills it in at start.
     */
    codeDigest: text('code_digest'),
    /** The transaction that last changed it (its issue or an entry's balance), the registers' sync cursor. */
    changeXid: bigint('change_xid', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    uniqueIndex('gift_vouchers_code_uq').on(t.companyId, t.code),
    index('gift_vouchers_sync_idx').on(t.companyId, t.changeXid),
    index('gift_vouchers_branch_idx').on(t.companyId, t.branchId, t.createdAt, t.id),
    check('gift_vouchers_amount_positive', sql`${t.amount} > 0`),
    check('gift_vouchers_method', sql`${t.method} in ('cash', 'card')`),
  ],
);

/**
 * A voucher's ledger, append-only (db/triggers/gift_voucher_entries.sql): its sale ('issue', above 0), a sale's
 * `voucher` tender ('redeem', below 0, written by the sale statement), a refund back to it ('refund'). The
 * trigger refuses an online redeem past the balance or after the expiry day.
 */
export const giftVoucherEntries = pgTable(
  'gift_voucher_entries',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    voucherId: uuid('voucher_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    kind: text('kind').$type<VoucherEntryKind>().notNull(),
    /** The sale it paid, or the return that gave back to it. */
    referenceId: uuid('reference_id'),
    userId: uuid('user_id').references(() => users.id),
    /** Recorded by a register offline: may take the balance below 0 (the sale is flagged). */
    offline: boolean('offline').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.voucherId], foreignColumns: [giftVouchers.companyId, giftVouchers.id] }),
    index('gift_voucher_entries_voucher_idx').on(t.companyId, t.voucherId, t.createdAt),
    index('gift_voucher_entries_reference_idx').on(t.companyId, t.referenceId),
    check('gift_voucher_entries_kind', sql`${t.kind} in ('issue', 'redeem', 'refund')`),
    check('gift_voucher_entries_sign', sql`(${t.kind} = 'redeem') = (${t.amount} < 0) and ${t.amount} <> 0`),
  ],
);
