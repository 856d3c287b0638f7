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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// Global tables: companies, roles, users (and what hangs off a user: sessions).

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  /** The NTN (the spec's Tax ID); printed in the receipt's header when set. */
  taxId: text('tax_id'),
  /** The sales tax registration number (STRN); printed in the receipt's header when set. */
  strn: text('strn'),
  /** ISO 4217 code every amount of the company is shown in (Intl.NumberFormat). */
  currency: text('currency').notNull().default('PKR'),
  /**
   * The two-digit EAN-13 prefix (20-29) of the labels the company's scales print: an item code of five digits,
   * then the weight in grams (packages/shared/src/scale-labels.ts);
   * null: not used.
   */
  scaleWeightPrefix: text('scale_weight_prefix').default('21'),
  createdAt: createdAt(),
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A Manager's or Super Admin's approval PIN at the register (argon2id, like passwords); null: none set. */
    pinHash: text('pin_hash'),
    /** Set when repeated wrong PINs locked the approval PIN (domain/approvals.ts); a new PIN clears it. */
    pinLockedAt: timestamp('pin_locked_at', { withTimezone: true }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    companyId: uuid('company_id').references(() => companies.id),
    branchId: uuid('branch_id'),
    isSuperUser: boolean('is_super_user').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_company_idx').on(t.companyId),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Server-wide secrets (the JWT key), shared by every server process on the same database. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Sign-in attempts counted per fixed window, per client address ('ip:<address>') and per username
 * ('user:<lower-case name>'), shared by every server process on the database (the login rate limit).
 * One row per key, restarted in place when its window has passed; expired rows are purged.
 */
export const loginRateLimits = pgTable(
  'login_rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('login_rate_limits_window_idx').on(t.windowStartedAt)],
);

// Tenant tables: company_id leads the primary key and every foreign key (DESIGN.md section 5).

/**
 * Triggers (db/triggers/branches.sql): a new branch gets its receipt and return number sequences, and the
 * audit counts are counted again when it changes its company's time zone.
 */
export const branches = pgTable(
  'branches',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    timezone: text('timezone').notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    // Register rules (DESIGN.md section 10): past these a cashier needs a manager's approval.
    cashierMaxDiscountPercent: numeric('cashier_max_discount_percent', { precision: 5, scale: 2 })
      .notNull()
      .default('10'),
    cashierMayChangePrice: boolean('cashier_may_change_price').notNull().default(false),
    cashierMayRefundWithoutReceipt: boolean('cashier_may_refund_without_receipt').notNull().default(false),
    cashierMayZeroTax: boolean('cashier_may_zero_tax').notNull().default(false),
    // Returns at the register: without it a cashier's return needs a manager's one-time grant.
    cashierMayTakeReturns: boolean('cashier_may_take_returns').notNull().default(false),
    // Cashiers may receive transfers and enter stock counts only when the branch allows it.
    cashierMayReceiveTransfers: boolean('cashier_may_receive_transfers').notNull().default(false),
    cashierMayCount: boolean('cashier_may_count').notNull().default(false),
    // Shift close: over/short beyond this (in the company's currency) needs a manager's approval.
    overShortThreshold: numeric('over_short_threshold', { precision: 14, scale: 2 }).notNull().default('5.00'),
    // The drawer's notes and coins in minor units (largest first); null: the currency's usual set.
    cashDenominations: integer('cash_denominations').array(),
    // An offline sale older than this when it arrives is accepted and flagged (sold_at_stale).
    offlineLimitHours: integer('offline_limit_hours').notNull().default(72),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('branches_id_idx').on(t.id)],
);

/** Super Admins reach the companies they are members of; creating a company makes the creator one. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

/**
 * Append-only, by triggers (db/triggers/audit_logs.sql): no update, delete or truncate, whoever asks; every
 * insert is counted into audit_logs_daily.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id'),
    userId: uuid('user_id').references(() => users.id),
    // The manager whose approval let the action pass a limit, and the register it came from.
    approvedById: uuid('approved_by_id').references(() => users.id),
    registerId: uuid('register_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('audit_logs_entity_idx').on(t.companyId, t.entityType, t.entityId),
    index('audit_logs_created_idx').on(t.companyId, t.createdAt, t.id),
    index('audit_logs_branch_created_idx').on(t.companyId, t.branchId, t.createdAt, t.id),
  ],
);
