import { type LoginResponse, MSG, type SessionUser, type UpdatePasswordInput } from '@pos/shared';
import type { Db } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { type Actor, accessibleCompanyIds, isCashier, toActor } from '../../lib/access';
import { findActiveActor } from '../../lib/access.repo';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { commonPasswordMessage } from '../../lib/password-policy';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { SESSION_TTL_MS, type TokenService } from '../../lib/tokens';
import * as repo from './auth.repo';

type Deps = { db: Db; tokens: TokenService };

/** The user as the web app holds it: roles, flags, and the companies (with branches) they may reach. */
export async function loadSessionUser(db: Db, actor: Actor): Promise<SessionUser> {
  const profile = await repo.findUserProfile(db, actor.userId);
  if (!profile?.isActive) throw unauthorized();
  // A cashier is fixed to one branch: their own, else the company's main branch.
  const branchIds = isCashier(actor) ? (actor.workBranchId ? [actor.workBranchId] : []) : undefined;
  const company = await repo.listCompaniesWithBranches(db, { companyIds: accessibleCompanyIds(actor), branchIds });
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
  const actorRow = isValid && found.isActive ? await findActiveActor(deps.db, found.id) : undefined;
  // Sign-ins and failures of a known account are audited in its company (an unknown username has none).
  if (found.companyId) {
    await writeAudit(deps.db, {
      companyId: found.companyId,
      branchId: found.branchId,
      userId: found.id,
      action: actorRow ? 'auth.sign_in' : 'auth.sign_in_failed',
      entityType: 'user',
      entityId: found.id,
      after: actorRow ? null : { reason: isValid ? 'inactive' : 'wrong_password' },
    });
  }
  if (!actorRow) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  const access_token = await issueToken(deps, found.id);
  const user = await loadSessionUser(deps.db, toActor(actorRow, ''));
  return { user, access_token } satisfies LoginResponse;
}

export type LoginRateLimits = { maxPerIp: number; maxPerUsername: number; windowMs: number };

/** Counters whose window passed are purged at most this often per process (and at least once a window). */
const PURGE_EVERY_MS = 60_000;
const lastPurge = new WeakMap<Db, number>();

/**
 * The sign-in rate limit: every attempt counts against the client address and the username (any
 * letter case), in fixed windows kept in the database, so every server process on it sees the same
 * counts. Answers the seconds to wait (Retry-After) when either is over its limit, else 0.
 */
export async function countSignInAttempt(
  db: Db,
  limits: LoginRateLimits,
  { ip, username }: { ip: string; username: string },
): Promise<number> {
  const ipKey = `ip:${ip}`;
  const rows = await repo.countLoginAttempt(db, {
    keys: [ipKey, `user:${username.toLowerCase()}`],
    windowMs: limits.windowMs,
  });
  let retryAfter = 0;
  for (const row of rows) {
    const max = row.key === ipKey ? limits.maxPerIp : limits.maxPerUsername;
    if (row.hits > max) retryAfter = Math.max(retryAfter, Math.ceil(row.msLeft / 1000), 1);
  }
  const now = Date.now();
  if (now - (lastPurge.get(db) ?? 0) >= Math.min(PURGE_EVERY_MS, limits.windowMs)) {
    lastPurge.set(db, now);
    await repo.purgeLoginRateLimits(db, { windowMs: limits.windowMs });
  }
  return retryAfter;
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
  const tooCommon = commonPasswordMessage(input.newPassword);
  if (tooCommon) throw badRequest(tooCommon, { newPassword: tooCommon });
  const passwordHash = await hashPassword(input.newPassword);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, { userId: actor.userId, passwordHash });
    await repo.revokeOtherSessions(tx, { userId: actor.userId, keepSessionId: actor.sessionId });
    await repo.extendSession(tx, { sessionId: actor.sessionId, expiresAt });
  });
  return { access_token: await tokens.sign({ userId: actor.userId, sessionId: actor.sessionId, expiresAt }) };
}
