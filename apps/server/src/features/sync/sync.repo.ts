import { and, asc, eq, gt, gte, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import {
  branches,
  brands,
  categories,
  companies,
  customers,
  fiscalSettings,
  giftVouchers,
  products,
  variants,
} from '../../db/schema';
import { listingPrice } from '../../domain/catalog.repo';
import { serviceFeeSql } from '../../domain/service-fee';

type BranchKey = { companyId: string; branchId: string };

/** Where a page starts: rows written at or after transaction `from`, past (`xid`, `id`) when paging on. */
export type SyncWindow = { from: number; after?: { xid: number; id: string }; liveOnly: boolean; limit: number };

/**
 * The oldest transaction still running now (pg_snapshot_xmin of a new snapshot): every transaction
 * below it has finished, so a later read sees all of their writes. The next sync starts there.
 */
export async function syncWatermark(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ w: string }>(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as w`);
  return Number(row?.w ?? 0);
}

const after = (column: { changeXid: unknown; id: unknown }, w: SyncWindow): SQL | undefined =>
  w.after ? sql`(${column.changeXid}, ${column.id}) > (${w.after.xid}::bigint, ${w.after.id}::uuid)` : undefined;

/**
 * One page of the branch's products in the order of their last write. A first sync (`from` 0) reads
 * them all, walking products_branch_change_idx by change_xid. A later one reads the rows written since
 * `from` by any stamp (change_xid: the catalogue columns; stock_xid: the stock, which a sale changes
 * without touching change_xid or any index; and for a listing that follows the chain price, its variant's
 * price_xid) in the order of the latest: a scan of the branch's products, the price of a sale that is a HOT
 * update (bench/README.md, 'The sale write') and of a chain price change that writes no listing.
 */
export async function productsPage(db: DbOrTx, scope: BranchKey, w: SyncWindow) {
  const key =
    w.from === 0
      ? sql<number>`${products.changeXid}`
      : sql<number>`greatest(${products.changeXid}, ${products.stockXid}, case when ${products.price} is null then ${variants.priceXid} else 0 end)`;
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      barcodes: products.barcodes,
      price: listingPrice('variants'),
      stockQuantity: products.stockQuantity,
      unit: products.unit,
      taxRate: products.taxRate,
      taxIncluded: products.taxIncluded,
      lowStockThreshold: products.lowStockThreshold,
      categoryId: products.categoryId,
      categoryName: categories.name,
      brandId: products.brandId,
      brandName: brands.name,
      deleted: sql<boolean>`${products.deletedAt} is not null`,
      changeXid: sql<number>`${key}`.mapWith(Number),
    })
    .from(products)
    .innerJoin(variants, and(eq(variants.companyId, products.companyId), eq(variants.id, products.variantId)))
    .leftJoin(categories, and(eq(categories.companyId, products.companyId), eq(categories.id, products.categoryId)))
    .leftJoin(brands, and(eq(brands.companyId, products.companyId), eq(brands.id, products.brandId)))
    .where(
      and(
        eq(products.companyId, scope.companyId),
        eq(products.branchId, scope.branchId),
        w.from === 0 ? undefined : gte(key, w.from),
        after({ changeXid: key, id: products.id }, w),
        w.liveOnly ? isNull(products.deletedAt) : undefined,
      ),
    )
    .orderBy(asc(key), asc(products.id))
    .limit(w.limit + 1);
}

/** One page of the branch's customers in the order of their last write (customers_branch_change_idx). */
export async function customersPage(db: DbOrTx, scope: BranchKey, w: SyncWindow) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
      creditBalance: customers.creditBalance,
      accountBalance: customers.accountBalance,
      creditLimit: customers.creditLimit,
      changeXid: customers.changeXid,
    })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, scope.companyId),
        eq(customers.branchId, scope.branchId),
        gte(customers.changeXid, w.from),
        after(customers, w),
      ),
    )
    .orderBy(asc(customers.changeXid), asc(customers.id))
    .limit(w.limit + 1);
}

/**
 * One page of the company's gift vouchers in the order of their last change (gift_vouchers_sync_idx): their
 * issue and every entry stamp change_xid, as does the start's filling in of a digest. Never the code; a voucher
 * without its digest yet is left for the sync after the server filled it in (which stamps it). A first sync
 * (`liveOnly`) takes only vouchers with something left on them; a later one every voucher changed, spent out too.
 */
export async function vouchersPage(db: DbOrTx, { companyId }: { companyId: string }, w: SyncWindow) {
  return db
    .select({
      id: giftVouchers.id,
      digest: sql<string>`${giftVouchers.codeDigest}`,
      balance: giftVouchers.balance,
      expiresOn: giftVouchers.expiresOn,
      changeXid: sql<number>`${giftVouchers.changeXid}`.mapWith(Number),
    })
    .from(giftVouchers)
    .where(
      and(
        eq(giftVouchers.companyId, companyId),
        gte(giftVouchers.changeXid, w.from),
        after(giftVouchers, w),
        isNotNull(giftVouchers.codeDigest),
        w.liveOnly ? gt(giftVouchers.balance, '0') : undefined,
      ),
    )
    .orderBy(asc(giftVouchers.changeXid), asc(giftVouchers.id))
    .limit(w.limit + 1);
}

/** The branch as the register needs it offline: name, tax rate, currency, time zone and register rules. */
export async function branchForRegister(db: DbOrTx, { companyId, branchId }: BranchKey) {
  const [row] = await db
    .select({
      id: branches.id,
      name: branches.name,
      timezone: branches.timezone,
      taxRate: branches.taxRate,
      currency: companies.currency,
      scaleWeightPrefix: companies.scaleWeightPrefix,
      cashierMaxDiscountPercent: branches.cashierMaxDiscountPercent,
      cashierMayChangePrice: branches.cashierMayChangePrice,
      cashierMayRefundWithoutReceipt: branches.cashierMayRefundWithoutReceipt,
      cashierMayZeroTax: branches.cashierMayZeroTax,
      cashierMayReceiveTransfers: branches.cashierMayReceiveTransfers,
      cashierMayCount: branches.cashierMayCount,
      cashierMayTakeReturns: branches.cashierMayTakeReturns,
      overShortThreshold: branches.overShortThreshold,
      cashDenominations: branches.cashDenominations,
      offlineLimitHours: branches.offlineLimitHours,
      fiscal: sql<boolean>`coalesce(${fiscalSettings.provider} <> 'none', false)`,
      serviceFee: sql<string>`${sql.raw(serviceFeeSql('fiscal_settings'))}::text`,
    })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .leftJoin(
      fiscalSettings,
      and(eq(fiscalSettings.companyId, branches.companyId), eq(fiscalSettings.branchId, branches.id)),
    )
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
    .limit(1);
  return row;
}
