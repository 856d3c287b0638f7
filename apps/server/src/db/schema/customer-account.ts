import type { AccountEntryKind, AccountPaymentMethod } from '@pos/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './catalog';
import { branches, users } from './tenancy';

/**
 * A customer's account ("khata"), append-only (db/triggers/customer_account_entries.sql): a sale paid on
 * account adds its tender ('sale'), a payment received takes ('payment'), a refund back to the account takes
 * ('return'). Each insert moves customers.account_balance by its amount (pos_customer_account_apply), in the
 * writer's transaction, so the balance is always the sum of the entries (an invariant); the trigger refuses an
 * online sale taking the balance past the credit limit unless a manager approved it (`approved_by`).
 */
export const customerAccountEntries = pgTable(
  'customer_account_entries',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    /** Where it was recorded (the customer's branch, or the branch of the sale or return). */
    branchId: uuid('branch_id').notNull(),
    /** Signed: owed more above 0 (a sale), paid or refunded below. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    kind: text('kind').$type<AccountEntryKind>().notNull(),
    /** A payment's method. */
    method: text('method').$type<AccountPaymentMethod>(),
    /** The sale or return it came from; a cash payment at a register: its paid-in (cash_movements). */
    referenceId: uuid('reference_id'),
    /** A cash payment taken into a register's drawer: that shift. */
    shiftId: uuid('shift_id'),
    note: text('note'),
    userId: uuid('user_id').references(() => users.id),
    /** The manager who let a sale take the balance past the credit limit. */
    approvedBy: uuid('approved_by').references(() => users.id),
    /** Recorded by a register offline: may pass the limit (the sale has happened; it is flagged). */
    offline: boolean('offline').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.customerId], foreignColumns: [customers.companyId, customers.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    index('customer_account_entries_customer_idx').on(t.companyId, t.customerId, t.createdAt, t.id),
    check('customer_account_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('customer_account_entries_kind', sql`${t.kind} in ('sale', 'payment', 'return')`),
    check(
      'customer_account_entries_method',
      sql`(${t.kind} = 'payment') = (${t.method} is not null) and (${t.method} is null or ${t.method} in ('cash', 'card'))`,
    ),
    check('customer_account_entries_sign', sql`(${t.kind} = 'sale') = (${t.amount} > 0)`),
  ],
);
