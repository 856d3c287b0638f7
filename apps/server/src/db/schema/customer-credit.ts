import type { CreditEntryKind } from '@pos/shared';
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
import { users } from './tenancy';

/**
 * A customer's store credit ledger, append-only (db/triggers/customer_credit_entries.sql): a return refunded
 * as store credit adds its refund ('return'), a manager's adjustment adds or takes with a reason
 * ('adjustment'), a sale paid with it takes its tender ('sale'). Each insert moves customers.credit_balance
 * by its amount (pos_customer_credit_apply), in the writer's transaction, so the balance is always the sum
 * of the entries (an invariant) and two spends of one balance queue on the customer's row.
 */
export const customerCreditEntries = pgTable(
  'customer_credit_entries',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    /** Signed: credit given above 0, credit spent or taken below. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    kind: text('kind').$type<CreditEntryKind>().notNull(),
    /** The return or sale it came from (none for an adjustment). */
    referenceId: uuid('reference_id'),
    /** An adjustment's reason. */
    note: text('note'),
    userId: uuid('user_id').references(() => users.id),
    /** Recorded by a register offline: may take the balance below 0 (the spend has happened). */
    offline: boolean('offline').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.customerId], foreignColumns: [customers.companyId, customers.id] }),
    index('customer_credit_entries_customer_idx').on(t.companyId, t.customerId, t.createdAt, t.id),
    check('customer_credit_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('customer_credit_entries_kind', sql`${t.kind} in ('return', 'adjustment', 'sale')`),
  ],
);
