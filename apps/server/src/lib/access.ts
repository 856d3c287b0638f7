import type { Permission } from '@pos/shared';
import { ROLE_IDS } from '@pos/shared';
import type { DbOrTx } from '../db/client';
import { findBranchById, findMainBranchId, listMemberCompanyIds } from './access.repo';
import { forbidden, notFound } from './errors';

/** Who is asking: resolved from the token and the database on every request, never from the client's word. */
export type Actor = {
  userId: string;
  sessionId: string;
  name: string;
  username: string;
  roleId: number;
  roleName: string;
  permissions: ReadonlySet<Permission>;
  isSuperUser: boolean;
  companyId: string | null;
  branchId: string | null;
};

export type BranchScope = { companyId: string; branchId: string; timezone: string };

export const isCashier = (actor: Actor) => actor.roleId === ROLE_IDS.cashier && !actor.isSuperUser;

export function can(actor: Actor, permission: Permission): boolean {
  return actor.isSuperUser || actor.permissions.has(permission);
}

export function requirePermission(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) throw forbidden();
}

/** 'all' for the platform operator; otherwise the ids of the companies the actor may reach. */
export async function accessibleCompanyIds(db: DbOrTx, actor: Actor): Promise<'all' | string[]> {
  if (actor.isSuperUser) return 'all';
  if (actor.roleId === ROLE_IDS.superAdmin) {
    const member = await listMemberCompanyIds(db, actor.userId);
    return actor.companyId && !member.includes(actor.companyId) ? [...member, actor.companyId] : member;
  }
  return actor.companyId ? [actor.companyId] : [];
}

/** 404 (never 403) for a company outside the actor's reach, so ids of other tenants leak nothing. */
export async function resolveCompany(
  db: DbOrTx,
  { actor, companyId, permission }: { actor: Actor; companyId: string; permission?: Permission },
): Promise<string> {
  const ids = await accessibleCompanyIds(db, actor);
  if (ids !== 'all' && !ids.includes(companyId)) throw notFound('Company');
  if (permission) requirePermission(actor, permission);
  return companyId;
}

/** The branch a cashier works at: their assigned branch, else their company's main branch. */
async function cashierBranchId(db: DbOrTx, actor: Actor): Promise<string | undefined> {
  if (actor.branchId) return actor.branchId;
  return actor.companyId ? findMainBranchId(db, actor.companyId) : undefined;
}

type CachedBranch = { id: string; companyId: string; timezone: string; expiresAt: number };

/**
 * Branches found lately, per database handle: every branch-scoped request starts with this look-up.
 * What is kept cannot go stale today: a branch is never deleted, never moves to another company and
 * no route changes its time zone (settings only change its tax rate, which is not kept here). Only
 * branches that exist are kept (a branch created a moment ago is found at once), each for
 * BRANCH_CACHE_TTL_MS, which bounds staleness should a time-zone edit ever be added. Whether the actor
 * may reach the branch is still decided on every request, from the actor read with the session.
 */
const BRANCH_CACHE_TTL_MS = 60_000;
const BRANCH_CACHE_MAX = 10_000;
const branchCaches = new WeakMap<DbOrTx, Map<string, CachedBranch>>();

async function findBranch(db: DbOrTx, branchId: string): Promise<Omit<CachedBranch, 'expiresAt'> | undefined> {
  let cache = branchCaches.get(db);
  if (!cache) {
    cache = new Map();
    branchCaches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(branchId);
  if (hit && hit.expiresAt > now) return hit;
  const row = await findBranchById(db, branchId);
  if (!row) {
    cache.delete(branchId);
    return undefined;
  }
  if (cache.size >= BRANCH_CACHE_MAX) cache.clear();
  const entry = { id: row.id, companyId: row.companyId, timezone: row.timezone, expiresAt: now + BRANCH_CACHE_TTL_MS };
  cache.set(branchId, entry);
  return entry;
}

/**
 * The entry point of every branch-scoped service call: checks that the branch exists within the
 * actor's reach (404 otherwise) and, when given, the permission (403).
 */
export async function resolveBranch(
  db: DbOrTx,
  { actor, branchId, permission }: { actor: Actor; branchId: string; permission?: Permission },
): Promise<BranchScope> {
  const branch = await findBranch(db, branchId);
  if (!branch) throw notFound('Branch');
  if (isCashier(actor)) {
    if (branch.id !== (await cashierBranchId(db, actor))) throw notFound('Branch');
  } else {
    const ids = await accessibleCompanyIds(db, actor);
    if (ids !== 'all' && !ids.includes(branch.companyId)) throw notFound('Branch');
  }
  if (permission) requirePermission(actor, permission);
  return { companyId: branch.companyId, branchId: branch.id, timezone: branch.timezone };
}
