import { ROLE_IDS } from '@pos/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, statementName } from '../db/client';
import { branches, roles, sessions, users } from '../db/schema';

/** A cashier's one branch: their own, else their company's main branch. */
const workBranchIdOf = sql`coalesce(${users.branchId}, (select b.id from branches b
    where b.company_id = ${users.companyId} order by b.is_main desc, b.created_at asc limit 1))`;

const asCashier = sql`${users.roleId} = ${sql.raw(String(ROLE_IDS.cashier))} and not ${users.isSuperUser}`;

/**
 * A branch's register rules (what a cashier may do at the till without a manager): read with a cashier's
 * session for their branch, and by domain/approvals.repo's findRegisterRules for any branch.
 */
export const registerRuleColumns = {
  taxRate: branches.taxRate,
  cashierMaxDiscountPercent: branches.cashierMaxDiscountPercent,
  cashierMayChangePrice: branches.cashierMayChangePrice,
  cashierMayRefundWithoutReceipt: branches.cashierMayRefundWithoutReceipt,
  cashierMayZeroTax: branches.cashierMayZeroTax,
  cashierMayTakeReturns: branches.cashierMayTakeReturns,
};

export type RegisterRules = {
  taxRate: string;
  cashierMaxDiscountPercent: string;
  cashierMayChangePrice: boolean;
  cashierMayRefundWithoutReceipt: boolean;
  cashierMayZeroTax: boolean;
  cashierMayTakeReturns: boolean;
};

/** The rules as one JSON object (numbers as text, as the columns read them). */
const registerRulesJson = sql`json_build_object(${sql.join(
  Object.entries(registerRuleColumns).map(([key, column]) =>
    column.columnType === 'PgNumeric' ? sql`${key}::text, ${column}::text` : sql`${key}::text, ${column}`,
  ),
  sql`, `,
)})`;

/**
 * Who the user is and what they may reach, in the same statement as the session check, so a request
 * reads its scope once: a Super Admin's member companies (company_members), the branch a cashier
 * works at (their own, else their company's main branch) and its register rules, so a cashier's sale
 * checks its limits without another read. Each sub-select runs only for its role.
 */
const actorColumns = {
  userId: users.id,
  name: users.name,
  username: users.username,
  roleId: users.roleId,
  roleName: roles.name,
  permissions: roles.permissions,
  isSuperUser: users.isSuperUser,
  companyId: users.companyId,
  branchId: users.branchId,
  memberCompanyIds: sql<string[] | null>`case when ${users.roleId} = ${sql.raw(String(ROLE_IDS.superAdmin))}
    and not ${users.isSuperUser} then coalesce((select json_agg(cm.company_id) from company_members cm
    where cm.user_id = ${users.id}), '[]'::json) end`,
  workBranch: sql<{ id: string; rules: RegisterRules } | null>`case when ${asCashier} then (select
    json_build_object('id', ${branches.id}, 'rules', ${registerRulesJson}) from ${branches}
    where ${branches.id} = ${workBranchIdOf}) end`,
};

function liveSessionQuery(db: DbOrTx) {
  return db
    .select({ sessionId: sessions.id, ...actorColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare(statementName(db, 'find_live_session'));
}

// One prepared statement per database handle: on PostgreSQL each pooled connection parses and plans it
// once (primary-key lookups: the generic plan is the right one), instead of on every request.
const liveSessionQueries = new WeakMap<DbOrTx, ReturnType<typeof liveSessionQuery>>();

/**
 * The session named by a token, with its user and role, if the session is live and the user active.
 * Read on every request (never cached): a revoked session or a deactivated user is refused at once.
 */
export async function findLiveSession(db: DbOrTx, { sessionId, userId }: { sessionId: string; userId: string }) {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    liveSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId, userId, now: new Date().toISOString() });
  return row;
}

export type ActorRow = NonNullable<Awaited<ReturnType<typeof findActiveActor>>>;

/** The same user and scope as a live session answers, by user id (sign-in, before a session exists). */
export async function findActiveActor(db: DbOrTx, userId: string) {
  const [row] = await db
    .select(actorColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return row;
}

export async function findBranchById(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({ id: branches.id, companyId: branches.companyId, timezone: branches.timezone, isMain: branches.isMain })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return row;
}
