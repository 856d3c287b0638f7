import type { SyncProduct, SyncTombstone } from '@pos/shared';
import { isApiError } from '../../../lib/api';
import { fetchCatalogueSync, fetchCustomerSync } from '../../../lib/api/sync.api';
import { cartStore } from '../store/cart-store';
import { getMeta, type LocalCustomer, type LocalProduct, registerDb } from './db';
import { toLocalProduct } from './local-catalogue';

/** Products per page of the sync (the server's maximum is 5,000). */
export const SYNC_PAGE = 5000;

export type BranchSettings = {
  taxRate: number;
  currency: string;
  timezone: string;
  /** The company's scale-label prefix ('21'), null when its scales print none (absent: synced before labels). */
  scaleWeightPrefix?: string | null;
  /** The branch reports its sales to FBR: receipts print its invoice number or 'FBR number pending'. */
  fiscal?: boolean;
  /** FBR's POS service fee each sale of the branch charges (absent: synced before the fee, none). */
  serviceFee?: number;
  syncedAt: string;
};
export const settingsKey = (branchId: string) => `settings:${branchId}`;
export const branchSettings = (branchId: string) => getMeta<BranchSettings>(settingsKey(branchId));
const catalogueCursorKey = (branchId: string) => `catalogueCursor:${branchId}`;
const customerCursorKey = (branchId: string) => `customerCursor:${branchId}`;

/** A synced product as the register keeps it (the cashier's view; no cost is ever sent). */
function fromSync(p: SyncProduct, branchId: string): LocalProduct {
  return toLocalProduct({
    id: p.id,
    name: p.name,
    sku: p.sku,
    categoryId: p.categoryId,
    brandId: p.brandId,
    category: p.categoryId ? { id: p.categoryId, name: p.categoryName ?? '' } : null,
    brand: p.brandId ? { id: p.brandId, name: p.brandName ?? '' } : null,
    price: p.price,
    stockQuantity: p.stockQuantity,
    lowStockThreshold: p.lowStockThreshold,
    maxStock: 0,
    description: null,
    branchId,
    unit: p.unit,
    taxRate: p.taxRate,
    taxIncluded: p.taxIncluded,
    barcodes: p.barcodes ?? [],
  });
}

const isInvalidCursor = (error: unknown) => isApiError(error) && error.status === 400;

/** The first page of a sync from the stored cursor; a cursor the server refuses starts a full sync. */
async function firstCataloguePage(branchId: string, cursor: string | undefined, signal?: AbortSignal) {
  try {
    return await fetchCatalogueSync({ branchId, cursor, limit: SYNC_PAGE }, signal);
  } catch (error) {
    if (cursor && isInvalidCursor(error)) return fetchCatalogueSync({ branchId, limit: SYNC_PAGE }, signal);
    throw error;
  }
}

/**
 * The branch's catalogue into IndexedDB through the cursor API: without a stored cursor the whole
 * branch in pages of 5,000, then only what changed since (edits, stock, deletions as tombstones). Each
 * page is written in one transaction with the cursor it leads to, so an interrupted sync resumes where
 * it stopped. The next page is requested before the page in hand is written: the server answers it
 * while IndexedDB writes (the writing is most of a first sync's time). A cursor the server refuses
 * starts a full sync. Then the branch's tax rate, currency and scale-label prefix, then the customers
 * the same way (the company's gift vouchers follow: syncVouchers, offline/voucher-sync.ts). Resolves with the
 * number of products written.
 */
export async function syncCatalogue(branchId: string, signal?: AbortSignal): Promise<number> {
  const db = registerDb();
  let request = firstCataloguePage(branchId, await getMeta<string>(catalogueCursorKey(branchId)), signal);
  let written = 0;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await request;
    const next = page.hasMore
      ? fetchCatalogueSync({ branchId, cursor: page.nextCursor, limit: SYNC_PAGE }, signal)
      : undefined;
    // Awaited once this page is written; a failure then is not an unhandled rejection meanwhile.
    next?.catch(() => {});
    const upserts = page.products.filter((p): p is SyncProduct => !p.deleted).map((p) => fromSync(p, branchId));
    const tombstones = page.products.filter((p): p is SyncTombstone => p.deleted).map((p) => p.id);
    await db.transaction('rw', [db.products, db.meta], async () => {
      if (upserts.length) await db.products.bulkPut(upserts);
      if (tombstones.length) await db.products.bulkDelete(tombstones);
      await db.meta.put({ key: catalogueCursorKey(branchId), value: page.nextCursor });
      await db.meta.put({
        key: settingsKey(branchId),
        value: {
          taxRate: page.branch.taxRate,
          currency: page.branch.currency,
          timezone: page.branch.timezone,
          scaleWeightPrefix: page.branch.scaleWeightPrefix ?? null,
          fiscal: page.branch.fiscal,
          serviceFee: page.branch.serviceFee,
          syncedAt: new Date().toISOString(),
        } satisfies BranchSettings,
      });
    });
    // The carts charge the fee as the branch says it now (a sale with another fee online is refused).
    cartStore.getState().applyBranchServiceFee(branchId, page.branch.serviceFee);
    written += upserts.length;
    if (!next) break;
    request = next;
  }
  await syncCustomers(branchId, signal).catch((error) => {
    // A user who may not read customers: the phone lookup then knows the customers of this register's sales.
    if (!isApiError(error) || error.status !== 403) throw error;
  });
  return written;
}

async function syncCustomers(branchId: string, signal?: AbortSignal): Promise<void> {
  const db = registerDb();
  let cursor = await getMeta<string>(customerCursorKey(branchId));
  for (let guard = 0; guard < 10_000; guard++) {
    let page: Awaited<ReturnType<typeof fetchCustomerSync>>;
    try {
      page = await fetchCustomerSync({ branchId, cursor, limit: SYNC_PAGE }, signal);
    } catch (error) {
      if (cursor && isInvalidCursor(error)) {
        cursor = undefined;
        continue;
      }
      throw error;
    }
    const rows: LocalCustomer[] = page.customers.map((c) => ({ ...c, branchId }));
    await db.transaction('rw', [db.customers, db.meta], async () => {
      if (rows.length) await db.customers.bulkPut(rows);
      await db.meta.put({ key: customerCursorKey(branchId), value: page.nextCursor });
    });
    cursor = page.nextCursor;
    if (!page.hasMore) break;
  }
}

/** A product's new stock (a live event): the local copy follows. */
export async function setLocalStock(productId: string, stockQuantity: number): Promise<void> {
  await registerDb().products.update(productId, { stockQuantity });
}
