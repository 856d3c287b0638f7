import { ROLE_IDS } from '@pos/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { branches, roles, sessions, users } from '../db/schema';

/**
 * Who the user is and what they may reach, in the same statement as the session check, so a request
 * reads its scope once: a Super Admin's member companies (company_members), and the branch a cashier
 * works at (their own, else their company's main branch). Each sub-select runs only for its role.
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
  workBranchId: sql<string | null>`case when ${users.roleId} = ${sql.raw(String(ROLE_IDS.cashier))}
    and not ${users.isSuperUser} then coalesce(${users.branchId}, (select b.id from branches b
    where b.company_id = ${users.companyId} order by b.is_main desc, b.created_at asc limit 1)) end`,
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
