import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { branches } from './tenancy';

/**
 * A device enrolled to a branch as a register (DESIGN.md section 10). Enrolment is idempotent by the
 * device id the register keeps in IndexedDB; `code` (R1, R2, ...) is unique in the branch and prefixes
 * the receipt numbers the register makes offline.
 */
export const registers = pgTable(
  'registers',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    deviceId: text('device_id').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    uniqueIndex('registers_branch_device_uq').on(t.companyId, t.branchId, t.deviceId),
    uniqueIndex('registers_branch_code_uq').on(t.companyId, t.branchId, t.code),
  ],
);
