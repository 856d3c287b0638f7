import {
  CATEGORY_MSG,
  type Category,
  type categoryListQuerySchema,
  type createCategorySchema,
  type DeleteCategoryResult,
  type PageMeta,
  pageMeta,
  type updateCategorySchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { findCategoryPlace } from '../../lib/branch-refs.repo';
import { AppError, badRequest, notFound } from '../../lib/errors';
import * as repo from './categories.repo';

type CategoryRef = NonNullable<Awaited<ReturnType<typeof repo.findCategory>>>;

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/**
 * A category by id within the actor's reach: any category of an accessible company, and for a
 * cashier only one attached to their branch. 404 otherwise, never 403 for another tenant's id.
 */
function resolveCategory(db: DbOrTx, actor: Actor, id: string, what = 'Category'): Promise<CategoryRef> {
  return loadInScope(actor, {
    what,
    by: 'branches',
    permission: 'manage_catalog',
    load: (companyIds) => repo.findCategory(db, { id, companyIds }),
  });
}

/** The new parent: same company, reachable by the actor (for a cashier: attached to their branch). */
async function resolveParent(
  db: DbOrTx,
  actor: Actor,
  { companyId, parentId }: { companyId: string; parentId: string },
) {
  const parent = await resolveCategory(db, actor, parentId, 'Parent category').catch((error: unknown) => {
    if (isNotFound(error)) {
      throw new AppError(404, 'NOT_FOUND', CATEGORY_MSG.parentNotFound, { parentId: CATEGORY_MSG.parentNotFound });
    }
    throw error;
  });
  if (parent.companyId !== companyId) {
    throw new AppError(404, 'NOT_FOUND', CATEGORY_MSG.parentNotFound, { parentId: CATEGORY_MSG.parentNotFound });
  }
  return parent;
}

export async function listCategories(
  db: Db,
  actor: Actor,
  query: z.output<typeof categoryListQuerySchema>,
): Promise<{ items: Category[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId });
  // A parent outside the caller's reach is "not found" (404); within it, it only filters.
  const { parentId } = query;
  if (parentId && parentId !== 'root') {
    await loadInScope(actor, {
      what: 'Parent category',
      by: 'branches',
      load: (companyIds) => findCategoryPlace(db, { id: parentId, companyIds }),
    });
  }
  const { items, total } = await repo.listCategories(db, {
    ...scope,
    search: query.search,
    parentId: query.parentId,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

export async function createCategory(
  db: Db,
  actor: Actor,
  input: z.output<typeof createCategorySchema>,
): Promise<Category> {
  let companyId: string | undefined;
  for (const branchId of input.branchIds) {
    const scope = await resolveBranch(db, { actor, branchId, permission: 'manage_catalog' });
    companyId ??= scope.companyId;
    // All branches of one category belong to one company; another company's branch is "not found".
    if (scope.companyId !== companyId) throw notFound('Branch');
  }
  if (!companyId) throw badRequest(CATEGORY_MSG.branchRequired, { branchIds: CATEGORY_MSG.branchRequired });
  const tenant = companyId;
  const id = await db.transaction(async (tx) => {
    await repo.lockTree(tx, { companyId: tenant });
    if (input.parentId) await resolveParent(tx, actor, { companyId: tenant, parentId: input.parentId });
    const newId = await repo.insertCategory(tx, {
      companyId: tenant,
      name: input.name,
      description: input.description ?? null,
      parentId: input.parentId ?? null,
      branchIds: input.branchIds,
    });
    if (input.parentId) await repo.attachAncestorsToBranches(tx, { companyId: tenant, id: newId });
    return newId;
  });
  return toCategory(await resolveCategory(db, actor, id));
}

/** Rename and/or move. A move checks, under the company's tree lock, that the category does not become its own ancestor. */
export async function updateCategory(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updateCategorySchema>,
): Promise<Category> {
  const category = await resolveCategory(db, actor, id);
  const { companyId } = category;
  await db.transaction(async (tx) => {
    await repo.lockTree(tx, { companyId });
    const isMove = input.parentId !== undefined && input.parentId !== category.parentId;
    if (isMove && input.parentId) {
      if (input.parentId === id) throw badRequest(CATEGORY_MSG.ownAncestor, { parentId: CATEGORY_MSG.ownAncestor });
      await resolveParent(tx, actor, { companyId, parentId: input.parentId });
      if (await repo.isInSubtree(tx, { companyId, rootId: id, candidateId: input.parentId })) {
        throw badRequest(CATEGORY_MSG.ownAncestor, { parentId: CATEGORY_MSG.ownAncestor });
      }
    }
    await repo.updateCategory(tx, {
      companyId,
      id,
      patch: {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(isMove && { parentId: input.parentId ?? null }),
      },
    });
    if (isMove && input.parentId) await repo.attachAncestorsToBranches(tx, { companyId, id });
  });
  return toCategory(await resolveCategory(db, actor, id));
}

/** Deletes the category and its subcategories; their products stay, uncategorised. */
export async function deleteCategory(db: Db, actor: Actor, id: string): Promise<DeleteCategoryResult> {
  const category = await resolveCategory(db, actor, id);
  const { companyId } = category;
  return db.transaction(async (tx) => {
    await repo.lockTree(tx, { companyId });
    const result = await repo.deleteCategoryTree(tx, { companyId, id });
    await writeAudit(tx, {
      companyId,
      userId: actor.userId,
      action: 'category.delete',
      entityType: 'category',
      entityId: id,
      before: toCategory(category),
      after: result,
    });
    return { id, ...result };
  });
}

function toCategory(row: CategoryRef): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parentId: row.parentId,
    branchIds: row.branchIds,
    childCount: row.childCount,
  };
}

/** For the delete dialog: how many products and subcategories deleting the category touches. */
export async function categoryUsage(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ products: number; subcategories: number }> {
  const category = await resolveCategory(db, actor, id);
  return repo.categoryUsage(db, { companyId: category.companyId, id });
}
