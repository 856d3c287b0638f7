import { type LoginResponse, MSG, type SessionUser, type UpdatePasswordInput } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, accessibleCompanyIds, isCashier } from '../../lib/access';
import { findMainBranchId } from '../../lib/access.repo';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { SESSION_TTL_MS, type TokenService } from '../../lib/tokens';
import * as repo from './auth.repo';

type Deps = { db: Db; tokens: TokenService };

function actorFromProfile(profile: repo.UserProfile): Actor {
  return {
    userId: profile.id,
    sessionId: '',
    name: profile.name,
    username: profile.username,
    roleId: profile.roleId,
    roleName: profile.roleName,
    permissions: new Set(profile.permissions) as Actor['permissions'],
    isSuperUser: profile.isSuperUser,
    companyId: profile.companyId,
    branchId: profile.branchId,
  };
}

/** The user as the web app holds it: roles, flags, and the companies (with branches) they may reach. */
export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser> {
  const profile = await repo.findUserProfile(db, userId);
  if (!profile?.isActive) throw unauthorized();
  const actor = actorFromProfile(profile);
  const companyIds = await accessibleCompanyIds(db, actor);
  let branchIds: string[] | undefined;
  if (isCashier(actor)) {
    // A cashier is fixed to one branch: their own, else the company's main branch.
    const own = profile.branchId ?? (profile.companyId ? await findMainBranchId(db, profile.companyId) : undefined);
    branchIds = own ? [own] : [];
  }
  const company = await repo.listCompaniesWithBranches(db, { companyIds, branchIds });
  return repo.toSessionUser(profile, company);
}

async function issueToken({ db, tokens }: Deps, userId: string): Promise<string> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const sessionId = await repo.insertSession(db, { userId, expiresAt });
  return tokens.sign({ userId, sessionId, expiresAt });
}

export async function login(deps: Deps, { username, password }: { username: string; password: string }) {
  const found = await repo.findUserForLogin(deps.db, username);
  if (!found) {
    await burnPasswordCheck(password);
    throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  const isValid = await verifyPassword(found.passwordHash, password);
  // A deactivated user gets the same answer as a wrong password: no hint that the account exists.
  if (!isValid || !found.isActive) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  const access_token = await issueToken(deps, found.id);
  const user = await loadSessionUser(deps.db, found.id);
  return { user, access_token } satisfies LoginResponse;
}

export async function logout({ db }: Deps, actor: Actor): Promise<void> {
  await repo.revokeSession(db, actor.sessionId);
}

/**
 * Checks the current password, stores the new hash, revokes every other session of the user and
 * answers a fresh token for this session.
 */
export async function changePassword({ db, tokens }: Deps, actor: Actor, input: UpdatePasswordInput) {
  const currentHash = await repo.findPasswordHash(db, actor.userId);
  if (!currentHash || !(await verifyPassword(currentHash, input.oldPassword))) {
    throw badRequest(MSG.currentPasswordWrong, { oldPassword: MSG.currentPasswordWrong });
  }
  if (input.oldPassword === input.newPassword) {
    const message = 'New password must be different from your existing one';
    throw badRequest(message, { newPassword: message });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, { userId: actor.userId, passwordHash });
    await repo.revokeOtherSessions(tx, { userId: actor.userId, keepSessionId: actor.sessionId });
    await repo.extendSession(tx, { sessionId: actor.sessionId, expiresAt });
  });
  return { access_token: await tokens.sign({ userId: actor.userId, sessionId: actor.sessionId, expiresAt }) };
}
