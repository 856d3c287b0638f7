import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { registers } from './registers';
import { branches, users } from './tenancy';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const SHIFT_STATUSES = ['open', 'closed'] as const;
export const CASH_MOVEMENT_KINDS = ['paid_in', 'paid_out'] as const;

/**
 * A cashier's shift at one register (DESIGN.md section 10, docs/architecture/shifts.md): one open shift per
 * register (partial unique index). Counts by denomination are
 * `{ "<minor unit value>": <count> }`. Closing fills counted / expected / over_short and the Z number
 * once; a closed shift is never written again (db/triggers/shifts.sql refuses it; a new shift adopts its
 * register's late sales).
 */
export const shifts = pgTable(
  'shifts',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    registerId: uuid('register_id').notNull(),
    cashierId: uuid('cashier_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: SHIFT_STATUSES }).notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openingFloat: money('opening_float').notNull(),
    openingDenominations: jsonb('opening_denominations').$type<Record<string, number>>(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id),
    counted: money('counted'),
    countedDenominations: jsonb('counted_denominations').$type<Record<string, number>>(),
    expected: money('expected'),
    overShort: money('over_short'),
    approvedBy: uuid('approved_by').references(() => users.id),
    /** The Z report's number in the branch (1, 2, ...), given at close. */
    zNumber: integer('z_number'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.registerId], foreignColumns: [registers.companyId, registers.id] }),
    uniqueIndex('shifts_register_open_uq').on(t.companyId, t.registerId).where(sql`status = 'open'`),
    uniqueIndex('shifts_branch_z_uq').on(t.companyId, t.branchId, t.zNumber),
    index('shifts_branch_opened_idx').on(t.companyId, t.branchId, t.openedAt),
    index('shifts_cashier_open_idx').on(t.companyId, t.branchId, t.cashierId, t.status),
  ],
);

/**
 * Cash put into (paid_in) or taken out of (paid_out) the drawer during a shift, with a reason. One
 * recorded offline by the register (`offline`) keeps the register's id (its idempotency key) and time,
 * and its review flags (CASH_MOVEMENT_FLAG_LABELS in packages/shared). Goes only into an open shift
 * (db/triggers/cash_movements.sql).
 */
export const cashMovements = pgTable(
  'cash_movements',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    shiftId: uuid('shift_id').notNull(),
    kind: text('kind', { enum: CASH_MOVEMENT_KINDS }).notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    offline: boolean('offline').notNull().default(false),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.shiftId], foreignColumns: [shifts.companyId, shifts.id] }),
    index('cash_movements_shift_idx').on(t.companyId, t.shiftId, t.at),
  ],
);
