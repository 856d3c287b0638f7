import type { Permission, User } from '@pos/shared';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, companyMembers, roles, sessions, users } from '../../db/schema';
import { containsPattern } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  roleId: roles.id,
  roleName: roles.name,
  permissions: roles.permissions,
  companyId: users.companyId,
  branchId: users.branchId,
  branchName: branches.name,
  isSuperUser: users.isSuperUser,
  isActive: users.isActive,
};

type UserRow = {
  id: string;
  name: string;
  email: string | null;
  username: string;
  roleId: number;
  roleName: string;
  permissions: string[];
  companyId: string | null;
  branchId: string | null;
  branchName: string | null;
  isSuperUser: boolean;
  isActive: boolean;
};

function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    roles: [{ id: row.roleId, name: row.roleName, permissions: row.permissions as Permission[] }],
    companyId: row.companyId,
    branchId: row.branchId,
    isSuperUser: row.isSuperUser,
    isActive: row.isActive,
    managedBranch: row.branchId && row.branchName !== null ? { id: row.branchId, name: row.branchName } : null,
  };
}

function selectUsers(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(branches, and(eq(branches.companyId, users.companyId), eq(branches.id, users.branchId)));
}

type UserListFilters = { companyIds: CompanyScope; branchId?: string; search?: string };

function userListConditions({ companyIds, branchId, search }: UserListFilters) {
  const conditions: (SQL | undefined)[] = [
    tenantFilter(users.companyId, companyIds),
    branchId ? eq(users.branchId, branchId) : undefined,
  ];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)));
  }
  return and(...conditions);
}

/** The CSV export of the list (GET /users/export.csv): every user the list pages through, in its order. */
export function usersExportQuery(db: DbOrTx, filters: UserListFilters) {
  return db
    .select({
      name: users.name,
      username: users.username,
      email: users.email,
      roleName: roles.name,
      branchName: branches.name,
      isActive: users.isActive,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(branches, and(eq(branches.companyId, users.companyId), eq(branches.id, users.branchId)))
    .where(userListConditions(filters))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

export async function listUsers(
  db: DbOrTx,
  {
    companyIds,
    branchId,
    search,
    limit,
    offset,
  }: { companyIds: CompanyScope; branchId?: string; search?: string; limit: number; offset: number },
): Promise<{ items: User[]; total: number }> {
  const where = userListConditions({ companyIds, branchId, search });
  const [rows, totals] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toUser), total: totals[0]?.total ?? 0 };
}

/** A user of the given companies ('all' for the platform operator, who also reaches users without a company). */
export async function findUser(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: CompanyScope },
): Promise<User | undefined> {
  const [row] = await selectUsers(db)
    .where(and(eq(users.id, id), tenantFilter(users.companyId, companyIds)))
    .limit(1);
  return row ? toUser(row) : undefined;
}

export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

export async function insertUser(
  db: DbOrTx,
  input: {
    name: string;
    email: string;
    username: string;
    passwordHash: string;
    roleId: number;
    companyId: string;
    branchId: string | null;
  },
): Promise<string> {
  const [row] = await db.insert(users).values(input).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function updateUser(
  db: DbOrTx,
  {
    id,
    patch,
  }: {
    id: string;
    patch: { name?: string; email?: string; roleId?: number; branchId?: string | null; isActive?: boolean };
  },
) {
  if (Object.keys(patch).length === 0) return;
  await db.update(users).set(patch).where(eq(users.id, id));
}

/** A Super Admin reaches the companies they are a member of. */
export async function addCompanyMember(db: DbOrTx, { companyId, userId }: { companyId: string; userId: string }) {
  await db.insert(companyMembers).values({ companyId, userId }).onConflictDoNothing();
}

/** Every open session of the user: their tokens get 401 from the next request on. */
export async function revokeAllSessions(db: DbOrTx, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
