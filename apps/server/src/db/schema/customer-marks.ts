import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Derived, never written by the application: the customers list's order (name, id) of
 * each branch cut into runs of about a thousand customers. A mark is the first (name, id) of its run and
 * `customers` counts the branch's customers from it up to the next mark. Triggers on customers
 * (db/triggers/customers.sql, functions/pos_count_customer_runs.sql and pos_cut_customer_run.sql) keep the
 * counts and split a run that grows past two thousand, so the list reads its total and the run a page
 * starts in from about a thousand rows at 1,000,000 customers (docs/architecture/lists.md). Each
 * branch's first mark is ('', nil uuid), before every customer.
 */
export const customerNameMarks = pgTable(
  'customer_name_marks',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    name: text('name').notNull(),
    id: uuid('id').notNull(),
    customers: integer('customers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId, t.name, t.id] })],
);
