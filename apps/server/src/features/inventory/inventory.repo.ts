import type { StockMovementType, StockStatusFilter, Unit } from '@pos/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, products, stockMovements, users } from '../../db/schema';
import { movementCountsByDay } from '../../domain/stock-ledger.repo';
import { type DayCount, type OrderKey, orderBy, type PageWindow, windowQuery } from '../../lib/keyset.repo';
import { toMoney } from '../../lib/money';
import { containsPattern, localDayRange } from '../../lib/sql-filters.repo';

type BranchKey = { companyId: string; branchId: string };
type BranchDays = BranchKey & { timezone: string };

/** The ids of a category and its descendants, for the category filter. */
const categoryWithDescendants = ({ companyId, categoryId }: { companyId: string; categoryId: string }) => sql`(
  with recursive subtree(id) as (
    select ${categoryId}::uuid
    union
    select ch.id from ${categories} ch join subtree on ch.parent_id = subtree.id where ch.company_id = ${companyId}
  ) select id from subtree)`;

/**
 * The stock levels of spec 02 section 4, as SQL over products (must agree with stockStatusOf):
 * low = at or below the threshold, out of stock included; out = 0; over = at or above maxStock and not
 * low; normal = the rest.
 */
function statusCondition(status: StockStatusFilter): SQL {
  const stock = products.stockQuantity;
  const low = sql`(${stock} <= ${products.lowStockThreshold} or ${stock} <= 0)`;
  switch (status) {
    case 'low':
      return low;
    case 'out':
      return sql`${stock} <= 0`;
    case 'over':
      return sql`(not ${low} and ${stock} >= ${products.maxStock})`;
    case 'normal':
      return sql`(not ${low} and ${stock} < ${products.maxStock})`;
  }
}

export type StockFilters = { search?: string; categoryId?: string; status?: StockStatusFilter };

function stockConditions({ companyId, branchId }: BranchKey, filters: StockFilters) {
  return and(
    eq(products.companyId, companyId),
    eq(products.branchId, branchId),
    isNull(products.deletedAt),
    filters.search ? sql`${products.searchKey} like lower(${containsPattern(filters.search)})` : undefined,
    filters.categoryId
      ? sql`${products.categoryId} in ${categoryWithDescendants({ companyId, categoryId: filters.categoryId })}`
      : undefined,
    filters.status ? statusCondition(filters.status) : undefined,
  );
}

export type StockRow = {
  id: string;
  name: string;
  sku: string | null;
  category: { id: string; name: string } | null;
  stockQuantity: number;
  lowStockThreshold: number;
  maxStock: number;
  unit: Unit;
  cost: number;
};

const stockColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  categoryId: products.categoryId,
  categoryName: categories.name,
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
  maxStock: products.maxStock,
  unit: products.unit,
  cost: products.cost,
};

type RawStockRow = {
  id: string;
  name: string;
  sku: string | null;
  categoryId: string | null;
  categoryName: string | null;
  stockQuantity: number;
  lowStockThreshold: number;
  maxStock: number;
  unit: Unit;
  cost: string;
};

const toStockRow = (r: RawStockRow): StockRow => ({
  id: r.id,
  name: r.name,
  sku: r.sku,
  category: r.categoryId && r.categoryName !== null ? { id: r.categoryId, name: r.categoryName } : null,
  stockQuantity: r.stockQuantity,
  lowStockThreshold: r.lowStockThreshold,
  maxStock: r.maxStock,
  unit: r.unit,
  cost: toMoney(r.cost),
});

/**
 * One page of the branch's live products by name (products_live_name_idx), filtered in SQL, and the
 * number of matches. The category is joined for the page's rows only.
 */
export async function listStock(
  db: DbOrTx,
  scope: BranchKey,
  filters: StockFilters,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: StockRow[]; total: number }> {
  const where = stockConditions(scope, filters);
  const [rows, counted] = await Promise.all([
    db
      .select(stockColumns)
      .from(products)
      .leftJoin(categories, and(eq(categories.companyId, products.companyId), eq(categories.id, products.categoryId)))
      .where(where)
      .orderBy(products.name, products.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { items: rows.map(toStockRow), total: Number(counted[0]?.n ?? 0) };
}

/** One live product of the branch with its category (the adjustment's answer). */
export async function findStockRow(db: DbOrTx, { companyId, branchId, id }: BranchKey & { id: string }) {
  const [row] = await db
    .select(stockColumns)
    .from(products)
    .leftJoin(categories, and(eq(categories.companyId, products.companyId), eq(categories.id, products.categoryId)))
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        eq(products.id, id),
        isNull(products.deletedAt),
      ),
    )
    .limit(1);
  return row ? toStockRow(row) : undefined;
}

/** Locks a live product of the branch for the rest of the transaction; answers its stock. */
export async function lockProductStock(tx: DbOrTx, { companyId, branchId, id }: BranchKey & { id: string }) {
  const [row] = await tx
    .select({ id: products.id, name: products.name, unit: products.unit, stockQuantity: products.stockQuantity })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        eq(products.id, id),
        isNull(products.deletedAt),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

export type MovementFilters = {
  productId?: string;
  movementType?: StockMovementType;
  startDate?: string;
  endDate?: string;
};

function movementConditions(scope: BranchDays, filters: MovementFilters) {
  return and(
    eq(stockMovements.companyId, scope.companyId),
    eq(stockMovements.branchId, scope.branchId),
    filters.productId ? eq(stockMovements.productId, filters.productId) : undefined,
    filters.movementType ? eq(stockMovements.movementType, filters.movementType) : undefined,
    localDayRange(stockMovements.createdAt, scope.timezone, filters),
  );
}

/**
 * One page of the branch's movements, newest first: its ids by an index-only walk from the nearer end
 * (stock_movements_branch_page_idx, lib/keyset.repo.ts), then product and user joined for its rows.
 * Movements of deleted products stay in the ledger and in this list.
 */
export async function listMovements(db: DbOrTx, scope: BranchDays, filters: MovementFilters, window: PageWindow) {
  const where = movementConditions(scope, filters);
  const w = windowQuery(MOVEMENT_LIST_ORDER, window);
  const pageIds = db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(where)
    .orderBy(...w.order)
    .limit(w.limit)
    .offset(w.offset);
  return db
    .select({
      id: stockMovements.id,
      createdAt: stockMovements.createdAt,
      productId: stockMovements.productId,
      productName: products.name,
      productSku: products.sku,
      movementType: stockMovements.movementType,
      direction: stockMovements.direction,
      quantity: stockMovements.quantity,
      previousQuantity: stockMovements.previousQuantity,
      newQuantity: stockMovements.newQuantity,
      userName: users.name,
      reason: stockMovements.reason,
      referenceType: stockMovements.referenceType,
      referenceId: stockMovements.referenceId,
    })
    .from(stockMovements)
    .innerJoin(
      products,
      and(eq(products.companyId, stockMovements.companyId), eq(products.id, stockMovements.productId)),
    )
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(and(eq(stockMovements.companyId, scope.companyId), inArray(stockMovements.id, pageIds)))
    .orderBy(...orderBy(MOVEMENT_LIST_ORDER));
}

/**
 * How many movements match the list's filters, per local day of the branch (lib/keyset.repo.ts,
 * readPageByDays). Without a product: from the kept counts (the stock ledger's movementCountsByDay), a few
 * hundred rows for a year whatever the ledger holds. A product's movements are few: counted from the
 * ledger (stock_movements_product_idx).
 */
export async function countMovementsByDay(
  db: DbOrTx,
  scope: BranchDays,
  filters: MovementFilters,
): Promise<DayCount[]> {
  if (filters.productId) {
    const day = sql<string>`((${stockMovements.createdAt} at time zone ${scope.timezone})::date)::text`;
    const rows = await db
      .select({ day, rows: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(movementConditions(scope, filters))
      .groupBy(sql`1`);
    return rows.map((r) => ({ day: r.day, rows: Number(r.rows) }));
  }
  return movementCountsByDay(db, scope, {
    movementType: filters.movementType,
    from: filters.startDate,
    to: filters.endDate,
  });
}

/** The list's order: newest first, id breaking ties. */
const MOVEMENT_LIST_ORDER: OrderKey[] = [
  { column: stockMovements.createdAt, direction: 'desc' },
  { column: stockMovements.id, direction: 'desc' },
];

// ---- CSV exports: the lists' rows, every page, read through a cursor (lib/export.repo.ts) ------------

/** GET /inventory/stock/export.csv: the stock list's products for the same filters, in its order (name, id). */
export function stockExportQuery(db: DbOrTx, scope: BranchKey, filters: StockFilters) {
  return db
    .select(stockColumns)
    .from(products)
    .leftJoin(categories, and(eq(categories.companyId, products.companyId), eq(categories.id, products.categoryId)))
    .where(stockConditions(scope, filters))
    .orderBy(products.name, products.id);
}

/** GET /inventory/movements/export.csv: the ledger's movements for the same filters, newest first. */
export function movementsExportQuery(db: DbOrTx, scope: BranchDays, filters: MovementFilters) {
  return db
    .select({
      createdAt: stockMovements.createdAt,
      productName: products.name,
      productSku: products.sku,
      movementType: stockMovements.movementType,
      direction: stockMovements.direction,
      quantity: stockMovements.quantity,
      previousQuantity: stockMovements.previousQuantity,
      newQuantity: stockMovements.newQuantity,
      userName: users.name,
      reason: stockMovements.reason,
      referenceType: stockMovements.referenceType,
    })
    .from(stockMovements)
    .innerJoin(
      products,
      and(eq(products.companyId, stockMovements.companyId), eq(products.id, stockMovements.productId)),
    )
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(movementConditions(scope, filters))
    .orderBy(...orderBy(MOVEMENT_LIST_ORDER));
}
