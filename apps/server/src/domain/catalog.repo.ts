import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { variants } from '../db/schema';

/**
 * The catalogue's writes that features share (docs/architecture/catalogue.md): what a listing (a products
 * row) copies from its variant and item is written only by pos_catalog_refresh_listings, and a variant is
 * listed in a branch only by listVariant.
 */

/** uuids as one array parameter (a Postgres array literal: ids are validated uuids). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Brings the live listings of the items' variants up to date (name, SKU, category, description, chain price). */
export async function refreshListings(db: DbOrTx, companyId: string, itemIds: readonly string[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select pos_catalog_refresh_listings(${companyId}::uuid, ${uuidArray(itemIds)}) as n`,
  );
  return Number(row?.n ?? 0);
}

export type ListingChange = {
  companyId: string;
  branchId: string;
  variantId: string;
  /** The branch's own price; null: the chain price. */
  price: number | null;
  lowStockThreshold?: number;
  maxStock?: number;
  /** A new listing's cost (else the variant's) and brand (the branch's; brands belong to a branch). */
  cost?: number;
  brandId?: string | null;
};

/**
 * Lists a live variant in a branch, or changes its listing there: a new listing starts at stock 0, at the
 * variant's cost, with the catalogue's name, SKU, barcodes, category and description. Answers the listing's product id
 * and whether it is new; undefined when the variant is not a live variant of the company.
 */
export async function listVariant(
  db: DbOrTx,
  { companyId, branchId, variantId, price, lowStockThreshold, maxStock, cost, brandId }: ListingChange,
): Promise<{ productId: string; created: boolean } | undefined> {
  const priceSql = price === null ? sql`va.price` : sql`${price.toFixed(2)}::numeric`;
  const [updated] = await queryRows<{ id: string }>(
    db,
    sql`update products p
           set price = ${priceSql}, price_overridden = ${priceSql} <> va.price,
               low_stock_threshold = coalesce(${lowStockThreshold ?? null}::int, p.low_stock_threshold),
               max_stock = coalesce(${maxStock ?? null}::int, p.max_stock), updated_at = now()
          from variants va
         where va.company_id = ${companyId} and va.id = ${variantId} and va.deleted_at is null
           and p.company_id = ${companyId} and p.variant_id = va.id and p.branch_id = ${branchId}
           and p.deleted_at is null
        returning p.id`,
  );
  if (updated) return { productId: updated.id, created: false };
  const [inserted] = await queryRows<{ id: string }>(
    db,
    sql`insert into products (company_id, branch_id, variant_id, name, sku, barcodes, category_id, description,
                              brand_id, cost, price, price_overridden, low_stock_threshold, max_stock)
        select va.company_id, ${branchId}, va.id, va.name, va.sku,
               array(select b.code from barcodes b where b.company_id = va.company_id and b.variant_id = va.id
                     order by b.code),
               it.category_id, it.description, ${brandId ?? null}::uuid,
               coalesce(${cost === undefined ? null : cost.toFixed(2)}::numeric, va.cost), ${priceSql},
               ${priceSql} <> va.price,
               coalesce(${lowStockThreshold ?? null}::int, 10), coalesce(${maxStock ?? null}::int, 1000)
          from variants va join items it on it.company_id = va.company_id and it.id = va.item_id
         where va.company_id = ${companyId} and va.id = ${variantId} and va.deleted_at is null
        returning id`,
  );
  return inserted ? { productId: inserted.id, created: true } : undefined;
}

/** SKUs name one live variant in the company, case-insensitively (variants_company_sku_uq backs this). */
export async function isCatalogSkuTaken(
  db: DbOrTx,
  { companyId, sku, exceptVariantId }: { companyId: string; sku: string; exceptVariantId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: variants.id })
    .from(variants)
    .where(
      and(
        eq(variants.companyId, companyId),
        isNull(variants.deletedAt),
        isNotNull(variants.sku),
        eq(sql`lower(${variants.sku})`, sku.toLowerCase()),
        exceptVariantId ? ne(variants.id, exceptVariantId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
