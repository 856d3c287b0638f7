import { date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Derived, never written by the application: a statement-level trigger on audit_logs (an append-only
 * table; db/triggers/audit_logs.sql, functions/pos_audit_daily_on_insert.sql) keeps how many entries each
 * company has per local day, branch, action and user, so the audit log counts and seeks its pages at
 * 1,000,000 entries from a few hundred rows (docs/architecture/lists.md,
 * 'Deep pages'). An entry has two local days: `day` in the company's time zone (`pos_company_timezone`, the
 * company-wide list's days) and `branch_day` in its branch's (a branch's list; `day` when it has no branch).
 * `branch_id` and `user_id` are the nil uuid for none. No foreign keys: the entries carry them.
 */
export const auditLogsDaily = pgTable(
  'audit_logs_daily',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    branchDay: date('branch_day', { mode: 'string' }).notNull(),
    action: text('action').notNull(),
    userId: uuid('user_id').notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId, t.day, t.branchDay, t.action, t.userId] })],
);
