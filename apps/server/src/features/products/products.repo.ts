import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { brands, categories, categoryBranches, products, stockMovements } from '../../db/schema';
import { toMoney } from '../../lib/money';

type BranchKey = { companyId: string; branchId: string };

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const prefixPattern = (term: string) => `${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const productCategory = alias(categories, 'product_category');
const productBrand = alias(brands, 'product_brand');

const productColumns = {
  companyId: products.companyId,
  id: products.id,
  name: products.name,
  sku: products.sku,
  categoryId: products.categoryId,
  brandId: products.brandId,
  categoryName: productCategory.name,
  brandName: productBrand.name,
  cost: products.cost,
  price: products.price,
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
  maxStock: products.maxStock,
  description: products.description,
  branchId: products.branchId,
};

/** A product row as stored, money as numbers; the service decides what of it an actor may see. */
export type ProductRow = {
  companyId: string;
  id: string;
  name: string;
  sku: string | null;
  categoryId: string | null;
  brandId: string | null;
  category: { id: string; name: string } | null;
  brand: { id: string; name: string } | null;
  cost: number;
  price: number;
  stockQuantity: number;
  lowStockThreshold: number;
  maxStock: number;
  description: string | null;
  branchId: string;
};

type RawRow = {
  companyId: string;
  id: string;
  name: string;
  sku: string | null;
  categoryId: string | null;
  brandId: string | null;
  categoryName: string | null;
  brandName: string | null;
  cost: string;
  price: string;
  stockQuantity: number;
  lowStockThreshold: number;
  maxStock: number;
  description: string | null;
  branchId: string;
};

function toRow(r: RawRow): ProductRow {
  return {
    companyId: r.companyId,
    id: r.id,
    name: r.name,
    sku: r.sku,
    categoryId: r.categoryId,
    brandId: r.brandId,
    category: r.categoryId && r.categoryName !== null ? { id: r.categoryId, name: r.categoryName } : null,
    brand: r.brandId && r.brandName !== null ? { id: r.brandId, name: r.brandName } : null,
    cost: toMoney(r.cost),
    price: toMoney(r.price),
    stockQuantity: r.stockQuantity,
    lowStockThreshold: r.lowStockThreshold,
    maxStock: r.maxStock,
    description: r.description,
    branchId: r.branchId,
  };
}

/** Products with their category and brand names joined in (no N+1). */
function selectProducts(db: DbOrTx) {
  return db
    .select(productColumns)
    .from(products)
    .leftJoin(
      productCategory,
      and(eq(productCategory.companyId, products.companyId), eq(productCategory.id, products.categoryId)),
    )
    .leftJoin(productBrand, and(eq(productBrand.companyId, products.companyId), eq(productBrand.id, products.brandId)));
}

/** The ids of a category and its descendants, for the category filter. */
const categoryWithDescendants = ({ companyId, categoryId }: { companyId: string; categoryId: string }) => sql`(
  with recursive subtree(id) as (
    select ${categoryId}::uuid
    union
    select ch.id from ${categories} ch join subtree on ch.parent_id = subtree.id where ch.company_id = ${companyId}
  ) select id from subtree)`;

type ListInput = BranchKey & {
  search?: string;
  sku?: string;
  categoryId?: string;
  brandId?: string;
  limit: number;
  offset: number;
};

/**
 * One page of a branch's live products. Three shapes, each with a plan that stays fast at 100,000+
 * products: an exact SKU (the partial unique index, at most one row), a search (one pass over the
 * trigram matches that also counts them), and a plain listing (the name index, counted separately).
 */
export async function listProducts(db: DbOrTx, input: ListInput): Promise<{ items: ProductRow[]; total: number }> {
  const { companyId, branchId, search, sku, categoryId, brandId, limit, offset } = input;
  const conditions: (SQL | undefined)[] = [
    eq(products.companyId, companyId),
    eq(products.branchId, branchId),
    isNull(products.deletedAt),
  ];
  if (search) conditions.push(like(products.searchKey, sql`lower(${containsPattern(search)})`));
  if (categoryId) conditions.push(inArray(products.categoryId, categoryWithDescendants({ companyId, categoryId })));
  if (brandId) conditions.push(eq(products.brandId, brandId));

  if (sku) {
    // Unique among live products of the branch: no ORDER BY, which could lure the planner onto the name index.
    conditions.push(isNotNull(products.sku), eq(sql`lower(${products.sku})`, sku.toLowerCase()));
    const rows = await selectProducts(db).where(and(...conditions));
    return { items: rows.slice(offset, offset + limit).map(toRow), total: rows.length };
  }

  const where = and(...conditions);
  if (search) {
    // One pass over the trigram matches ranks, counts and pages them: an exact SKU (a scan) first,
    // then names that start with the term, then the rest by name. Only the page's ids leave it;
    // the page's rows and names are joined afterwards.
    const page = db
      .select({
        id: products.id,
        name: products.name,
        total: sql<string>`count(*) over ()`.as('total'),
        isExactSku: sql<boolean>`coalesce(lower(${products.sku}) = lower(${search}), false)`.as('is_exact_sku'),
        isPrefix: sql<boolean>`(${products.searchKey} like lower(${prefixPattern(search)}))`.as('is_prefix'),
      })
      .from(products)
      .where(where)
      .orderBy(sql`is_exact_sku desc`, sql`is_prefix desc`, asc(products.name), asc(products.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    const rows = await db
      .select({ ...productColumns, total: page.total })
      .from(page)
      .innerJoin(products, and(eq(products.companyId, companyId), eq(products.id, page.id)))
      .leftJoin(
        productCategory,
        and(eq(productCategory.companyId, products.companyId), eq(productCategory.id, products.categoryId)),
      )
      .leftJoin(
        productBrand,
        and(eq(productBrand.companyId, products.companyId), eq(productBrand.id, products.brandId)),
      )
      .orderBy(desc(page.isExactSku), desc(page.isPrefix), asc(page.name), asc(page.id));
    // Past the last page there is no row to carry the count.
    const first = rows[0];
    const total = first ? Number(first.total) : offset > 0 ? await countProducts(db, where) : 0;
    return { items: rows.map(toRow), total };
  }

  const [rows, total] = await Promise.all([
    selectProducts(db).where(where).orderBy(asc(products.name), asc(products.id)).limit(limit).offset(offset),
    countProducts(db, where),
  ]);
  return { items: rows.map(toRow), total };
}

async function countProducts(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(where);
  return row?.total ?? 0;
}

/** A live (not deleted) product within the given companies ('all' for the platform operator). */
export async function findProduct(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: 'all' | string[] },
): Promise<ProductRow | undefined> {
  if (companyIds !== 'all' && companyIds.length === 0) return undefined;
  const [row] = await selectProducts(db)
    .where(
      and(
        eq(products.id, id),
        isNull(products.deletedAt),
        companyIds === 'all' ? undefined : inArray(products.companyId, companyIds),
      ),
    )
    .limit(1);
  return row ? toRow(row) : undefined;
}

/** Locks the product row for the rest of the transaction and answers its current price and cost. */
export async function lockProductPrices(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await db
    .select({ price: products.price, cost: products.cost })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, id), isNull(products.deletedAt)))
    .for('update')
    .limit(1);
  return row ? { price: toMoney(row.price), cost: toMoney(row.cost) } : undefined;
}

/** SKUs are unique per branch among live products, case-insensitively (the partial unique index backs this). */
export async function isSkuTaken(
  db: DbOrTx,
  { companyId, branchId, sku, exceptId }: BranchKey & { sku: string; exceptId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        isNull(products.deletedAt),
        isNotNull(products.sku),
        eq(sql`lower(${products.sku})`, sku.toLowerCase()),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A category of the company attached to the branch. */
export async function categoryExistsInBranch(db: DbOrTx, { companyId, branchId, id }: BranchKey & { id: string }) {
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
export async function brandExistsInBranch(db: DbOrTx, { companyId, branchId, id }: BranchKey & { id: string }) {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.companyId, companyId), eq(brands.branchId, branchId), eq(brands.id, id)))
    .limit(1);
  return Boolean(row);
}

export type ProductValues = {
  name: string;
  sku: string | null;
  categoryId: string | null;
  brandId: string | null;
  cost: number;
  price: number;
  stockQuantity: number;
  lowStockThreshold: number;
  maxStock: number;
  description: string | null;
};

export async function insertProduct(db: DbOrTx, input: BranchKey & ProductValues): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({ ...input, cost: input.cost.toFixed(2), price: input.price.toFixed(2) })
    .returning({ id: products.id });
  if (!row) throw new Error('product insert returned nothing');
  return row.id;
}

export async function updateProduct(
  db: DbOrTx,
  { companyId, id, patch }: { companyId: string; id: string; patch: Partial<Omit<ProductValues, 'stockQuantity'>> },
) {
  const { cost, price, ...rest } = patch;
  await db
    .update(products)
    .set({
      ...rest,
      ...(cost !== undefined && { cost: cost.toFixed(2) }),
      ...(price !== undefined && { price: price.toFixed(2) }),
      updatedAt: new Date(),
    })
    .where(and(eq(products.companyId, companyId), eq(products.id, id), isNull(products.deletedAt)));
}

/** Soft delete: sales and stock movements keep pointing at the row; its SKU is free again. */
export async function softDeleteProduct(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await db
    .update(products)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(products.companyId, companyId), eq(products.id, id), isNull(products.deletedAt)))
    .returning({ id: products.id });
  return Boolean(row);
}

export async function insertInitialStock(
  db: DbOrTx,
  input: BranchKey & { productId: string; quantity: number; userId: string },
) {
  await db.insert(stockMovements).values({
    companyId: input.companyId,
    branchId: input.branchId,
    productId: input.productId,
    movementType: 'initial_stock',
    direction: 'in',
    quantity: input.quantity,
    previousQuantity: 0,
    newQuantity: input.quantity,
    userId: input.userId,
    referenceType: 'product',
    referenceId: input.productId,
    reason: 'Initial stock',
  });
}
