import { date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { MOVEMENT_TYPES } from './catalog';

/**
 * Derived, never written by the application: statement-level triggers on stock_movements
 * (db/triggers/stock_movements.sql, functions/pos_movements_daily_on_*.sql) keep how many movements each branch has per local day (created_at in the branch's time zone), movement
 * type and user, so the movements list counts and seeks its pages at 1,000,000 movements from a few
 * hundred rows (docs/architecture/lists.md). `user_id` is the movement's user, or the nil uuid
 * for none: it only spreads a busy day over the tills, so concurrent sales do not queue on one row.
 * No foreign keys: the ledger rows they are derived from carry them.
 */
export const stockMovementsDaily = pgTable(
  'stock_movements_daily',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    movementType: text('movement_type', { enum: MOVEMENT_TYPES }).notNull(),
    userId: uuid('user_id').notNull(),
    movements: integer('movements').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId, t.day, t.movementType, t.userId] })],
);
