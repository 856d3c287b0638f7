import {
  BRAND_MSG,
  type Brand,
  type brandListQuerySchema,
  type createBrandSchema,
  type PageMeta,
  pageMeta,
  type updateBrandSchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './brands.repo';

/** A brand by id: its branch must be within the actor's reach (a cashier: their branch), else 404. */
function resolveBrand(db: DbOrTx, actor: Actor, id: string) {
  return loadInScope(actor, {
    what: 'Brand',
    permission: 'manage_catalog',
    load: (companyIds) => repo.findBrand(db, { id, companyIds }),
  });
}

const duplicate = () => conflict(BRAND_MSG.duplicate, { name: BRAND_MSG.duplicate });

export async function listBrands(
  db: Db,
  actor: Actor,
  query: z.output<typeof brandListQuerySchema>,
): Promise<{ items: Brand[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId });
  const { items, total } = await repo.listBrands(db, {
    ...scope,
    search: query.search,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

export async function createBrand(db: Db, actor: Actor, input: z.output<typeof createBrandSchema>): Promise<Brand> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'manage_catalog' });
  if (await repo.isNameTaken(db, { ...scope, name: input.name })) throw duplicate();
  try {
    return await repo.insertBrand(db, { companyId: scope.companyId, branchId: scope.branchId, name: input.name });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateBrand(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updateBrandSchema>,
): Promise<Brand> {
  const brand = await resolveBrand(db, actor, id);
  if (await repo.isNameTaken(db, { ...brand, name: input.name, exceptId: id })) throw duplicate();
  try {
    const updated = await repo.renameBrand(db, { companyId: brand.companyId, id, name: input.name });
    if (!updated) throw notFound('Brand');
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Deletes the brand; its products stay, without a brand. */
export async function deleteBrand(db: Db, actor: Actor, id: string): Promise<{ id: string; unlinkedProducts: number }> {
  const brand = await resolveBrand(db, actor, id);
  const unlinkedProducts = await db.transaction((tx) => repo.deleteBrand(tx, { companyId: brand.companyId, id }));
  return { id, unlinkedProducts };
}

/** For the delete dialog: how many products use the brand (a brand has no subcategories). */
export async function brandUsage(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ products: number; subcategories: number }> {
  const brand = await resolveBrand(db, actor, id);
  return { products: await repo.brandUsage(db, { companyId: brand.companyId, id }), subcategories: 0 };
}
