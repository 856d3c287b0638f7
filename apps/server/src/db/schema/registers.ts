import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { branches, users } from './tenancy';

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
    // The device's ECDSA P-256 public key (SPKI, base64), given at enrolment and never replaced; what the
    // register signs offline is verified with it. Trusted once a manager or Super Admin has signed in on
    // the device (trusted_by): only then do its offline claims count.
    publicKey: text('public_key'),
    trustedAt: timestamp('trusted_at', { withTimezone: true }),
    trustedById: uuid('trusted_by_id').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    uniqueIndex('registers_branch_device_uq').on(t.companyId, t.branchId, t.deviceId),
    uniqueIndex('registers_branch_code_uq').on(t.companyId, t.branchId, t.code),
  ],
);

/**
 * Who has signed in on a register while it was online (the register enrols at every online start under
 * the signed-in user's session). An offline sale may name as its cashier only someone who has: that
 * sign-in is what let the device keep their offline credentials.
 */
export const registerSignIns = pgTable(
  'register_sign_ins',
  {
    companyId: uuid('company_id').notNull(),
    registerId: uuid('register_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.registerId, t.userId] }),
    foreignKey({ columns: [t.companyId, t.registerId], foreignColumns: [registers.companyId, registers.id] }),
  ],
);
