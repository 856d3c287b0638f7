import { sql } from 'drizzle-orm';
import { bigint, boolean, index, json, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The live events' outbox (docs/architecture/offline.md, 'Live events'): the products triggers
 * (db/triggers/products.sql) add a row per statement and branch in the writing transaction; every server
 * process reads the rows of finished transactions by `xid` (lib/events.ts) and fans them out to its
 * registers. A table, not NOTIFY: PostgreSQL serialises the commits of notifying transactions (a global
 * lock held through the commit's WAL flush), which held every sale's commit in one queue. Rows are kept
 * for LIVE_EVENTS_KEEP_MINUTES.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    /** The writing transaction (pg_current_xact_id), the readers' cursor. */
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    /** [[product id, stock]] of the products whose stock changed. */
    stock: json('stock').$type<[string, number][]>(),
    /** Ids of the products added or changed (price, name, SKU, category, brand, branch, deletion). */
    products: json('products').$type<string[]>(),
    /** More than 100 products in one statement: the registers re-read the catalogue instead. */
    resync: boolean('resync').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A sale adds a row: one b-tree (the readers' cursor) and a BRIN for the clean-up, whose insert costs next to nothing.
  (t) => [index('live_events_xid_idx').on(t.xid), index('live_events_created_idx').using('brin', t.createdAt)],
);
