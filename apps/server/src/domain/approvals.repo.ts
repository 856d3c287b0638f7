import { ROLE_IDS } from '@pos/shared';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { approvalGrants, branches, companyMembers, loginRateLimits, products, sales, users } from '../db/schema';
import { type RegisterRules, registerRuleColumns } from '../lib/access.repo';

/** The user an approval names (by username, any letter case), with what decides whether they may approve. */
export async function findApprover(
  db: DbOrTx,
  { username, companyId, branchId }: { username: string; companyId: string; branchId: string },
) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      pinHash: users.pinHash,
      pinLockedAt: users.pinLockedAt,
      isActive: users.isActive,
      isSuperUser: users.isSuperUser,
      isBranchApprover: sql<boolean>`${branchApproverWhere({ companyId, branchId })}`,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

/**
 * Counts one approval attempt against `key` in a fixed window kept in login_rate_limits (the sign-in
 * limit's table, keys 'approval:...'); answers the attempts in the current window, this one included.
 */
export async function countApprovalAttempt(db: DbOrTx, { key, windowMs }: { key: string; windowMs: number }) {
  const window = sql`(${windowMs}::int * interval '1 millisecond')`;
  const expired = sql`${loginRateLimits.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(loginRateLimits)
    .values({ key, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: loginRateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${loginRateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginRateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: loginRateLimits.hits });
  return row?.hits ?? 1;
}

/** A successful approval clears its counter (the next mistake starts a new window). */
export async function clearApprovalAttempts(db: DbOrTx, key: string) {
  await db.delete(loginRateLimits).where(eq(loginRateLimits.key, key));
}

export async function findRegisterRules(
  db: DbOrTx,
  { companyId, branchId }: { companyId: string; branchId: string },
): Promise<RegisterRules | undefined> {
  const [row] = await db
    .select(registerRuleColumns)
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
    .limit(1);
  return row;
}

/** Whether every id names a product of the branch (deleted ones included: the sale path words those). */
export async function areBranchProducts(
  db: DbOrTx,
  { companyId, branchId, ids }: { companyId: string; branchId: string; ids: string[] },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.branchId, branchId), inArray(products.id, ids)));
  return (row?.n ?? 0) === ids.length;
}

/** Whether the id names a sale of the branch (a return's grant is asked for one). */
export async function isBranchSale(
  db: DbOrTx,
  { companyId, branchId, id }: { companyId: string; branchId: string; id: string },
) {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.branchId, branchId), eq(sales.id, id)))
    .limit(1);
  return row !== undefined;
}

/** Locks the approver's PIN (repeated wrong attempts); true when this call locked it (not already locked). */
export async function lockPin(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ pinLockedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.pinLockedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function insertGrant(
  db: DbOrTx,
  grant: Omit<typeof approvalGrants.$inferInsert, 'expiresAt'> & { ttlSeconds: number },
) {
  const { ttlSeconds, ...values } = grant;
  const [row] = await db
    .insert(approvalGrants)
    .values({ ...values, expiresAt: sql`now() + (${ttlSeconds}::int * interval '1 second')` })
    .returning({ id: approvalGrants.id, expiresAt: approvalGrants.expiresAt });
  if (!row) throw new Error('grant not written');
  return row;
}

/** A grant of the company, with its approver's name and username. */
export async function findGrant(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await db
    .select({
      id: approvalGrants.id,
      branchId: approvalGrants.branchId,
      registerId: approvalGrants.registerId,
      requestedBy: approvalGrants.requestedBy,
      purpose: approvalGrants.purpose,
      digest: approvalGrants.digest,
      consumedAt: approvalGrants.consumedAt,
      consumedBy: approvalGrants.consumedBy,
      approver: { id: users.id, name: users.name, username: users.username },
    })
    .from(approvalGrants)
    .innerJoin(users, eq(users.id, approvalGrants.approverId))
    .where(and(eq(approvalGrants.companyId, companyId), eq(approvalGrants.id, id)))
    .limit(1);
  return row;
}

/**
 * Consumes the grant for `consumer` (a sale's or a shift's id) in one conditional statement: unused and
 * not expired, or already consumed by that same consumer (an idempotent retry). True when it passed.
 */
export async function consumeGrant(
  db: DbOrTx,
  { companyId, id, consumer }: { companyId: string; id: string; consumer: string },
): Promise<boolean> {
  const rows = await db
    .update(approvalGrants)
    .set({
      consumedAt: sql`coalesce(${approvalGrants.consumedAt}, now())`,
      consumedBy: consumer,
    })
    .where(
      and(
        eq(approvalGrants.companyId, companyId),
        eq(approvalGrants.id, id),
        or(
          and(isNull(approvalGrants.consumedAt), sql`${approvalGrants.expiresAt} > now()`),
          eq(approvalGrants.consumedBy, consumer),
        ),
      ),
    )
    .returning({ id: approvalGrants.id });
  return rows.length > 0;
}

/**
 * Who may approve at a branch, as a condition on `users`: an active Manager of the branch (a Manager
 * without a branch: of the company's main branch) or an active Super Admin of the company (a member, or
 * of it). The one definition: verifyApproval's PIN check (which also admits the platform operator) and
 * the approvers a register keeps offline.
 */
function branchApproverWhere({ companyId, branchId }: { companyId: string; branchId: string }) {
  const isMainBranch = sql`exists (select 1 from ${branches} where ${branches.companyId} = ${companyId} and ${branches.id} = ${branchId} and ${branches.isMain})`;
  const isMember = sql`exists (select 1 from ${companyMembers} where ${companyMembers.companyId} = ${companyId} and ${companyMembers.userId} = ${users.id})`;
  return sql`${users.isActive} and (
    (${users.roleId} = ${ROLE_IDS.superAdmin} and (${users.companyId} = ${companyId} or ${isMember}))
    or (${users.roleId} = ${ROLE_IDS.manager} and ${users.companyId} = ${companyId}
        and (${users.branchId} = ${branchId} or (${users.branchId} is null and ${isMainBranch}))))`;
}

/**
 * The branch's approvers with a PIN: the register checks a PIN against these hashes while offline. A PIN
 * locked after wrong attempts is left out until its owner sets a new one.
 */
export async function findBranchApprovers(db: DbOrTx, scope: { companyId: string; branchId: string }) {
  return db
    .select({ id: users.id, name: users.name, username: users.username, pinHash: sql<string>`${users.pinHash}` })
    .from(users)
    .where(and(branchApproverWhere(scope), isNotNull(users.pinHash), isNull(users.pinLockedAt)))
    .orderBy(users.username)
    .limit(200);
}

/** The approver an offline approval names, if they may approve at the branch (else undefined). */
export async function findBranchApprover(
  db: DbOrTx,
  { companyId, branchId, userId }: { companyId: string; branchId: string; userId: string },
) {
  const [row] = await db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), branchApproverWhere({ companyId, branchId })))
    .limit(1);
  return row;
}
