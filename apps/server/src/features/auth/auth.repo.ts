import type { Branch, Company, Permission, SessionUser } from '@pos/shared';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, companies, loginRateLimits, roles, sessions, users } from '../../db/schema';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

export async function findUserForLogin(db: DbOrTx, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      companyId: users.companyId,
      branchId: users.branchId,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.hash;
}

export async function setPasswordHash(db: DbOrTx, { userId, passwordHash }: { userId: string; passwordHash: string }) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function insertSession(db: DbOrTx, { userId, expiresAt }: { userId: string; expiresAt: Date }) {
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export async function extendSession(db: DbOrTx, { sessionId, expiresAt }: { sessionId: string; expiresAt: Date }) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(
  db: DbOrTx,
  { userId, keepSessionId }: { userId: string; keepSessionId: string },
) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

export async function findUserProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      isSuperUser: users.isSuperUser,
      isActive: users.isActive,
      companyId: users.companyId,
      branchId: users.branchId,
      roleId: roles.id,
      roleName: roles.name,
      permissions: roles.permissions,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

const branchColumns = {
  id: branches.id,
  name: branches.name,
  address: branches.address,
  phone: branches.phone,
  companyId: branches.companyId,
  isMain: branches.isMain,
  isActive: branches.isActive,
  timezone: branches.timezone,
};

/** Companies (all of them for 'all') with their branches, oldest first; `branchIds` narrows the branches. */
export async function listCompaniesWithBranches(
  db: DbOrTx,
  { companyIds, branchIds }: { companyIds: CompanyScope; branchIds?: string[] },
): Promise<Company[]> {
  const companyRows = await db
    .select({
      id: companies.id,
      name: companies.name,
      address: companies.address,
      phone: companies.phone,
      email: companies.email,
      taxId: companies.taxId,
      strn: companies.strn,
      currency: companies.currency,
    })
    .from(companies)
    .where(tenantFilter(companies.id, companyIds))
    .orderBy(asc(companies.createdAt), asc(companies.name));
  if (companyRows.length === 0) return [];
  const branchRows: Branch[] = await db
    .select(branchColumns)
    .from(branches)
    .where(
      and(
        inArray(
          branches.companyId,
          companyRows.map((c) => c.id),
        ),
        branchIds ? inArray(branches.id, branchIds) : undefined,
      ),
    )
    .orderBy(desc(branches.isMain), asc(branches.createdAt), asc(branches.name));
  return companyRows.map((c) => ({ ...c, branches: branchRows.filter((b) => b.companyId === c.id) }));
}

export type UserProfile = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>;

export function toSessionUser(profile: UserProfile, company: Company[]): SessionUser {
  const managed = profile.branchId
    ? company.flatMap((c) => c.branches).find((b) => b.id === profile.branchId)
    : undefined;
  return {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    username: profile.username,
    isSuperUser: profile.isSuperUser,
    isActive: profile.isActive,
    roles: [{ id: profile.roleId, name: profile.roleName, permissions: profile.permissions as Permission[] }],
    companyId: profile.companyId,
    branchId: profile.branchId,
    managedBranch: managed ? { id: managed.id, name: managed.name } : null,
    company,
  };
}

/**
 * Counts one sign-in attempt against each key in one statement: a key's window restarts (hits 1) once
 * it has passed, else its hits go up. Answers each key's hits in its window and the milliseconds
 * left of it, by the database's clock (every process shares it).
 */
export async function countLoginAttempt(db: DbOrTx, { keys, windowMs }: { keys: string[]; windowMs: number }) {
  const window = sql`(${windowMs}::int * interval '1 millisecond')`;
  const expired = sql`${loginRateLimits.windowStartedAt} <= now() - ${window}`;
  return db
    .insert(loginRateLimits)
    .values(keys.map((key) => ({ key, windowStartedAt: sql`now()`, hits: 1 })))
    .onConflictDoUpdate({
      target: loginRateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${loginRateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginRateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      key: loginRateLimits.key,
      hits: loginRateLimits.hits,
      msLeft: sql<number>`(extract(epoch from (${loginRateLimits.windowStartedAt} + ${window} - now())) * 1000)::float8`,
    });
}

/** Deletes the counters whose window has passed (a new attempt would restart them anyway). */
export async function purgeLoginRateLimits(db: DbOrTx, { windowMs }: { windowMs: number }) {
  await db.delete(loginRateLimits).where(
    // Approval counters (domain/approvals.ts) keep their own, longer window and restart in place.
    sql`${loginRateLimits.windowStartedAt} <= now() - (${windowMs}::int * interval '1 millisecond') and ${loginRateLimits.key} not like 'approval:%'`,
  );
}
