import {
  addQuantities,
  fromMinor,
  lineGoodsMinor,
  type StockCount,
  type StockCountLine,
  type StockCountStatus,
  type StockCountVariance,
  toMinor,
  type Unit,
} from '@pos/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { branches, categories, products, stockCountLines, stockCounts, users } from '../../db/schema';
import { toMoney } from '../../lib/money';
import { containsPattern } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type Key = { companyId: string; id: string };
type BranchKey = { companyId: string; branchId: string };

export async function findStockCount(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select({ id: stockCounts.id, companyId: stockCounts.companyId, branchId: stockCounts.branchId })
    .from(stockCounts)
    .where(and(eq(stockCounts.id, id), tenantFilter(stockCounts.companyId, companyIds)))
    .limit(1);
  return row;
}

/** Whether the branch lets cashiers count (branches.cashier_may_count). */
export async function cashierMayCount(db: DbOrTx, { companyId, branchId }: BranchKey): Promise<boolean> {
  const [row] = await db
    .select({ may: branches.cashierMayCount })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
    .limit(1);
  return row?.may === true;
}

/** Locks the count's row: FOR SHARE while entering lines, FOR UPDATE to apply or cancel (entries wait). */
export async function lockStockCount(tx: DbOrTx, { companyId, id }: Key, mode: 'share' | 'update') {
  const [row] = await tx
    .select({
      status: stockCounts.status,
      scope: stockCounts.scope,
      categoryId: stockCounts.categoryId,
      startedAt: stockCounts.startedAt,
    })
    .from(stockCounts)
    .where(and(eq(stockCounts.companyId, companyId), eq(stockCounts.id, id)))
    .for(mode);
  return row;
}

export async function insertStockCount(
  tx: DbOrTx,
  input: BranchKey & { scope: 'all' | 'category'; categoryId: string | null; note: string | null; startedById: string },
): Promise<string> {
  const [row] = await tx.insert(stockCounts).values(input).returning({ id: stockCounts.id });
  if (!row) throw new Error('stock count insert returned nothing');
  return row.id;
}

export async function setStatus(
  tx: DbOrTx,
  { companyId, id }: Key,
  fields: { status: StockCountStatus; appliedById?: string; appliedAt?: Date; cancelledAt?: Date },
) {
  await tx
    .update(stockCounts)
    .set(fields)
    .where(and(eq(stockCounts.companyId, companyId), eq(stockCounts.id, id)));
}

/** The ids of a category and its subcategories. */
const categorySubtree = (companyId: string, categoryId: string) => sql`(
  with recursive subtree(id) as (
    select ${categoryId}::uuid
    union
    select ch.id from categories ch join subtree on ch.parent_id = subtree.id where ch.company_id = ${companyId}::uuid
  ) select id from subtree)`;

/**
 * A live product of the branch by id or SKU, locked FOR UPDATE; `inScope` whether the count covers it,
 * `unit` what its counted quantity must fit (quantityProblem).
 */
export async function lockCountProduct(
  tx: DbOrTx,
  scope: BranchKey,
  by: { productId?: string; sku?: string },
  categoryId: string | null,
) {
  const match = by.productId ? sql`p.id = ${by.productId}::uuid` : sql`lower(p.sku) = lower(${by.sku ?? ''})`;
  const [row] = await queryRows<{
    id: string;
    name: string;
    sku: string | null;
    unit: Unit;
    stockQuantity: number;
    inScope: boolean;
  }>(
    tx,
    sql`select p.id, p.name, p.sku, p.unit, p.stock_quantity::float8 as "stockQuantity",
          ${categoryId ? sql`coalesce(p.category_id in ${categorySubtree(scope.companyId, categoryId)}, false)` : sql`true`} as "inScope"
        from products p
        where p.company_id = ${scope.companyId}::uuid and p.branch_id = ${scope.branchId}::uuid
          and p.deleted_at is null and ${match}
        limit 1 for update of p`,
  );
  return row;
}

/**
 * Records a counted product: 'set' replaces the counted units, 'add' adds to them; either way the
 * expected figure becomes the product's stock now (the stock at the moment it was counted).
 */
export async function upsertLine(
  tx: DbOrTx,
  input: {
    companyId: string;
    countId: string;
    productId: string;
    quantity: number;
    mode: 'set' | 'add';
    expected: number;
    userId: string;
  },
) {
  const counted =
    input.mode === 'add'
      ? sql`stock_count_lines.counted_quantity + excluded.counted_quantity`
      : sql`excluded.counted_quantity`;
  const [row] = await queryRows<{ countedQuantity: number; countedAt: Date | string }>(
    tx,
    sql`insert into stock_count_lines (company_id, stock_count_id, product_id, counted_quantity, expected_quantity, counted_at, counted_by_id)
        values (${input.companyId}::uuid, ${input.countId}::uuid, ${input.productId}::uuid, ${input.quantity}, ${input.expected}, now(), ${input.userId}::uuid)
        on conflict (company_id, stock_count_id, product_id) do update
          set counted_quantity = ${counted}, expected_quantity = excluded.expected_quantity,
              counted_at = excluded.counted_at, counted_by_id = excluded.counted_by_id
        returning counted_quantity::float8 as "countedQuantity", counted_at as "countedAt"`,
  );
  if (!row) throw new Error('count line upsert returned nothing');
  return { countedQuantity: Number(row.countedQuantity), countedAt: new Date(row.countedAt).toISOString() };
}

type HeaderRow = {
  id: string;
  branchId: string;
  scope: 'all' | 'category';
  categoryId: string | null;
  categoryName: string | null;
  status: StockCountStatus;
  note: string | null;
  startedAt: Date | string;
  startedBy: string | null;
  appliedAt: Date | string | null;
  countedProducts: number;
};

const toStockCount = (r: HeaderRow): StockCount => ({
  id: r.id,
  branchId: r.branchId,
  scope: r.scope,
  category: r.categoryId ? { id: r.categoryId, name: r.categoryName ?? '' } : null,
  status: r.status,
  note: r.note,
  startedAt: new Date(r.startedAt).toISOString(),
  startedBy: r.startedBy,
  appliedAt: r.appliedAt === null ? null : new Date(r.appliedAt).toISOString(),
  countedProducts: Number(r.countedProducts),
});

const headerSelect = sql`select c.id, c.branch_id as "branchId", c.scope, c.category_id as "categoryId",
    cat.name as "categoryName", c.status, c.note, c.started_at as "startedAt", u.name as "startedBy",
    c.applied_at as "appliedAt",
    (select count(*)::int from stock_count_lines l where l.company_id = c.company_id and l.stock_count_id = c.id) as "countedProducts"
  from stock_counts c
  left join categories cat on cat.company_id = c.company_id and cat.id = c.category_id
  left join users u on u.id = c.started_by_id`;

export async function stockCountHeader(db: DbOrTx, { companyId, id }: Key): Promise<StockCount | undefined> {
  const [row] = await queryRows<HeaderRow>(
    db,
    sql`${headerSelect} where c.company_id = ${companyId}::uuid and c.id = ${id}::uuid`,
  );
  return row ? toStockCount(row) : undefined;
}

export async function listStockCounts(
  db: DbOrTx,
  scope: BranchKey,
  status: StockCountStatus | undefined,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: StockCount[]; total: number }> {
  const where = sql`c.company_id = ${scope.companyId}::uuid and c.branch_id = ${scope.branchId}::uuid
    ${status ? sql`and c.status = ${status}` : sql``}`;
  const [rows, counted] = await Promise.all([
    queryRows<HeaderRow>(
      db,
      sql`${headerSelect} where ${where} order by c.started_at desc, c.id limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_counts c where ${where}`),
  ]);
  return { items: rows.map(toStockCount), total: Number(counted[0]?.n ?? 0) };
}

type LineRow = {
  productId: string;
  name: string;
  sku: string | null;
  unit: Unit;
  countedQuantity: number;
  countedAt: Date | string;
  countedBy: string | null;
  expectedQuantity: number;
  cost: string;
};

function linesQuery({ companyId, id }: Key, search: string | undefined, tail: SQL) {
  const pattern = search ? containsPattern(search) : undefined;
  return sql`select l.product_id as "productId", p.name, p.sku, p.unit, l.counted_quantity::float8 as "countedQuantity",
      l.counted_at as "countedAt", u.name as "countedBy", l.expected_quantity::float8 as "expectedQuantity",
      p.cost::text as cost
    from stock_count_lines l
    join products p on p.company_id = l.company_id and p.id = l.product_id
    left join users u on u.id = l.counted_by_id
    where l.company_id = ${companyId}::uuid and l.stock_count_id = ${id}::uuid
      ${pattern ? sql`and p.search_key like lower(${pattern})` : sql``}
    ${tail}`;
}

async function pageOfLines(
  db: DbOrTx,
  key: Key,
  search: string | undefined,
  order: SQL,
  page: { limit: number; offset: number },
) {
  const [rows, counted] = await Promise.all([
    queryRows<LineRow>(db, linesQuery(key, search, sql`order by ${order} limit ${page.limit} offset ${page.offset}`)),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${linesQuery(key, search, sql``)}) x`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

const toLine = (r: LineRow): StockCountLine => ({
  productId: r.productId,
  name: r.name,
  sku: r.sku,
  unit: r.unit,
  countedQuantity: Number(r.countedQuantity),
  countedAt: new Date(r.countedAt).toISOString(),
  countedBy: r.countedBy,
});

/** The counted products, latest first: blind (no expected figure). */
export async function listLines(
  db: DbOrTx,
  key: Key,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const { rows, total } = await pageOfLines(db, key, search, sql`l.counted_at desc, l.product_id`, page);
  return { items: rows.map(toLine), total };
}

/** counted - expected, exact to the thousandth. */
export const countVariance = (r: { countedQuantity: number | string; expectedQuantity: number | string }) =>
  addQuantities(Number(r.countedQuantity), -Number(r.expectedQuantity));

/**
 * A variance's value at cost: |variance| x cost rounded half up to the cent (lineGoodsMinor, as a sale's
 * line), with the variance's sign (-0.125 kg at 7.99 is -1.00).
 */
export function varianceValue(variance: number, cost: string | number): number {
  const minor = lineGoodsMinor(toMinor(toMoney(cost)), Math.abs(variance));
  return minor === 0 ? 0 : fromMinor(Math.sign(variance) * minor);
}

/** The review: every counted product with expected, variance and (showCost) its value at cost, largest first. */
export async function listVariances(
  db: DbOrTx,
  key: Key,
  search: string | undefined,
  page: { limit: number; offset: number },
  showCost: boolean,
): Promise<{ items: StockCountVariance[]; total: number }> {
  const { rows, total } = await pageOfLines(
    db,
    key,
    search,
    sql`abs(l.counted_quantity - l.expected_quantity) desc, p.name, l.product_id`,
    page,
  );
  return {
    items: rows.map((r) => {
      const variance = countVariance(r);
      const line = { ...toLine(r), expectedQuantity: Number(r.expectedQuantity), variance };
      return showCost ? { ...line, varianceValue: varianceValue(variance, r.cost) } : line;
    }),
    total,
  };
}

/** `product_id, delta` of the count's lines (counted - expected), for the ledger's set-based write. */
export const countDeltas = ({ companyId, id }: Key): SQL =>
  sql`select product_id, counted_quantity - expected_quantity as delta from stock_count_lines
      where company_id = ${companyId}::uuid and stock_count_id = ${id}::uuid`;

export const countProductIds = ({ companyId, id }: Key): SQL =>
  sql`select product_id from stock_count_lines where company_id = ${companyId}::uuid and stock_count_id = ${id}::uuid`;

/** Units the count adds and removes. */
export async function countTotals(db: DbOrTx, key: Key) {
  const [row] = await queryRows<{ lines: number; unitsIn: number; unitsOut: number }>(
    db,
    sql`select count(*)::int as lines,
          coalesce(sum(greatest(counted_quantity - expected_quantity, 0)), 0)::float8 as "unitsIn",
          coalesce(sum(greatest(expected_quantity - counted_quantity, 0)), 0)::float8 as "unitsOut"
        from stock_count_lines where company_id = ${key.companyId}::uuid and stock_count_id = ${key.id}::uuid`,
  );
  return { lines: Number(row?.lines ?? 0), unitsIn: Number(row?.unitsIn ?? 0), unitsOut: Number(row?.unitsOut ?? 0) };
}

/** The branch's counts for the CSV export (every page, same filter and order as the list). */
export function stockCountsExportQuery(db: DbOrTx, scope: BranchKey, status: StockCountStatus | undefined) {
  return db
    .select({
      startedAt: stockCounts.startedAt,
      scope: stockCounts.scope,
      category: categories.name,
      status: stockCounts.status,
      startedBy: users.name,
      appliedAt: stockCounts.appliedAt,
      countedProducts: sql<string>`(select count(*)::text from stock_count_lines l
        where l.company_id = ${stockCounts.companyId} and l.stock_count_id = ${stockCounts.id})`,
      note: stockCounts.note,
    })
    .from(stockCounts)
    .leftJoin(
      categories,
      and(eq(categories.companyId, stockCounts.companyId), eq(categories.id, stockCounts.categoryId)),
    )
    .leftJoin(users, eq(users.id, stockCounts.startedById))
    .where(
      and(
        eq(stockCounts.companyId, scope.companyId),
        eq(stockCounts.branchId, scope.branchId),
        status ? eq(stockCounts.status, status) : undefined,
      ),
    )
    .orderBy(desc(stockCounts.startedAt), stockCounts.id);
}

/** A count's review sheet for the CSV export: every counted product, largest variance first. */
export function variancesExportQuery(db: DbOrTx, { companyId, id }: Key) {
  const variance = sql<number>`(${stockCountLines.countedQuantity} - ${stockCountLines.expectedQuantity})`;
  return db
    .select({
      name: products.name,
      sku: products.sku,
      expectedQuantity: stockCountLines.expectedQuantity,
      countedQuantity: stockCountLines.countedQuantity,
      cost: products.cost,
      countedAt: stockCountLines.countedAt,
      countedBy: users.name,
    })
    .from(stockCountLines)
    .innerJoin(
      products,
      and(eq(products.companyId, stockCountLines.companyId), eq(products.id, stockCountLines.productId)),
    )
    .leftJoin(users, eq(users.id, stockCountLines.countedById))
    .where(and(eq(stockCountLines.companyId, companyId), eq(stockCountLines.stockCountId, id)))
    .orderBy(sql`abs(${variance}) desc`, products.name, stockCountLines.productId);
}
