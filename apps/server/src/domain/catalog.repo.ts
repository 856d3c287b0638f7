import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

/**
 * The catalogue's writes that features share (docs/architecture/catalogue.md): what a listing (a products
 * row) copies from its variant and item is written only by pos_catalog_refresh_listings, and a variant is
 * listed in a branch only by listVariant and insertListings.
 */

/**
 * A listing's price, as SQL: the branch's own (products.price, an override) or else its variant's chain
 * price, which listings do not copy (a chain price change writes the variants alone). `listing` names the
 * products row in the statement; `variant`, when the statement joins the listing's variant already.
 */
export function listingPriceSql(listing: string, variant?: string): string {
  return variant
    ? `coalesce(${listing}.price, ${variant}.price)`
    : `coalesce(${listing}.price, (select lv.price from variants lv where lv.company_id = ${listing}.company_id and lv.id = ${listing}.variant_id))`;
}

/**
 * listingPriceSql for a Drizzle select from products (not aliased): the price as numeric text; `variant`: the
 * listing's variant is joined under that name already.
 */
export const listingPrice = (variant?: string) => sql<string>`${sql.raw(listingPriceSql('products', variant))}`;

/** uuids as one array parameter (a Postgres array literal: ids are validated uuids). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Brings the live listings of the items' variants up to date (name, SKU, barcodes, category, description, unit, tax class). */
export async function refreshListings(db: DbOrTx, companyId: string, itemIds: readonly string[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select pos_catalog_refresh_listings(${companyId}::uuid, ${uuidArray(itemIds)}) as n`,
  );
  return Number(row?.n ?? 0);
}

/** What a listing of variant `va` stores as its price: the branch's own, none when that is the chain price. */
const ownPriceSql = (price: number | null) =>
  price === null ? sql`null::numeric` : sql`nullif(${price.toFixed(2)}::numeric, va.price)`;

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
  const [updated] = await queryRows<{ id: string }>(
    db,
    sql`update products p
           set price = ${ownPriceSql(price)},
               low_stock_threshold = coalesce(${lowStockThreshold ?? null}::int, p.low_stock_threshold),
               max_stock = coalesce(${maxStock ?? null}::int, p.max_stock), updated_at = now()
          from variants va
         where va.company_id = ${companyId} and va.id = ${variantId} and va.deleted_at is null
           and p.company_id = ${companyId} and p.variant_id = va.id and p.branch_id = ${branchId}
           and p.deleted_at is null
        returning p.id`,
  );
  if (updated) return { productId: updated.id, created: false };
  const [inserted] = await insertListings(db, {
    companyId,
    branchIds: [branchId],
    variantIds: [variantId],
    price,
    lowStockThreshold,
    maxStock,
    cost,
    brandId,
  });
  return inserted ? { productId: inserted.id, created: true } : undefined;
}

/**
 * New listings: each live variant in each branch, at stock 0, with the catalogue's name, SKU, barcodes,
 * category, description, unit and tax class; the variant's cost unless one is given; price null: the chain price. The
 * branches must not list them yet (products_variant_branch_uq). One statement whatever the number. Answers
 * the new product ids.
 */
export async function insertListings(
  db: DbOrTx,
  {
    companyId,
    branchIds,
    variantIds,
    price,
    lowStockThreshold,
    maxStock,
    cost,
    brandId,
  }: Omit<ListingChange, 'branchId' | 'variantId'> & { branchIds: readonly string[]; variantIds: readonly string[] },
): Promise<{ id: string }[]> {
  if (branchIds.length === 0 || variantIds.length === 0) return [];
  return queryRows<{ id: string }>(
    db,
    sql`insert into products (company_id, branch_id, variant_id, name, sku, barcodes, category_id, description,
                              unit, tax_class_id, tax_rate, tax_included, brand_id, cost, price,
                              low_stock_threshold, max_stock)
        select va.company_id, b.id, va.id, va.name, va.sku,
               array(select c.code from barcodes c where c.company_id = va.company_id and c.variant_id = va.id
                     order by c.code),
               it.category_id, it.description, it.unit, it.tax_class_id, tc.rate,
               coalesce(tc.tax_included, false), ${brandId ?? null}::uuid,
               coalesce(${cost === undefined ? null : cost.toFixed(2)}::numeric, va.cost), ${ownPriceSql(price)},
               coalesce(${lowStockThreshold ?? null}::int, 10), coalesce(${maxStock ?? null}::int, 1000)
          from variants va join items it on it.company_id = va.company_id and it.id = va.item_id
          left join tax_classes tc on tc.company_id = it.company_id and tc.id = it.tax_class_id
          cross join unnest(${uuidArray(branchIds)}) as b(id)
         where va.company_id = ${companyId} and va.id = any (${uuidArray(variantIds)}) and va.deleted_at is null
        returning id`,
  );
}

/**
 * The first of the SKUs that already names a live variant of the company (case-insensitively;
 * variants_company_sku_uq backs this), leaving out one variant's own.
 */
export async function firstTakenSku(
  db: DbOrTx,
  { companyId, skus, exceptVariantId }: { companyId: string; skus: readonly string[]; exceptVariantId?: string },
): Promise<string | undefined> {
  if (skus.length === 0) return undefined;
  const [row] = await queryRows<{ sku: string }>(
    db,
    sql`select sku from variants
         where company_id = ${companyId} and deleted_at is null and sku is not null
           and lower(sku) = any (${`{${skus.map((s) => s.toLowerCase()).join(',')}}`}::text[])
           ${exceptVariantId ? sql`and id <> ${exceptVariantId}` : sql``}
         limit 1`,
  );
  return row?.sku;
}
