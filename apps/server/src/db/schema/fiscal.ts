import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { registers } from './registers';
import { branches, users } from './tenancy';

/**
 * A branch's fiscal reporting (DESIGN.md section 11; docs/architecture/fiscal.md): the authority's
 * implementation (`none` by default, `fbr`), where it is sent (`environment`: the simulator at `base_url`, FBR's
 * sandbox or production), the POS registration and token of what the back office sells and takes back (a
 * register's own are fiscal_registers), and whether receipts carry FBR's POS service fee. The token is stored
 * encrypted (features/fiscal/fiscal-secrets.ts) and never answered.
 */
export const fiscalSettings = pgTable(
  'fiscal_settings',
  {
    companyId: uuid('company_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    provider: text('provider').notNull().default('none'),
    environment: text('environment').notNull().default('simulator'),
    baseUrl: text('base_url'),
    posId: integer('pos_id'),
    tokenEncrypted: text('token_encrypted'),
    serviceFee: boolean('service_fee').notNull().default(false),
    /** The PCT code of a line whose item has no tax class (or a class without one). */
    defaultPctCode: text('default_pct_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.branchId] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    check('fiscal_settings_provider', sql`${t.provider} in ('none', 'fbr')`),
    check('fiscal_settings_environment', sql`${t.environment} in ('simulator', 'sandbox', 'production')`),
  ],
);

/** A register's POS registration with the authority: its POSID and token (encrypted). */
export const fiscalRegisters = pgTable(
  'fiscal_registers',
  {
    companyId: uuid('company_id').notNull(),
    registerId: uuid('register_id').notNull(),
    posId: integer('pos_id').notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.registerId] }),
    foreignKey({ columns: [t.companyId, t.registerId], foreignColumns: [registers.companyId, registers.id] }),
  ],
);

/**
 * The fiscal outbox: one row per completed sale or return of a branch that reports, written in the
 * transaction that writes the document (db/triggers/sales.sql and returns.sql: pos_fiscal_enqueue_*), sent by
 * every server process in `seq` order per register (features/fiscal/fiscal-outbox.ts), exactly once by its USIN
 * (the receipt or return number): a claim is a lease (`claimed_until`), so a process killed mid-send leaves the
 * row to another, which sends the same USIN again and records the number the authority gave it the first time.
 * `pending` (waiting, or retrying after a timeout or 5xx at `next_attempt_at`), `sent` (its `fiscal_number`),
 * `failed` (refused: `last_code`, `last_error`; a manager resends it after fixing what was wrong).
 */
export const fiscalDocuments = pgTable(
  'fiscal_documents',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    branchId: uuid('branch_id').notNull(),
    registerId: uuid('register_id'),
    kind: text('kind').notNull(),
    documentId: uuid('document_id').notNull(),
    usin: text('usin').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    fiscalNumber: text('fiscal_number'),
    lastCode: text('last_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('fiscal_documents_document_uq').on(t.companyId, t.kind, t.documentId),
    index('fiscal_documents_pending_idx').on(t.seq).where(sql`${t.status} = 'pending'`),
    index('fiscal_documents_branch_idx').on(t.companyId, t.branchId, t.status, t.seq),
    check('fiscal_documents_kind', sql`${t.kind} in ('sale', 'return')`),
    check('fiscal_documents_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Every attempt to send a fiscal document: what came back (append-only). */
export const fiscalAttempts = pgTable(
  'fiscal_attempts',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    fiscalDocumentId: uuid('fiscal_document_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** ok (numbered), duplicate (numbered before: the same number again), refused, error (5xx, network, timeout). */
    outcome: text('outcome').notNull(),
    httpStatus: integer('http_status'),
    code: text('code'),
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.fiscalDocumentId],
      foreignColumns: [fiscalDocuments.companyId, fiscalDocuments.id],
    }),
    index('fiscal_attempts_document_idx').on(t.companyId, t.fiscalDocumentId, t.at),
    check('fiscal_attempts_outcome', sql`${t.outcome} in ('ok', 'duplicate', 'refused', 'error')`),
  ],
);
