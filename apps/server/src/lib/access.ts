import type { Permission } from '@pos/shared';
import { ROLE_IDS } from '@pos/shared';
import type { DbOrTx } from '../db/client';
import { type ActorRow, findBranchById, type RegisterRules } from './access.repo';
import { forbidden, notFound } from './errors';
import type { CompanyScope } from './tenant.repo';

export type { CompanyScope } from './tenant.repo';

/**
 * Who is asking: resolved from the token and the database once per request (the session read also
 * reads the scope), never from the client's word.
 */
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
  /** The companies the actor may reach: 'all' (platform operator), a Super Admin's member companies, else their own. */
  companyIds: CompanyScope;
  /** A cashier's one branch (their own, else the company's main branch); null for every other role. */
  workBranchId: string | null;
  /** The register rules of a cashier's branch, read with the session; null for every other role. */
  workBranchRules: RegisterRules | null;
};

export type BranchScope = { companyId: string; branchId: string; timezone: string };

export const isCashier = (actor: Actor) => actor.roleId === ROLE_IDS.cashier && !actor.isSuperUser;

/** The Actor of a session (or of a user signing in) from access.repo's actor columns. */
export function toActor(row: ActorRow, sessionId: string): Actor {
  const { memberCompanyIds, workBranch, permissions, ...rest } = row;
  let companyIds: CompanyScope;
  if (row.isSuperUser) companyIds = 'all';
  else if (memberCompanyIds) {
    const own = row.companyId;
    companyIds = own && !memberCompanyIds.includes(own) ? [...memberCompanyIds, own] : memberCompanyIds;
  } else companyIds = row.companyId ? [row.companyId] : [];
  return {
    ...rest,
    sessionId,
    permissions: new Set(permissions as Permission[]),
    companyIds,
    workBranchId: workBranch?.id ?? null,
    workBranchRules: workBranch?.rules ?? null,
  };
}

export function can(actor: Actor, permission: Permission): boolean {
  return actor.isSuperUser || actor.permissions.has(permission);
}

export function requirePermission(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) throw forbidden();
}

/** 'all' for the platform operator; otherwise the ids of the companies the actor may reach. */
export const accessibleCompanyIds = (actor: Actor): CompanyScope => actor.companyIds;

/** Whether the actor may read more than one company (so one register-chosen id may name two of their sales). */
export const reachesSeveralCompanies = (actor: Actor) => actor.companyIds === 'all' || actor.companyIds.length > 1;

const reachesCompany = (actor: Actor, companyId: string | null) =>
  actor.companyIds === 'all' || (companyId !== null && actor.companyIds.includes(companyId));

/**
 * 404 (never 403) for a company outside the actor's reach, so ids of other tenants leak nothing. The
 * permission is checked first: a role without it gets 403 whatever the id (which tells it nothing).
 */
export function resolveCompany(actor: Actor, companyId: string, permission?: Permission): string {
  if (permission) requirePermission(actor, permission);
  if (!reachesCompany(actor, companyId)) throw notFound('Company');
  return companyId;
}

/** Whether a branch of a company is within the actor's reach (a cashier: only their branch). */
export function reachesBranch(actor: Actor, { companyId, branchId }: { companyId: string; branchId: string }): boolean {
  if (!reachesCompany(actor, companyId)) return false;
  return !isCashier(actor) || branchId === actor.workBranchId;
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
 * The entry point of every branch-scoped service call: the permission, when given (403 for a role
 * without it, whatever the id), then that the branch exists within the actor's reach (404 otherwise,
 * wherever its id sits: path, query or body).
 */
export async function resolveBranch(
  db: DbOrTx,
  { actor, branchId, permission }: { actor: Actor; branchId: string; permission?: Permission },
): Promise<BranchScope> {
  if (permission) requirePermission(actor, permission);
  const branch = await findBranch(db, branchId);
  if (!branch || !reachesBranch(actor, { companyId: branch.companyId, branchId: branch.id })) {
    throw notFound('Branch');
  }
  return { companyId: branch.companyId, branchId: branch.id, timezone: branch.timezone };
}

/**
 * How a record's reach is decided: by its one branch (a product, brand, customer, sale, return), by
 * any of its branches (a category), or by its company alone (a user).
 */
type ScopeBy = 'branch' | 'branches' | 'company';
type Scoped = { companyId: string | null; branchId?: string | null; branchIds?: readonly string[] };

function isReachable(actor: Actor, row: Scoped, by: ScopeBy): boolean {
  if (!reachesCompany(actor, row.companyId)) return false;
  if (by === 'company' || !isCashier(actor)) return true;
  if (by === 'branches') return actor.workBranchId !== null && (row.branchIds ?? []).includes(actor.workBranchId);
  return row.branchId != null && row.branchId === actor.workBranchId;
}

/**
 * The one way a service loads a record by id. First the permission, if given (403 for a role without
 * it, whatever the id); then `load` reads the record within the companies it is given (the repo
 * applies tenantFilter), and its company and branch are checked against the actor's reach (a
 * cashier: their branch); anything outside is "<what> not found" (404), exactly like an id that does
 * not exist. `companyId` narrows the look-up to one company the caller has selected (404 if it is
 * not theirs).
 */
export async function loadInScope<T extends Scoped>(
  actor: Actor,
  {
    what,
    load,
    by = 'branch',
    permission,
    companyId,
  }: {
    what: string;
    load: (companyIds: CompanyScope) => Promise<T | undefined>;
    by?: ScopeBy;
    permission?: Permission;
    companyId?: string;
  },
): Promise<T> {
  if (permission) requirePermission(actor, permission);
  if (companyId !== undefined && !reachesCompany(actor, companyId)) throw notFound(what);
  const row = await load(companyId !== undefined ? [companyId] : actor.companyIds);
  if (row === undefined || !isReachable(actor, row, by)) throw notFound(what);
  return row;
}
