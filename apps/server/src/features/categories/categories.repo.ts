import type { Category } from '@pos/shared';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, categoryBranches, items, products } from '../../db/schema';
import { containsPattern } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type CompanyKey = { companyId: string };

/** The ids of a category and all its descendants. UNION (not UNION ALL) stops even on a corrupt cycle. */
const subtreeIds = ({ companyId, id }: CompanyKey & { id: string }) => sql`(
  with recursive subtree(id) as (
    select ${id}::uuid
    union
    select ch.id from ${categories} ch join subtree on ch.parent_id = subtree.id where ch.company_id = ${companyId}
  ) select id from subtree)`;

/** The ids of a category and all its ancestors. */
const ancestorIds = ({ companyId, id }: CompanyKey & { id: string }) => sql`(
  with recursive chain(id, parent_id) as (
    select c.id, c.parent_id from ${categories} c where c.company_id = ${companyId} and c.id = ${id}::uuid
    union
    select c.id, c.parent_id from ${categories} c join chain on c.id = chain.parent_id where c.company_id = ${companyId}
  ) select id from chain)`;

const branchIdsOf = sql<string[]>`coalesce((
  select json_agg(cb.branch_id order by cb.branch_id) from ${categoryBranches} cb
  where cb.company_id = ${categories.companyId} and cb.category_id = ${categories.id}), '[]'::json)`;

const childCountOf = sql<number>`(
  select count(*)::int from ${categories} ch where ch.company_id = ${categories.companyId} and ch.parent_id = ${categories.id})`;

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  parentId: categories.parentId,
  branchIds: branchIdsOf,
  childCount: childCountOf,
};

export async function listCategories(
  db: DbOrTx,
  {
    companyId,
    branchId,
    search,
    parentId,
    limit,
    offset,
  }: CompanyKey & { branchId: string; search?: string; parentId?: string; limit: number; offset: number },
): Promise<{ items: Category[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(categories.companyId, companyId)];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(categories.name, pattern), ilike(categories.description, pattern)));
  }
  if (parentId === 'root') conditions.push(isNull(categories.parentId));
  else if (parentId) conditions.push(eq(categories.parentId, parentId));
  const where = and(...conditions);
  const inBranch = and(
    eq(categoryBranches.companyId, categories.companyId),
    eq(categoryBranches.categoryId, categories.id),
    eq(categoryBranches.branchId, branchId),
  );
  const [items, totals] = await Promise.all([
    db
      .select(categoryColumns)
      .from(categories)
      .innerJoin(categoryBranches, inBranch)
      .where(where)
      .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(categories).innerJoin(categoryBranches, inBranch).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** A category within the given companies ('all' for the platform operator), with its branch links. */
export async function findCategory(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: CompanyScope },
): Promise<(Category & { companyId: string; branchIds: string[] }) | undefined> {
  const [row] = await db
    .select({ ...categoryColumns, companyId: categories.companyId })
    .from(categories)
    .where(and(eq(categories.id, id), tenantFilter(categories.companyId, companyIds)))
    .limit(1);
  return row;
}

/** Serialises changes to one company's tree, so two concurrent moves cannot close a cycle. */
export async function lockTree(db: DbOrTx, { companyId }: CompanyKey): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`category-tree:${companyId}`}))`);
}

export async function isInSubtree(
  db: DbOrTx,
  { companyId, rootId, candidateId }: CompanyKey & { rootId: string; candidateId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.companyId, companyId),
        eq(categories.id, candidateId),
        inArray(categories.id, subtreeIds({ companyId, id: rootId })),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertCategory(
  db: DbOrTx,
  input: CompanyKey & { name: string; description: string | null; parentId: string | null; branchIds: string[] },
): Promise<string> {
  const [row] = await db
    .insert(categories)
    .values({
      companyId: input.companyId,
      name: input.name,
      description: input.description,
      parentId: input.parentId,
    })
    .returning({ id: categories.id });
  if (!row) throw new Error('category insert returned nothing');
  await db
    .insert(categoryBranches)
    .values(input.branchIds.map((branchId) => ({ companyId: input.companyId, categoryId: row.id, branchId })));
  return row.id;
}

/**
 * Keeps every branch's tree closed upwards: the ancestors of a category are attached to every
 * branch that the category or any of its descendants is attached to.
 */
export async function attachAncestorsToBranches(db: DbOrTx, { companyId, id }: CompanyKey & { id: string }) {
  await db.execute(sql`
    insert into ${categoryBranches} (company_id, category_id, branch_id)
    select distinct ${companyId}::uuid, a.id, cb.branch_id
    from ${ancestorIds({ companyId, id })} a(id)
    cross join (
      select cb2.branch_id from ${categoryBranches} cb2
      where cb2.company_id = ${companyId} and cb2.category_id in ${subtreeIds({ companyId, id })}
    ) cb
    on conflict do nothing`);
}

export async function updateCategory(
  db: DbOrTx,
  {
    companyId,
    id,
    patch,
  }: CompanyKey & { id: string; patch: { name?: string; description?: string | null; parentId?: string | null } },
) {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(categories)
    .set(patch)
    .where(and(eq(categories.companyId, companyId), eq(categories.id, id)));
}

/**
 * Deletes a category with its whole subtree (the parent FK cascades) after unlinking every product
 * and item in it, deleted products included: the FKs have no ON DELETE action on purpose.
 */
export async function deleteCategoryTree(
  db: DbOrTx,
  { companyId, id }: CompanyKey & { id: string },
): Promise<{ deletedCategories: number; uncategorisedProducts: number }> {
  const subtree = subtreeIds({ companyId, id });
  // The items first: a listing's category is its item's (pos_products_edit_variant), and items without a
  // live listing would still hold the category.
  await db
    .update(items)
    .set({ categoryId: null, updatedAt: new Date() })
    .where(and(eq(items.companyId, companyId), inArray(items.categoryId, subtree)));
  const unlinked = await db
    .update(products)
    .set({ categoryId: null, updatedAt: new Date() })
    .where(and(eq(products.companyId, companyId), inArray(products.categoryId, subtree)))
    .returning({ id: products.id, deletedAt: products.deletedAt });
  const [counted] = await db
    .select({ n: count() })
    .from(categories)
    .where(and(eq(categories.companyId, companyId), inArray(categories.id, subtree)));
  await db.delete(categories).where(and(eq(categories.companyId, companyId), eq(categories.id, id)));
  return {
    deletedCategories: counted?.n ?? 0,
    uncategorisedProducts: unlinked.filter((p) => p.deletedAt === null).length,
  };
}

/** What deleting a category touches: the live products in it or below it, and its subcategories. */
export async function categoryUsage(
  db: DbOrTx,
  { companyId, id }: CompanyKey & { id: string },
): Promise<{ products: number; subcategories: number }> {
  const subtree = subtreeIds({ companyId, id });
  const [used] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.categoryId, subtree), isNull(products.deletedAt)));
  const [tree] = await db
    .select({ n: count() })
    .from(categories)
    .where(and(eq(categories.companyId, companyId), inArray(categories.id, subtree)));
  return { products: used?.n ?? 0, subcategories: Math.max(0, (tree?.n ?? 1) - 1) };
}
