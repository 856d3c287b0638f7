import type { Branch, Company, createBranchSchema, createCompanySchema } from '@pos/shared';
import { pageMeta } from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { type Actor, accessibleCompanyIds, isCashier, requirePermission, resolveCompany } from '../../lib/access';
import * as repo from './companies.repo';

type Deps = { db: Db; timezone: string };

export async function listCompanies({ db }: Deps, actor: Actor) {
  return repo.listCompanies(db, accessibleCompanyIds(actor));
}

export async function createCompany(
  { db }: Deps,
  actor: Actor,
  input: z.output<typeof createCompanySchema>,
): Promise<Company> {
  requirePermission(actor, 'manage_companies');
  return db.transaction(async (tx) => {
    const company = await repo.insertCompany(tx, { ...input, creatorId: actor.userId });
    await writeAudit(tx, {
      companyId: company.id,
      userId: actor.userId,
      action: 'company.create',
      entityType: 'company',
      entityId: company.id,
      after: company,
    });
    return company;
  });
}

export async function listBranches(
  { db }: Deps,
  actor: Actor,
  { companyId, page = 1, limit = 1000 }: { companyId: string; page?: number; limit?: number },
): Promise<{ items: Branch[]; meta: ReturnType<typeof pageMeta> }> {
  resolveCompany(actor, companyId);
  // A cashier is fixed to one branch: their own, else the company's main branch.
  const branchIds = isCashier(actor) ? (actor.workBranchId ? [actor.workBranchId] : []) : undefined;
  const { items, total } = await repo.listBranches(db, { companyId, branchIds, limit, offset: (page - 1) * limit });
  return { items, meta: pageMeta({ total, page, limit }) };
}

/** A branch is created as main only when asked (setup) and the company has no main branch yet. */
export async function createBranch(
  { db, timezone }: Deps,
  actor: Actor,
  input: z.output<typeof createBranchSchema>,
): Promise<Branch> {
  resolveCompany(actor, input.companyId, 'manage_branches');
  return db.transaction(async (tx) => {
    let isMain = false;
    if (input.isMain) {
      // Under the company's lock, or two setup requests at once could both see no main branch.
      await repo.lockCompany(tx, input.companyId);
      isMain = !(await repo.hasMainBranch(tx, input.companyId));
    }
    const branch = await repo.insertBranch(tx, {
      companyId: input.companyId,
      name: input.name,
      address: input.address,
      phone: input.phone,
      isMain,
      timezone,
    });
    await writeAudit(tx, {
      companyId: branch.companyId,
      branchId: branch.id,
      userId: actor.userId,
      action: 'branch.create',
      entityType: 'branch',
      entityId: branch.id,
      after: branch,
    });
    return branch;
  });
}
