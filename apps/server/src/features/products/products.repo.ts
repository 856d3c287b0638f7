import type { Unit } from '@pos/shared';
import { and, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { barcodes, brands, categories, products, taxClasses, variants } from '../../db/schema';
import { listingPrice } from '../../domain/catalog.repo';
import { toMoney } from '../../lib/money';
import { containsPattern, prefixPattern } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type BranchKey = { companyId: string; branchId: string };

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
  price: listingPrice(),
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
  maxStock: products.maxStock,
  description: products.description,
  branchId: products.branchId,
  unit: products.unit,
  taxRate: products.taxRate,
  taxIncluded: products.taxIncluded,
  taxClassId: products.taxClassId,
  barcodes: products.barcodes,
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
  unit: Unit;
  taxRate: number | null;
  taxIncluded: boolean;
  barcodes: string[];
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
  unit: Unit;
  taxRate: string | null;
  taxIncluded: boolean;
  taxClassId: string | null;
  barcodes: string[];
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
    unit: r.unit,
    taxRate: r.taxRate === null ? null : toMoney(r.taxRate),
    taxIncluded: r.taxIncluded,
    barcodes: r.barcodes,
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

/**
 * What a scanned code finds in a branch: the live product whose SKU it is (case-insensitive; the partial
 * unique index) and the live listing of the variant whose barcode it is (barcodes_company_code_uq, then
 * products_variant_branch_uq). Ids, for `id in (...)`.
 */
const scannedCode = ({ companyId, branchId, code }: BranchKey & { code: string }) => sql`(
  select id from ${products}
   where company_id = ${companyId} and branch_id = ${branchId} and deleted_at is null
     and sku is not null and lower(sku) = ${code.toLowerCase()}
  union all
  select p.id from ${barcodes} b
    join ${products} p on p.company_id = b.company_id and p.variant_id = b.variant_id
                      and p.branch_id = ${branchId} and p.deleted_at is null
   where b.company_id = ${companyId} and b.code = ${code})`;

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
 * countStep: matches are counted in steps of this many (see countCap).
 * walkMin, walkPerRow: a frequent-term search reads at most max(walkMin, walkPerRow * (offset + limit))
 * entries of the name-ordered index (an index-only walk, about 0.2 us an entry) to find the page's
 * matches that do not start with the term; past that it ranks every match instead.
 * Tests lower them to reach those paths with little data.
 */
export const listTuning = { countStep: 500, walkMin: 10_000, walkPerRow: 100 };

/**
 * How far a list counts its matches: the first multiple of countStep above offset + limit (500 for
 * the first pages, 1,000 from the page that reaches the 500th row, ...). Up to the cap the total is
 * exact; past it the answer says "more than cap" (meta.totalCapped). Counting all 100,000 products of
 * a branch, or all 6,000 matches of a frequent word, cost more than the rest of the request: a search
 * reads every counted match from the table (about 1.3 us each), so the step is 500, not 1,000
 * (bench/README.md).
 */
export function countCap(offset: number, limit: number): number {
  return listTuning.countStep * Math.ceil((offset + limit + 1) / listTuning.countStep);
}

const walkBudget = (needed: number) => Math.max(listTuning.walkMin, needed * listTuning.walkPerRow);

export type ProductList = { items: ProductRow[]; total: number; totalCapped: boolean };

/**
 * One page of a branch's live products. Each shape keeps a plan that stays fast at 100,000+ products:
 * an exact SKU (the partial unique index, at most one row), a search (see searchPage) and a listing
 * (see listingPage). Totals are exact up to countCap(offset, limit), "more than the cap" past it.
 */
export async function listProducts(db: DbOrTx, input: ListInput): Promise<ProductList> {
  const { companyId, branchId, search, sku, categoryId, brandId, limit, offset } = input;

  if (sku) {
    // At most a row or two: no ORDER BY, which could lure the planner onto the name index.
    const rows = await selectProducts(db).where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        isNull(products.deletedAt),
        categoryId ? inArray(products.categoryId, categoryWithDescendants({ companyId, categoryId })) : undefined,
        brandId ? eq(products.brandId, brandId) : undefined,
        inArray(products.id, scannedCode({ companyId, branchId, code: sku })),
      ),
    );
    return { items: rows.slice(offset, offset + limit).map(toRow), total: rows.length, totalCapped: false };
  }

  const filter = { companyId, branchId, categoryId, brandId };
  const cap = countCap(offset, limit);
  const result = (page: { items: ProductRow[]; n: number }) => ({
    items: page.items,
    total: Math.min(page.n, cap),
    totalCapped: page.n > cap,
  });
  if (!search) return result(await pageRows(db, companyId, listingPage(filter, { limit, offset, cap })));

  const page = await pageRows(db, companyId, searchPage(filter, search, { limit, offset, cap }));
  // A frequent term has more than cap >= offset + limit matches, so its page is full, unless the
  // name-ordered walk ran out of budget (matches clustered late in the alphabet): then rank them all.
  if (page.n > cap && page.items.length < limit) {
    return result(await pageRows(db, companyId, rankedSearchPage(filter, search, { limit, offset, n: page.n })));
  }
  return result(page);
}

/**
 * The CSV export of the list (GET /products/export.csv): every product the list would page through
 * for the same filters, in its order (a search: the exact SKU, then names starting with the term, then
 * the other matches; by name, then id), read through a cursor by lib/csv-export.repo.ts.
 */
export function productsExportQuery(db: DbOrTx, input: Omit<ListInput, 'limit' | 'offset'>) {
  const { companyId, branchId, search, sku, categoryId, brandId } = input;
  const rank = search
    ? [
        sql`case when ${products.sku} is not null and lower(${products.sku}) = lower(${search}) then 0
                 when ${products.searchKey} like lower(${prefixPattern(search)}) then 1 else 2 end`,
      ]
    : [];
  return selectProducts(db)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        isNull(products.deletedAt),
        categoryId ? inArray(products.categoryId, categoryWithDescendants({ companyId, categoryId })) : undefined,
        brandId ? eq(products.brandId, brandId) : undefined,
        sku ? inArray(products.id, scannedCode({ companyId, branchId, code: sku })) : undefined,
        search ? sql`${products.searchKey} like lower(${containsPattern(search)})` : undefined,
      ),
    )
    .orderBy(...rank, products.name, products.id);
}

/**
 * The page's products with their category and brand, in the page's order, and the (capped) number
 * of matches. The page statement answers id, name, grp (the rank group) and n; it always answers
 * one row at least (id null on an empty page), which carries n. Only the page's rows are read from
 * products.
 */
async function pageRows(db: DbOrTx, companyId: string, page: SQL): Promise<{ items: ProductRow[]; n: number }> {
  const rows = await db
    .select({ ...productColumns, pageId: sql<string | null>`page.id`, n: sql<number>`page.n` })
    .from(sql`(${page}) as page`)
    .leftJoin(products, and(eq(products.companyId, companyId), sql`${products.id} = page.id`))
    .leftJoin(
      productCategory,
      and(eq(productCategory.companyId, products.companyId), eq(productCategory.id, products.categoryId)),
    )
    .leftJoin(productBrand, and(eq(productBrand.companyId, products.companyId), eq(productBrand.id, products.brandId)))
    .orderBy(sql`page.grp`, sql`page.name`, sql`page.id`);
  return {
    // A page id always names a live product: the page statement read it from products a moment ago.
    items: rows.filter((r) => r.pageId !== null && r.id !== null).map((r) => toRow(r as RawRow)),
    n: Number(rows[0]?.n ?? 0),
  };
}

type SearchFilter = BranchKey & { categoryId?: string; brandId?: string };

/** The live products of the branch (and the category subtree and brand, when given), for raw SQL on products. */
function liveProducts({ companyId, branchId, categoryId, brandId }: SearchFilter): SQL {
  return sql.join(
    [
      sql`company_id = ${companyId} and branch_id = ${branchId} and deleted_at is null`,
      categoryId ? sql`category_id in ${categoryWithDescendants({ companyId, categoryId })}` : undefined,
      brandId ? sql`brand_id = ${brandId}` : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

/**
 * A search's page in one statement. The ranking is: the exact SKU (barcode) first, then names that start
 * with the term, then the other matches; by name, then id, within each. Rows: id, name, grp, n.
 *
 * - exact: the partial unique index on lower(sku), at most one row.
 * - prefixed_count: names starting with the term, counted up to cap + 1 on the search_key index
 *   (text_pattern_ops: a range scan, index-only).
 * - matches: up to cap + 1 matches of the trigram index (a bitmap scan that stops there). Skipped when
 *   the names starting with the term alone exceed the cap.
 * - At most cap matches ("rare" term): they are all in `matches`; rank and page them.
 * - More ("frequent" term, meta.totalCapped): the page is the exact SKU, the first names starting with
 *   the term (that range scan again, sorted by name), then the first other matches found by walking
 *   the name-ordered index in order (index-only; search_key is in it): a frequent term turns up within
 *   a few hundred entries, instead of fetching and sorting its thousands of matches. The walk reads at
 *   most walkBudget entries; if it runs out, the page comes back short and listProducts ranks every
 *   match instead (rankedSearchPage).
 *
 * The parts that gate on `counted` run only when their branch is taken (a one-time filter). `offset 0`
 * and `materialized` keep the planner from serving an ORDER BY name LIMIT n from the name index with a
 * filter: for a term whose names sort late that reads most of the branch.
 */
function searchPage(
  filter: SearchFilter,
  term: string,
  { limit, offset, cap }: { limit: number; offset: number; cap: number },
): SQL {
  const live = liveProducts(filter);
  const contains = sql`lower(${containsPattern(term)})`;
  const prefix = sql`lower(${prefixPattern(term)})`;
  const needed = offset + limit;
  return sql`
    with exact as (
      select id from products where ${live} and sku is not null and lower(sku) = lower(${term})
    ),
    prefixed_count as (
      select count(*)::int as n from (
        select 1 from products where ${live} and search_key like ${prefix} limit ${cap + 1}::int
      ) capped
    ),
    matches as materialized (
      select id, name, search_key from products
      where ${live} and search_key like ${contains} and (select n from prefixed_count) <= ${cap}::int
      limit ${cap + 1}::int
    ),
    counted as (
      select case when (select n from prefixed_count) > ${cap}::int then ${cap + 1}::int
                  else (select count(*)::int from matches) end as n
    ),
    top_prefixed as (
      select id, name from (
        select id, name from products where ${live} and search_key like ${prefix} offset 0
      ) prefixed
      where (select n from counted) > ${cap}::int and id not in (select id from exact)
      order by name, id limit ${needed}::int
    ),
    walked as (
      select id, name from (
        select id, name, search_key from products where ${live} order by name, id limit ${walkBudget(needed)}::int
      ) w
      where (select n from counted) > ${cap}::int and (select count(*) from top_prefixed) < ${needed}::int
        and search_key like ${contains} and search_key not like ${prefix} and id not in (select id from exact)
      order by name, id
      limit ${needed}::int
    ),
    page as (
      select id, name, case when id in (select id from exact) then 0 when search_key like ${prefix} then 1 else 2 end as grp
      from matches where (select n from counted) <= ${cap}::int
      union all select id, null, 0 from exact where (select n from counted) > ${cap}::int
      union all select id, name, 1 from top_prefixed
      union all select id, name, 2 from walked
      order by grp, name, id limit ${limit}::int offset ${offset}::int
    )
    select page.id, page.name, page.grp, counted.n from counted left join page on true`;
}

/** Every match ranked (a bitmap scan over all of them): the fallback when the walk above runs out. */
function rankedSearchPage(
  filter: SearchFilter,
  term: string,
  { limit, offset, n }: { limit: number; offset: number; n: number },
): SQL {
  const live = liveProducts(filter);
  return sql`
    with page as (
      select id, name,
        case when sku is not null and lower(sku) = lower(${term}) then 0
             when search_key like lower(${prefixPattern(term)}) then 1 else 2 end as grp
      from products where ${live} and search_key like lower(${containsPattern(term)})
      order by grp, name, id limit ${limit}::int offset ${offset}::int
    )
    select page.id, page.name, page.grp, ${n}::int as n from (select 1) one left join page on true`;
}

/**
 * A listing's page (no search): ids by name from an index-only walk of the name-ordered index, and
 * the number of products counted up to cap + 1.
 */
function listingPage(filter: SearchFilter, { limit, offset, cap }: { limit: number; offset: number; cap: number }) {
  const live = liveProducts(filter);
  return sql`
    with counted as (
      select count(*)::int as n from (select 1 from products where ${live} limit ${cap + 1}::int) capped
    ),
    page as (
      select id, name from products where ${live} order by name, id limit ${limit}::int offset ${offset}::int
    )
    select page.id, page.name, 0 as grp, counted.n from counted left join page on true`;
}

/** A live (not deleted) product within the given companies ('all' for the platform operator). */
export async function findProduct(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: CompanyScope },
): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db)
    .where(and(eq(products.id, id), isNull(products.deletedAt), tenantFilter(products.companyId, companyIds)))
    .limit(1);
  return row ? toRow(row) : undefined;
}

/**
 * Locks the product row for the rest of the transaction and answers its current price and cost, its
 * variant and the variant's chain price.
 */
export async function lockProductPrices(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await db
    .select({
      price: listingPrice('variants'),
      cost: products.cost,
      variantId: products.variantId,
      chainPrice: variants.price,
    })
    .from(products)
    .innerJoin(variants, and(eq(variants.companyId, products.companyId), eq(variants.id, products.variantId)))
    .where(and(eq(products.companyId, companyId), eq(products.id, id), isNull(products.deletedAt)))
    .for('update', { of: products })
    .limit(1);
  return row
    ? {
        price: toMoney(row.price),
        cost: toMoney(row.cost),
        variantId: row.variantId,
        chainPrice: toMoney(row.chainPrice),
      }
    : undefined;
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
  {
    companyId,
    id,
    patch,
    chainPrice,
  }: {
    companyId: string;
    id: string;
    patch: Partial<Omit<ProductValues, 'stockQuantity'>>;
    /** The variant's chain price: a price equal to it is not stored (the listing follows the chain price). */
    chainPrice: number;
  },
) {
  const { cost, price, ...rest } = patch;
  await db
    .update(products)
    .set({
      ...rest,
      ...(cost !== undefined && { cost: cost.toFixed(2) }),
      ...(price !== undefined && { price: price === chainPrice ? null : price.toFixed(2) }),
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

/** The company's tax class names by id (the export names an item's class). */
export async function taxClassNames(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({ id: taxClasses.id, name: taxClasses.name })
    .from(taxClasses)
    .where(eq(taxClasses.companyId, companyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}
