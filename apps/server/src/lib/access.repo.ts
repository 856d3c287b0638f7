import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { branches, companyMembers, roles, sessions, users } from '../db/schema';

function liveSessionQuery(db: DbOrTx) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      name: users.name,
      username: users.username,
      roleId: users.roleId,
      roleName: roles.name,
      permissions: roles.permissions,
      isSuperUser: users.isSuperUser,
      companyId: users.companyId,
      branchId: users.branchId,
    })
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
    .prepare('find_live_session');
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

export async function listMemberCompanyIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return rows.map((r) => r.companyId);
}

export async function findBranchById(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({ id: branches.id, companyId: branches.companyId, timezone: branches.timezone, isMain: branches.isMain })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return row;
}

export async function findMainBranchId(db: DbOrTx, companyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.companyId, companyId))
    .orderBy(desc(branches.isMain), asc(branches.createdAt))
    .limit(1);
  return row?.id;
}
