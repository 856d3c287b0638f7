import {
  type CatalogueSync,
  type CustomerSync,
  SYNC_MSG,
  type SyncProduct,
  type SyncQuery,
  type SyncTombstone,
  type VoucherSync,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, type BranchScope, resolveBranch } from '../../lib/access';
import { badRequest } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import * as repo from './sync.repo';

/**
 * The sync cursor (docs/architecture/offline.md, 'Registers and offline sales'), opaque to the register:
 * `from` the transaction id a sync reads from, `watermark` the oldest transaction running when the
 * sync's first page was read (the next sync's `from`), `after` the last row of the previous page, and
 * `liveOnly` for a first sync (no tombstones of products deleted before the register knew them).
 */
type Cursor = { from: number; watermark: number; after?: { xid: number; id: string }; liveOnly: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(c: Cursor): string {
  const parts = [c.from, c.watermark, c.after?.xid ?? '', c.after?.id ?? '', c.liveOnly ? 1 : 0];
  return Buffer.from(parts.join('.')).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const parts = Buffer.from(text, 'base64url').toString('utf8').split('.');
  const [from, watermark, xid, id, live] = parts;
  const isCount = (v: string | undefined) => v !== undefined && /^\d{1,15}$/.test(v);
  if (parts.length !== 5 || !isCount(from) || !isCount(watermark) || (live !== '0' && live !== '1')) {
    throw badRequest(SYNC_MSG.invalidCursor, { cursor: SYNC_MSG.invalidCursor });
  }
  const paging = xid !== '' || id !== '';
  if (paging && (!isCount(xid) || !UUID.test(id ?? ''))) {
    throw badRequest(SYNC_MSG.invalidCursor, { cursor: SYNC_MSG.invalidCursor });
  }
  return {
    from: Number(from),
    watermark: Number(watermark),
    ...(paging && { after: { xid: Number(xid), id: id as string } }),
    liveOnly: live === '1',
  };
}

/**
 * Reads one page: a new sync (no cursor, or a finished sync's cursor) takes a fresh watermark first,
 * then reads; a page that continues a sync keeps its watermark. The last page's nextCursor starts the
 * next sync at the watermark, so a write that was still running while this sync read is read again.
 */
async function page<Row extends { id: string; changeXid: number }>(
  db: Db,
  cursorText: string | undefined,
  limit: number,
  read: (w: repo.SyncWindow) => Promise<Row[]>,
) {
  const cursor: Cursor = cursorText ? decodeCursor(cursorText) : { from: 0, watermark: 0, liveOnly: true };
  const watermark = cursor.after ? cursor.watermark : await repo.syncWatermark(db);
  const rows = await read({ from: cursor.from, after: cursor.after, liveOnly: cursor.liveOnly, limit });
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  const nextCursor =
    hasMore && last
      ? encodeCursor({ ...cursor, watermark, after: { xid: last.changeXid, id: last.id } })
      : encodeCursor({ from: watermark, watermark, liveOnly: false });
  return { rows: pageRows, hasMore, nextCursor };
}

async function registerBranch(db: Db, scope: BranchScope) {
  const b = await repo.branchForRegister(db, scope);
  if (!b) throw new Error('branch vanished');
  return {
    branch: {
      id: b.id,
      name: b.name,
      taxRate: toMoney(b.taxRate),
      currency: b.currency,
      timezone: b.timezone,
      scaleWeightPrefix: b.scaleWeightPrefix,
      fiscal: b.fiscal,
      serviceFee: toMoney(b.serviceFee),
    },
    rules: {
      branchId: b.id,
      cashierMaxDiscountPercent: toMoney(b.cashierMaxDiscountPercent),
      cashierMayChangePrice: b.cashierMayChangePrice,
      cashierMayRefundWithoutReceipt: b.cashierMayRefundWithoutReceipt,
      cashierMayZeroTax: b.cashierMayZeroTax,
      cashierMayReceiveTransfers: b.cashierMayReceiveTransfers,
      cashierMayCount: b.cashierMayCount,
      cashierMayTakeReturns: b.cashierMayTakeReturns,
      overShortThreshold: toMoney(b.overShortThreshold),
      cashDenominations: b.cashDenominations,
      offlineLimitHours: b.offlineLimitHours,
    },
  };
}

/** GET /sync/catalogue: a page of the branch's products changed since the cursor (any staff of the branch). */
export async function syncCatalogue(db: Db, actor: Actor, query: SyncQuery): Promise<CatalogueSync> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'sell' });
  const [{ rows, hasMore, nextCursor }, place] = await Promise.all([
    page(db, query.cursor, query.limit, (w) => repo.productsPage(db, scope, w)),
    registerBranch(db, scope),
  ]);
  const items = rows.map((r): SyncProduct | SyncTombstone =>
    r.deleted
      ? { id: r.id, deleted: true }
      : {
          id: r.id,
          deleted: false,
          name: r.name,
          sku: r.sku,
          barcodes: r.barcodes,
          price: toMoney(r.price),
          stockQuantity: r.stockQuantity,
          lowStockThreshold: r.lowStockThreshold,
          unit: r.unit,
          taxRate: r.taxRate === null ? null : toMoney(r.taxRate),
          taxIncluded: r.taxIncluded,
          categoryId: r.categoryId,
          categoryName: r.categoryName,
          brandId: r.brandId,
          brandName: r.brandName,
        },
  );
  return { products: items, nextCursor, hasMore, ...place };
}

/** GET /sync/customers: a page of the branch's customers changed since the cursor. */
export async function syncCustomers(db: Db, actor: Actor, query: SyncQuery): Promise<CustomerSync> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_customers' });
  const { rows, hasMore, nextCursor } = await page(db, query.cursor, query.limit, (w) =>
    repo.customersPage(db, scope, w),
  );
  return {
    customers: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      email: r.email,
      creditBalance: toMoney(r.creditBalance),
      accountBalance: toMoney(r.accountBalance),
      creditLimit: toMoney(r.creditLimit),
    })),
    nextCursor,
    hasMore,
  };
}

/**
 * GET /sync/gift-vouchers: a page of the company's gift vouchers changed since the cursor, for a register of
 * the branch (any staff who sells there): a voucher is spent at any branch of its company. Each as its code's
 * digest, balance and last day, never the code. The first sync only the vouchers with something left.
 */
export async function syncVouchers(db: Db, actor: Actor, query: SyncQuery): Promise<VoucherSync> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'sell' });
  const { rows, hasMore, nextCursor } = await page(db, query.cursor, query.limit, (w) =>
    repo.vouchersPage(db, scope, w),
  );
  return {
    vouchers: rows.map((r) => ({ id: r.id, digest: r.digest, balance: toMoney(r.balance), expiresOn: r.expiresOn })),
    nextCursor,
    hasMore,
  };
}
