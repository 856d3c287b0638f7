import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { registers } from './registers';
import { branches, users } from './tenancy';

/**
 * A manager's approval as a one-time grant (DESIGN.md section 11; domain/approvals.ts): issued after one
 * PIN check to the user who asked, for one purpose at one register of one branch, bound by `digest` to
 * what was approved (the cart of a sale, the shift and its count, or a return at the register), usable until `expires_at`, and
 * consumed once by the sale, close or return it approved (`consumed_by`: that sale's, shift's or return's id).
 */
export const approvalGrants = pgTable(
  'approval_grants',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    registerId: uuid('register_id'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    /** sha256 (hex) of the canonical form of what was approved (domain/approvals.ts grantDigest). */
    digest: text('digest').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    consumedBy: uuid('consumed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.registerId], foreignColumns: [registers.companyId, registers.id] }),
    index('approval_grants_branch_created_idx').on(t.companyId, t.branchId, t.createdAt),
    check('approval_grants_purpose_ck', sql`${t.purpose} in ('sale', 'shift_close', 'return')`),
    check('approval_grants_consumed_ck', sql`(${t.consumedAt} is null) = (${t.consumedBy} is null)`),
  ],
);
