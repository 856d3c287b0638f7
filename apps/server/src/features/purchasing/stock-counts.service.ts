import {
  type countLineSchema,
  type PageMeta,
  PURCHASING_MSG,
  pageMeta,
  quantityProblem,
  type StockCount,
  type StockCountApplied,
  type StockCountLine,
  type StockCountVariance,
  type startStockCountSchema,
  type stockCountLinesQuerySchema,
  type stockCountListQuerySchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { lockProductsIn, recordStockDeltas } from '../../domain/stock-ledger.repo';
import { type Actor, can, isCashier, loadInScope, resolveBranch } from '../../lib/access';
import { categoryInBranch } from '../../lib/branch-refs.repo';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import * as repo from './stock-counts.repo';
import { PURCHASING_PERMISSION } from './suppliers.service';

type Scope = { companyId: string; branchId: string };

/**
 * Who may count: adjust_stock (Manager, Super Admin), or a cashier of a branch whose
 * `cashier_may_count` is on (403 otherwise; another branch is out of a cashier's reach: 404 first).
 */
async function requireCounter(db: DbOrTx, actor: Actor, scope: Scope) {
  if (can(actor, PURCHASING_PERMISSION)) return;
  if (isCashier(actor) && (await repo.cashierMayCount(db, scope))) return;
  throw forbidden(PURCHASING_MSG.countingNotAllowed);
}

/** A count within the actor's reach; with `manage`, adjust_stock first (403 whatever the id). */
async function resolveCount(db: DbOrTx, actor: Actor, id: string, { manage }: { manage: boolean }) {
  const count = await loadInScope(actor, {
    what: 'Stock count',
    permission: manage ? PURCHASING_PERMISSION : undefined,
    load: (companyIds) => repo.findStockCount(db, { id, companyIds }),
  });
  if (!manage) await requireCounter(db, actor, count);
  return count;
}

async function header(db: DbOrTx, companyId: string, id: string): Promise<StockCount> {
  const count = await repo.stockCountHeader(db, { companyId, id });
  if (!count) throw notFound('Stock count');
  return count;
}

const reasonOf = (startedAt: Date) => `Stock count of ${startedAt.toISOString().slice(0, 10)}`;

/** POST /stock-counts: a Manager starts a count of the branch (every product or one category). */
export async function startCount(
  db: Db,
  actor: Actor,
  input: z.output<typeof startStockCountSchema>,
): Promise<StockCount> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: PURCHASING_PERMISSION });
  const categoryId = input.categoryId ?? null;
  if (categoryId && !(await categoryInBranch(db, { ...scope, id: categoryId }))) throw notFound('Category');
  const id = await db.transaction(async (tx) => {
    const countId = await repo.insertStockCount(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      scope: categoryId ? 'category' : 'all',
      categoryId,
      note: input.note || null,
      startedById: actor.userId,
    });
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      action: 'stock_count.start',
      entityType: 'stock_count',
      entityId: countId,
      after: { scope: categoryId ? 'category' : 'all', categoryId },
    });
    return countId;
  });
  return header(db, scope.companyId, id);
}

export async function listCounts(
  db: Db,
  actor: Actor,
  query: z.output<typeof stockCountListQuerySchema>,
): Promise<{ items: StockCount[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId });
  await requireCounter(db, actor, scope);
  const { items, total } = await repo.listStockCounts(db, scope, query.status, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

export async function getCount(db: Db, actor: Actor, id: string): Promise<StockCount> {
  const count = await resolveCount(db, actor, id, { manage: false });
  return header(db, count.companyId, id);
}

/**
 * POST /stock-counts/{id}/lines: a product counted (typed: 'set'; scanned: 'add'). The product is
 * locked while its stock is read, so the expected figure is the stock at that moment, after every
 * sale committed before it and before every sale after it. Blind: the answer has no expected figure.
 */
export async function enterLine(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof countLineSchema>,
): Promise<StockCountLine> {
  const count = await resolveCount(db, actor, id, { manage: false });
  return db.transaction(async (tx) => {
    const locked = await repo.lockStockCount(tx, count, 'share');
    if (!locked) throw notFound('Stock count');
    if (locked.status !== 'open') throw conflict(PURCHASING_MSG.countOpen);
    const product = await repo.lockCountProduct(tx, count, input, locked.categoryId);
    if (!product) {
      if (input.productId) throw notFound('Product');
      throw new AppError(404, 'NOT_FOUND', PURCHASING_MSG.skuNotFound);
    }
    if (!product.inScope)
      throw badRequest(PURCHASING_MSG.productOutOfScope, { productId: PURCHASING_MSG.productOutOfScope });
    // A fraction of a product counted by the piece (set or added): 400 on the quantity.
    const problem = quantityProblem(input.quantity, product);
    if (problem) throw badRequest(problem, { quantity: problem });
    const line = await repo.upsertLine(tx, {
      companyId: count.companyId,
      countId: id,
      productId: product.id,
      quantity: input.quantity,
      mode: input.mode,
      expected: Number(product.stockQuantity),
      userId: actor.userId,
    });
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      unit: product.unit,
      ...line,
      countedBy: actor.name,
    };
  });
}

export async function listLines(
  db: Db,
  actor: Actor,
  id: string,
  query: z.output<typeof stockCountLinesQuerySchema>,
): Promise<{ items: StockCountLine[]; meta: PageMeta }> {
  const count = await resolveCount(db, actor, id, { manage: false });
  const { items, total } = await repo.listLines(db, count, query.search || undefined, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** GET /stock-counts/{id}/variances (adjust_stock): expected, variance, value at cost (view_cost). */
export async function listVariances(
  db: Db,
  actor: Actor,
  id: string,
  query: z.output<typeof stockCountLinesQuerySchema>,
): Promise<{ items: StockCountVariance[]; meta: PageMeta }> {
  const count = await resolveCount(db, actor, id, { manage: true });
  const { items, total } = await repo.listVariances(
    db,
    count,
    query.search || undefined,
    { limit: query.limit, offset: (query.page - 1) * query.limit },
    can(actor, 'view_cost'),
  );
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/**
 * POST /stock-counts/{id}/apply: in one transaction the count is locked (no more entries), its
 * products are locked in id order, and one ledger statement moves each counted product by its
 * variance (counted - expected at the moment it was counted) as an `adjustment` whose reason names
 * the count; sales made since keep their effect.
 */
export async function applyCount(db: Db, actor: Actor, id: string): Promise<StockCountApplied> {
  const count = await resolveCount(db, actor, id, { manage: true });
  return db.transaction(async (tx) => {
    const locked = await repo.lockStockCount(tx, count, 'update');
    if (!locked) throw notFound('Stock count');
    if (locked.status !== 'open') throw conflict(PURCHASING_MSG.countOpen);
    const totals = await repo.countTotals(tx, count);
    if (totals.lines === 0) throw badRequest(PURCHASING_MSG.countNothing);
    await lockProductsIn(tx, count, repo.countProductIds(count));
    const adjustedProducts = await recordStockDeltas(
      tx,
      {
        companyId: count.companyId,
        branchId: count.branchId,
        userId: actor.userId,
        movementType: 'adjustment',
        referenceType: 'stock_count',
        referenceId: id,
        reason: reasonOf(locked.startedAt),
      },
      repo.countDeltas(count),
    );
    await repo.setStatus(tx, count, { status: 'applied', appliedById: actor.userId, appliedAt: new Date() });
    const result = {
      id,
      status: 'applied' as const,
      adjustedProducts,
      unitsIn: totals.unitsIn,
      unitsOut: totals.unitsOut,
    };
    await writeAudit(tx, {
      companyId: count.companyId,
      branchId: count.branchId,
      userId: actor.userId,
      action: 'stock_count.apply',
      entityType: 'stock_count',
      entityId: id,
      before: { status: 'open' },
      after: { ...result, countedProducts: totals.lines },
    });
    return result;
  });
}

/** POST /stock-counts/{id}/cancel: an open count is dropped; stock unchanged. */
export async function cancelCount(db: Db, actor: Actor, id: string): Promise<StockCount> {
  const count = await resolveCount(db, actor, id, { manage: true });
  await db.transaction(async (tx) => {
    const locked = await repo.lockStockCount(tx, count, 'update');
    if (!locked) throw notFound('Stock count');
    if (locked.status !== 'open') throw conflict(PURCHASING_MSG.countOpen);
    await repo.setStatus(tx, count, { status: 'cancelled', cancelledAt: new Date() });
    await writeAudit(tx, {
      companyId: count.companyId,
      branchId: count.branchId,
      userId: actor.userId,
      action: 'stock_count.cancel',
      entityType: 'stock_count',
      entityId: id,
      before: { status: 'open' },
      after: { status: 'cancelled' },
    });
  });
  return header(db, count.companyId, id);
}
