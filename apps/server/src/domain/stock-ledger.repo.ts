import { addQuantities, type StockMovementType } from '@pos/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { products, stockMovements, stockMovementsDaily } from '../db/schema';
import type { DayCount } from '../lib/keyset.repo';

export type StockMovementInsert = typeof stockMovements.$inferInsert;

/**
 * The stock ledger: the only writer of `stock_movements` outside the migrations and the seeds (a test
 * greps the source tree for others). Every change of stock (sale, return, adjustment, initial stock,
 * and the transfers, purchases and counts to come) is one movement per product here.
 * Invariant, checked by tests: stock_quantity == the signed sum of a product's movements.
 */

/**
 * Appends the movements and sets each moved product's quantity to its movement's `newQuantity`, in one
 * statement, in the caller's transaction, with the products already locked by the caller (returns,
 * adjustments). One movement per product per call.
 */
export async function recordStockMovements(tx: DbOrTx, movements: StockMovementInsert[]) {
  if (movements.length === 0) return;
  const { companyId } = movements[0] as StockMovementInsert;
  const productIds = new Set(movements.map((m) => m.productId));
  if (productIds.size !== movements.length || movements.some((m) => m.companyId !== companyId)) {
    throw new Error('recordStockMovements: one movement per product, all of one company');
  }
  const moved = tx.$with('moved').as(
    tx.insert(stockMovements).values(movements).returning({
      productId: stockMovements.productId,
      newQuantity: stockMovements.newQuantity,
    }),
  );
  // One statement whatever the number of products: one round trip on the register's hot path.
  await tx
    .with(moved)
    .update(products)
    .set({ stockQuantity: sql`${moved.newQuantity}`, updatedAt: sql`now()` })
    .from(moved)
    .where(and(eq(products.companyId, companyId), eq(products.id, moved.productId)));
}

/**
 * The first movement of a product created with stock (POST /products), in the transaction that inserted
 * it: `initial_stock` from 0 to the quantity it was created with.
 */
export async function recordInitialStock(
  tx: DbOrTx,
  input: { companyId: string; branchId: string; productId: string; quantity: number; userId: string | null },
) {
  await recordStockMovements(tx, [
    {
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
    },
  ]);
}

/**
 * The sale's movements as SQL text, for the one-statement sale (COMMIT_SALE in transactions.repo.ts),
 * which embeds it as its `movements` step: one `sale` movement (out) per product decremented, from the
 * update's own new quantity. `sale` names a relation with the sale's `id`; `moved` one with each
 * product's `id`, `quantity` sold and `new_quantity`; the others are SQL expressions (parameters).
 */
export function saleMovementsSql(p: {
  companyId: string;
  branchId: string;
  userId: string;
  sale: string;
  moved: string;
}) {
  return `insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                               previous_quantity, new_quantity, user_id, reference_type, reference_id)
  select ${p.companyId}::uuid, ${p.branchId}::uuid, m.id, 'sale', 'out', m.quantity, m.new_quantity + m.quantity, m.new_quantity, ${p.userId}::uuid,
         'sale', s.id
  from ${p.sale} s cross join ${p.moved} m`;
}

// ---- transfers and write-offs ------------------------------------------------------------------

type LockedStock = { productId: string; stock: number };
type LedgerContext = { companyId: string; branchId: string; userId: string | null };

/**
 * A sent transfer leaves the source branch: one `transfer_out` per product, from the stock the caller
 * read under its lock (the caller has checked that it covers the quantity: stock never goes negative).
 */
export async function recordTransferOut(
  tx: DbOrTx,
  ctx: LedgerContext & { transferId: string; number: string; lines: (LockedStock & { quantity: number })[] },
) {
  await recordStockMovements(
    tx,
    ctx.lines.map((l) => ({
      companyId: ctx.companyId,
      branchId: ctx.branchId,
      productId: l.productId,
      movementType: 'transfer_out' as const,
      direction: 'out' as const,
      quantity: l.quantity,
      previousQuantity: l.stock,
      newQuantity: addQuantities(l.stock, -l.quantity),
      userId: ctx.userId,
      referenceType: 'transfer',
      referenceId: ctx.transferId,
      reason: `Transfer ${ctx.number}`,
    })),
  );
}

/**
 * A receipt at the destination. Every unit that arrived, sound or damaged, enters with `transfer_in`;
 * the damaged ones then leave with `damage` (reason: the transfer), so the ledger shows both and
 * stock = ledger holds at every step. Lines naming the same product are summed (one movement per
 * product and type). Products locked by the caller; `stock` is what it read under the lock.
 */
export async function recordTransferIn(
  tx: DbOrTx,
  ctx: LedgerContext & {
    transferId: string;
    number: string;
    lines: (LockedStock & { received: number; damaged: number })[];
  },
) {
  const byProduct = new Map<string, { stock: number; received: number; damaged: number }>();
  for (const l of ctx.lines) {
    const seen = byProduct.get(l.productId) ?? { stock: l.stock, received: 0, damaged: 0 };
    seen.received = addQuantities(seen.received, l.received);
    seen.damaged = addQuantities(seen.damaged, l.damaged);
    byProduct.set(l.productId, seen);
  }
  const base = {
    companyId: ctx.companyId,
    branchId: ctx.branchId,
    userId: ctx.userId,
    referenceType: 'transfer',
    referenceId: ctx.transferId,
  };
  const arrived = [...byProduct].filter(([, p]) => addQuantities(p.received, p.damaged) > 0);
  await recordStockMovements(
    tx,
    arrived.map(([productId, p]) => ({
      ...base,
      productId,
      movementType: 'transfer_in' as const,
      direction: 'in' as const,
      quantity: addQuantities(p.received, p.damaged),
      previousQuantity: p.stock,
      newQuantity: addQuantities(p.stock, p.received, p.damaged),
      reason: `Transfer ${ctx.number}`,
    })),
  );
  await recordStockMovements(
    tx,
    arrived
      .filter(([, p]) => p.damaged > 0)
      .map(([productId, p]) => ({
        ...base,
        productId,
        movementType: 'damage' as const,
        direction: 'out' as const,
        quantity: p.damaged,
        previousQuantity: addQuantities(p.stock, p.received, p.damaged),
        newQuantity: addQuantities(p.stock, p.received),
        reason: `Damaged in transfer ${ctx.number}`,
      })),
  );
}

/** A write-off of damaged or expired units (`damage` / `expiry`), the product locked by the caller. */
export async function recordWriteOff(
  tx: DbOrTx,
  ctx: LedgerContext & LockedStock & { type: 'damage' | 'expiry'; quantity: number; reason: string },
) {
  await recordStockMovements(tx, [
    {
      companyId: ctx.companyId,
      branchId: ctx.branchId,
      productId: ctx.productId,
      movementType: ctx.type,
      direction: 'out',
      quantity: ctx.quantity,
      previousQuantity: ctx.stock,
      newQuantity: addQuantities(ctx.stock, -ctx.quantity),
      userId: ctx.userId,
      referenceType: 'write_off',
      reason: ctx.reason,
    },
  ]);
}

// ---- purchases and stock counts -----------------------------------------------------------------

export type StockDeltaMovement = {
  companyId: string;
  branchId: string;
  userId: string | null;
  movementType: 'purchase' | 'adjustment';
  referenceType: string;
  referenceId: string;
  reason: string | null;
};

/** A product locked for a stock move: its stock, cost, and the unit its quantities must fit (quantityProblem). */
export type LockedProduct = { id: string; name: string; unit: string; stockQuantity: number; cost: string };

/**
 * Locks the given products of a branch FOR UPDATE in id order (the order every multi-product writer
 * takes, so two of them never deadlock) and answers their name, unit, stock and cost. One statement.
 */
export async function lockProductsForMove(
  tx: DbOrTx,
  { companyId, branchId, productIds }: { companyId: string; branchId: string; productIds: string[] },
): Promise<LockedProduct[]> {
  if (productIds.length === 0) return [];
  return queryRows<LockedProduct>(
    tx,
    sql`select id, name, unit, stock_quantity::float8 as "stockQuantity", cost::text as cost from products
        where company_id = ${companyId}::uuid and branch_id = ${branchId}::uuid
          and id in (select (jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))::uuid)
        order by id for update`,
  );
}

/**
 * Set-based ledger write for large operations (a purchase order receipt, a stock count applied): one
 * statement moves every product by its delta (`deltas`: a query of `product_id uuid, delta numeric`; rows
 * with delta 0 are skipped) and appends one movement each, from the update's own previous and new
 * quantities. The caller has locked the products (lockProductsForMove) in its transaction.
 * Answers the moved products' count.
 */
export async function recordStockDeltas(tx: DbOrTx, movement: StockDeltaMovement, deltas: SQL): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with d as (${deltas}),
      upd as (
        update products p set stock_quantity = p.stock_quantity + d.delta, updated_at = now()
        from d
        where d.delta <> 0 and p.company_id = ${movement.companyId}::uuid and p.branch_id = ${movement.branchId}::uuid
          and p.id = d.product_id
        returning p.id, p.stock_quantity as new_quantity, d.delta
      ),
      ins as (
        insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                                     previous_quantity, new_quantity, user_id, reference_type, reference_id, reason)
        select ${movement.companyId}::uuid, ${movement.branchId}::uuid, upd.id, ${movement.movementType},
               case when upd.delta > 0 then 'in' else 'out' end, abs(upd.delta), upd.new_quantity - upd.delta,
               upd.new_quantity, ${movement.userId}::uuid, ${movement.referenceType}, ${movement.referenceId}::uuid,
               ${movement.reason}
        from upd
        returning 1
      )
      select count(*)::int as n from ins`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** `deltas` for recordStockDeltas from a list in memory (one JSON parameter, whatever the number of rows). */
export const deltasFromList = (list: { productId: string; delta: number }[]): SQL =>
  sql`select x.product_id, x.delta from jsonb_to_recordset(${JSON.stringify(
    list.map((l) => ({ product_id: l.productId, delta: l.delta })),
  )}::jsonb) as x(product_id uuid, delta numeric)`;

/**
 * Locks FOR UPDATE, in id order, the products of a branch that `ids` (a query of `product_id`) names,
 * without reading them back (a count of 10,000 products). Answers how many were locked.
 */
export async function lockProductsIn(
  tx: DbOrTx,
  { companyId, branchId }: { companyId: string; branchId: string },
  ids: SQL,
): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (
          select p.id from products p
          where p.company_id = ${companyId}::uuid and p.branch_id = ${branchId}::uuid and p.id in (${ids})
          order by p.id for update
        ) locked`,
  );
  return Number(rows[0]?.n ?? 0);
}

// ---- CSV import ----------------------------------------------------------------------------------

/**
 * Set-based `initial_stock` movements for products just inserted with stock (a CSV import, in the
 * transaction that inserted them): one statement appends, for each `{ productId, quantity }` with a
 * quantity above 0, a movement from 0 to the quantity the product was inserted with. The products'
 * stock_quantity already holds it (the insert set it), so nothing else moves. Answers the count.
 */
export async function recordInitialStocks(
  tx: DbOrTx,
  ctx: { companyId: string; branchId: string; userId: string | null },
  list: { productId: string; quantity: number }[],
): Promise<number> {
  const stocked = list.filter((l) => l.quantity > 0);
  if (stocked.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with x as (
          select * from jsonb_to_recordset(${JSON.stringify(
            stocked.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
          )}::jsonb) as x(product_id uuid, quantity numeric)
        ),
        ins as (
          insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                                       previous_quantity, new_quantity, user_id, reference_type, reference_id, reason)
          select ${ctx.companyId}::uuid, ${ctx.branchId}::uuid, p.id, 'initial_stock', 'in', p.stock_quantity, 0,
                 p.stock_quantity, ${ctx.userId}::uuid, 'product', p.id, 'Initial stock'
          from x join products p on p.company_id = ${ctx.companyId}::uuid and p.branch_id = ${ctx.branchId}::uuid
            and p.id = x.product_id and p.stock_quantity = x.quantity
          returning 1
        )
        select count(*)::int as n from ins`,
  );
  const n = Number(rows[0]?.n ?? 0);
  if (n !== stocked.length) throw new Error('recordInitialStocks: a product is not as inserted');
  return n;
}

/**
 * The branch's movements per local day (its time zone's dates), `from` to `to` when given, of one type when
 * given: from the kept counts (stock_movements_daily, kept by the ledger's insert, update and delete triggers),
 * a few rows per day however many movements. The dashboard's recent movements and the movement list's pages
 * (inventory) both count with it.
 */
export async function movementCountsByDay(
  db: DbOrTx,
  scope: { companyId: string; branchId: string },
  { movementType, from, to }: { movementType?: StockMovementType; from?: string; to?: string },
): Promise<DayCount[]> {
  const rows = await db
    .select({ day: stockMovementsDaily.day, rows: sql<number>`sum(${stockMovementsDaily.movements})::int` })
    .from(stockMovementsDaily)
    .where(
      and(
        eq(stockMovementsDaily.companyId, scope.companyId),
        eq(stockMovementsDaily.branchId, scope.branchId),
        movementType ? eq(stockMovementsDaily.movementType, movementType) : undefined,
        from ? sql`${stockMovementsDaily.day} >= ${from}::date` : undefined,
        to ? sql`${stockMovementsDaily.day} <= ${to}::date` : undefined,
      ),
    )
    .groupBy(stockMovementsDaily.day);
  return rows.map((r) => ({ day: r.day, rows: Number(r.rows) }));
}
