import {
  type createUserSchema,
  type PageMeta,
  pageMeta,
  ROLE_IDS,
  USER_MSG,
  type User,
  type updateUserSchema,
  type userListQuerySchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import {
  type Actor,
  accessibleCompanyIds,
  type CompanyScope,
  loadInScope,
  requirePermission,
  resolveBranch,
  resolveCompany,
} from '../../lib/access';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { commonPasswordMessage } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './users.repo';

/** Only a Super Admin (or the platform operator) grants or touches the Super Admin role; a Manager may not. */
const canManageSuperAdmins = (actor: Actor) => actor.isSuperUser || actor.roleId === ROLE_IDS.superAdmin;

const usernameTaken = () => conflict(USER_MSG.usernameTaken, { username: USER_MSG.usernameTaken });
const branchOtherCompany = () => badRequest(USER_MSG.branchOtherCompany, { branchId: USER_MSG.branchOtherCompany });

/**
 * A branch given for a user: outside the actor's reach it is "not found" (404) like any other id; a
 * reachable branch of another company than the user's is refused (400).
 */
async function checkUserBranch(
  db: Db,
  actor: Actor,
  { companyId, branchId }: { companyId: string | null; branchId: string },
) {
  const scope = await resolveBranch(db, { actor, branchId });
  if (scope.companyId !== companyId) throw branchOtherCompany();
}

/**
 * Users of the companies within reach. companyId narrows to one company, branchId to the users
 * assigned to that branch; either outside the caller's reach is 404. Every users call needs
 * manage_users, checked first: a role without it (a cashier) gets 403 whatever ids it sends.
 */
export async function listUsers(
  db: Db,
  actor: Actor,
  query: z.output<typeof userListQuerySchema>,
): Promise<{ items: User[]; meta: PageMeta }> {
  requirePermission(actor, 'manage_users');
  let companyIds: CompanyScope;
  if (query.branchId) {
    const scope = await resolveBranch(db, { actor, branchId: query.branchId });
    if (query.companyId && query.companyId !== scope.companyId) throw notFound('Branch');
    companyIds = [scope.companyId];
  } else if (query.companyId) {
    companyIds = [resolveCompany(actor, query.companyId)];
  } else {
    companyIds = accessibleCompanyIds(actor);
  }
  const { items, total } = await repo.listUsers(db, {
    companyIds,
    branchId: query.branchId,
    search: query.search,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** Creates a user with one role, an argon2id password hash, in the creator's (or a given, reachable) company. */
export async function createUser(db: Db, actor: Actor, input: z.output<typeof createUserSchema>): Promise<User> {
  requirePermission(actor, 'manage_users');
  const tooCommon = commonPasswordMessage(input.password);
  if (tooCommon) throw badRequest(tooCommon, { password: tooCommon });
  const requestedCompanyId = input.companyId ?? actor.companyId;
  if (!requestedCompanyId) throw badRequest(USER_MSG.selectCompany, { companyId: USER_MSG.selectCompany });
  const companyId = resolveCompany(actor, requestedCompanyId);
  const [roleId] = input.roleIds;
  if (roleId === undefined) throw badRequest(USER_MSG.roleRequired, { roleIds: USER_MSG.roleRequired });
  if (roleId === ROLE_IDS.superAdmin && !canManageSuperAdmins(actor)) throw forbidden(USER_MSG.cannotGrantSuperAdmin);
  const branchId = input.branchId ?? null;
  if (branchId) await checkUserBranch(db, actor, { companyId, branchId });
  if (await repo.isUsernameTaken(db, input.username)) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  const id = await db
    .transaction(async (tx) => {
      const userId = await repo.insertUser(tx, {
        name: input.name,
        email: input.email,
        username: input.username,
        passwordHash,
        roleId,
        companyId,
        branchId,
      });
      if (roleId === ROLE_IDS.superAdmin) await repo.addCompanyMember(tx, { companyId, userId });
      await writeAudit(tx, {
        companyId,
        branchId,
        userId: actor.userId,
        action: 'user.create',
        entityType: 'user',
        entityId: userId,
        after: { name: input.name, email: input.email, username: input.username, roleId, branchId },
      });
      return userId;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? usernameTaken() : error;
    });
  const user = await repo.findUser(db, { id, companyIds: [companyId] });
  if (!user) throw notFound('User');
  return user;
}

/**
 * The Edit form: name, email, role, branch, active flag. Deactivating revokes every session of the
 * user in the same transaction (their tokens get 401; login already refuses inactive users).
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updateUserSchema>,
): Promise<User> {
  // First, so that a role without it gets 403 whatever the id (nothing learnt about other users' ids).
  requirePermission(actor, 'manage_users');
  const target = await loadInScope(actor, {
    what: 'User',
    by: 'company',
    load: (companyIds) => repo.findUser(db, { id, companyIds }),
  });
  if (target.isSuperUser && !actor.isSuperUser) throw forbidden(USER_MSG.cannotEditSuperAdmin);
  const currentRoleId = target.roles[0]?.id;
  if (currentRoleId === ROLE_IDS.superAdmin && !canManageSuperAdmins(actor)) {
    throw forbidden(USER_MSG.cannotEditSuperAdmin);
  }
  const roleId = input.roleIds?.[0];
  const isRoleChange = roleId !== undefined && roleId !== currentRoleId;
  if (isRoleChange && roleId === ROLE_IDS.superAdmin && !canManageSuperAdmins(actor)) {
    throw forbidden(USER_MSG.cannotGrantSuperAdmin);
  }
  const isSelf = id === actor.userId;
  if (isSelf && isRoleChange) throw badRequest(USER_MSG.cannotChangeOwnRole, { roleIds: USER_MSG.cannotChangeOwnRole });
  if (isSelf && input.isActive === false) {
    throw badRequest(USER_MSG.cannotDeactivateSelf, { isActive: USER_MSG.cannotDeactivateSelf });
  }
  if (input.branchId) await checkUserBranch(db, actor, { companyId: target.companyId, branchId: input.branchId });
  const patch = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.email !== undefined && { email: input.email }),
    ...(isRoleChange && { roleId }),
    ...(input.branchId !== undefined && { branchId: input.branchId }),
    ...(input.isActive !== undefined && { isActive: input.isActive }),
  };
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, { id, patch });
    if (isRoleChange && roleId === ROLE_IDS.superAdmin && target.companyId) {
      await repo.addCompanyMember(tx, { companyId: target.companyId, userId: id });
    }
    if (input.isActive === false) await repo.revokeAllSessions(tx, id);
    if (target.companyId && Object.keys(patch).length > 0) {
      await writeAudit(tx, {
        companyId: target.companyId,
        branchId: target.branchId,
        userId: actor.userId,
        action: input.isActive === false && target.isActive ? 'user.deactivate' : 'user.update',
        entityType: 'user',
        entityId: id,
        before: {
          name: target.name,
          email: target.email,
          roleId: currentRoleId,
          branchId: target.branchId,
          isActive: target.isActive,
        },
        after: patch,
      });
    }
  });
  const user = await repo.findUser(db, { id, companyIds: 'all' });
  if (!user) throw notFound('User');
  return user;
}
