import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { brands, categories, categoryBranches, products } from '../db/schema';
import { type CompanyScope, tenantFilter } from './tenant.repo';

type BranchRef = { companyId: string; branchId: string; id: string };

/**
 * Whether an id given with a branch (a body reference or a list filter) names a record of that
 * branch: the services answer 404 otherwise, as for any id outside the caller's reach.
 */

/** A category of the company attached to the branch. */
export async function categoryInBranch(db: DbOrTx, { companyId, branchId, id }: BranchRef): Promise<boolean> {
  const [row] = await db
    .select({ id: categoryBranches.categoryId })
    .from(categoryBranches)
    .where(
      and(
        eq(categoryBranches.companyId, companyId),
        eq(categoryBranches.branchId, branchId),
        eq(categoryBranches.categoryId, id),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A brand of the branch. */
export async function brandInBranch(db: DbOrTx, { companyId, branchId, id }: BranchRef): Promise<boolean> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.companyId, companyId), eq(brands.branchId, branchId), eq(brands.id, id)))
    .limit(1);
  return Boolean(row);
}

/*
 * Where a record named by a list filter sits (for loadInScope: a filter id outside the caller's reach
 * is 404, one within it just filters), deleted products included.
 */
type ByIdInScope = { id: string; companyIds: CompanyScope };

export async function findCategoryPlace(db: DbOrTx, { id, companyIds }: ByIdInScope) {
  const [row] = await db
    .select({
      companyId: categories.companyId,
      branchIds: sql<string[]>`coalesce((select json_agg(cb.branch_id) from ${categoryBranches} cb
        where cb.company_id = ${categories.companyId} and cb.category_id = ${categories.id}), '[]'::json)`,
    })
    .from(categories)
    .where(and(eq(categories.id, id), tenantFilter(categories.companyId, companyIds)))
    .limit(1);
  return row;
}

export async function findBrandPlace(db: DbOrTx, { id, companyIds }: ByIdInScope) {
  const [row] = await db
    .select({ companyId: brands.companyId, branchId: brands.branchId })
    .from(brands)
    .where(and(eq(brands.id, id), tenantFilter(brands.companyId, companyIds)))
    .limit(1);
  return row;
}

export async function findProductPlace(db: DbOrTx, { id, companyIds }: ByIdInScope) {
  const [row] = await db
    .select({ companyId: products.companyId, branchId: products.branchId })
    .from(products)
    .where(and(eq(products.id, id), tenantFilter(products.companyId, companyIds)))
    .limit(1);
  return row;
}
