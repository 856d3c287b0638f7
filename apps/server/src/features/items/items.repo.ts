import type { Barcode, BarcodeKind, ItemSummary, Listing, TaxClassKind, Unit, Variant } from '@pos/shared';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { barcodes, branches, categories, items, products, taxClasses, variants } from '../../db/schema';
import { listingPrice } from '../../domain/catalog.repo';
import { toMoney } from '../../lib/money';
import { containsPattern } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type CompanyKey = { companyId: string };

const summaryColumns = {
  id: items.id,
  companyId: items.companyId,
  name: items.name,
  description: items.description,
  categoryId: items.categoryId,
  categoryName: categories.name,
  optionNames: items.optionNames,
  unit: items.unit,
  taxClassId: items.taxClassId,
  taxClassName: taxClasses.name,
  taxClassKind: taxClasses.kind,
  taxClassRate: taxClasses.rate,
  variantCount: sql<number>`(select count(*)::int from ${variants} v
    where v.company_id = ${items.companyId} and v.item_id = ${items.id} and v.deleted_at is null)`,
};

type SummaryRow = {
  id: string;
  companyId: string;
  name: string;
  description: string | null;
  categoryId: string | null;
  categoryName: string | null;
  optionNames: string[];
  unit: Unit;
  taxClassId: string | null;
  taxClassName: string | null;
  taxClassKind: TaxClassKind | null;
  taxClassRate: string | null;
  variantCount: number;
};

const toSummary = ({
  categoryId,
  categoryName,
  taxClassId,
  taxClassName,
  taxClassKind,
  taxClassRate,
  ...r
}: SummaryRow): ItemSummary => ({
  ...r,
  variantCount: Number(r.variantCount),
  category: categoryId && categoryName !== null ? { id: categoryId, name: categoryName } : null,
  taxClass:
    taxClassId && taxClassName !== null && taxClassKind !== null && taxClassRate !== null
      ? { id: taxClassId, name: taxClassName, kind: taxClassKind, rate: toMoney(taxClassRate) }
      : null,
});

function selectItems(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(items)
    .leftJoin(categories, and(eq(categories.companyId, items.companyId), eq(categories.id, items.categoryId)))
    .leftJoin(taxClasses, and(eq(taxClasses.companyId, items.companyId), eq(taxClasses.id, items.taxClassId)));
}

/** A page of the company's live items by name; search matches the item's name or any of its variants' SKUs. */
export async function listItems(
  db: DbOrTx,
  { companyId, search, limit, offset }: CompanyKey & { search?: string; limit: number; offset: number },
): Promise<{ items: ItemSummary[]; total: number }> {
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    eq(items.companyId, companyId),
    isNull(items.deletedAt),
    pattern
      ? sql`(${items.name} ilike ${pattern} or exists (select 1 from ${variants} v where v.company_id = ${items.companyId}
              and v.item_id = ${items.id} and v.deleted_at is null and v.sku ilike ${pattern}))`
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectItems(db).where(where).orderBy(asc(items.name), asc(items.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(items).where(where),
  ]);
  return { items: rows.map(toSummary), total: counted?.n ?? 0 };
}

/** A live item within the given companies. */
export async function findItem(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: CompanyScope },
): Promise<ItemSummary | undefined> {
  const [row] = await selectItems(db)
    .where(and(eq(items.id, id), isNull(items.deletedAt), tenantFilter(items.companyId, companyIds)))
    .limit(1);
  return row ? toSummary(row) : undefined;
}

/** The item's live variants in their order, with their barcodes and live listings (branch, price, override, stock). */
export async function itemVariants(
  db: DbOrTx,
  { companyId, itemId }: CompanyKey & { itemId: string },
): Promise<Variant[]> {
  const rows = await db
    .select({
      id: variants.id,
      itemId: variants.itemId,
      name: variants.name,
      sku: variants.sku,
      optionValues: variants.optionValues,
      price: variants.price,
      cost: variants.cost,
      productId: products.id,
      branchId: branches.id,
      branchName: branches.name,
      listingPrice: listingPrice('variants'),
      priceOverridden: products.priceOverridden,
      stockQuantity: products.stockQuantity,
    })
    .from(variants)
    .leftJoin(
      products,
      and(eq(products.companyId, variants.companyId), eq(products.variantId, variants.id), isNull(products.deletedAt)),
    )
    .leftJoin(branches, and(eq(branches.companyId, products.companyId), eq(branches.id, products.branchId)))
    .where(and(eq(variants.companyId, companyId), eq(variants.itemId, itemId), isNull(variants.deletedAt)))
    .orderBy(asc(variants.position), asc(variants.id), asc(branches.name));
  const codes = await db
    .select({ id: barcodes.id, variantId: barcodes.variantId, code: barcodes.code, kind: barcodes.kind })
    .from(barcodes)
    .innerJoin(variants, and(eq(variants.companyId, barcodes.companyId), eq(variants.id, barcodes.variantId)))
    .where(and(eq(barcodes.companyId, companyId), eq(variants.itemId, itemId)))
    .orderBy(asc(barcodes.createdAt), asc(barcodes.code));
  const codesOf = new Map<string, Barcode[]>();
  for (const { variantId, ...code } of codes) codesOf.set(variantId, [...(codesOf.get(variantId) ?? []), code]);
  const byId = new Map<string, Variant>();
  for (const r of rows) {
    let variant = byId.get(r.id);
    if (!variant) {
      variant = {
        id: r.id,
        itemId: r.itemId,
        name: r.name,
        sku: r.sku,
        optionValues: r.optionValues,
        price: toMoney(r.price),
        cost: toMoney(r.cost),
        barcodes: codesOf.get(r.id) ?? [],
        listings: [],
      };
      byId.set(r.id, variant);
    }
    if (r.productId && r.branchId && r.branchName !== null && r.listingPrice !== null) {
      const listing: Listing = {
        productId: r.productId,
        branch: { id: r.branchId, name: r.branchName },
        price: toMoney(r.listingPrice),
        priceOverridden: r.priceOverridden ?? false,
        stockQuantity: r.stockQuantity ?? 0,
      };
      variant.listings.push(listing);
    }
  }
  return [...byId.values()];
}

export type VariantRow = {
  companyId: string;
  id: string;
  itemId: string;
  sku: string | null;
  price: number;
  cost: number;
};

/** A live variant within the given companies. */
export async function findVariant(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: CompanyScope },
): Promise<VariantRow | undefined> {
  const [row] = await db
    .select({
      companyId: variants.companyId,
      id: variants.id,
      itemId: variants.itemId,
      sku: variants.sku,
      price: variants.price,
      cost: variants.cost,
    })
    .from(variants)
    .where(and(eq(variants.id, id), isNull(variants.deletedAt), tenantFilter(variants.companyId, companyIds)))
    .limit(1);
  return row ? { ...row, price: toMoney(row.price), cost: toMoney(row.cost) } : undefined;
}

export type NewItem = CompanyKey & {
  name: string;
  description: string | null;
  categoryId: string | null;
  unit: Unit;
  taxClassId: string | null;
  optionNames: string[];
};

export async function insertItem(db: DbOrTx, item: NewItem): Promise<string> {
  const [row] = await db.insert(items).values(item).returning({ id: items.id });
  if (!row) throw new Error('item insert returned nothing');
  return row.id;
}

export type NewVariant = { name: string; sku: string | null; optionValues: string[]; price: number; cost: number };

export async function insertVariants(
  db: DbOrTx,
  { companyId, itemId, rows }: CompanyKey & { itemId: string; rows: NewVariant[] },
): Promise<string[]> {
  const inserted = await db
    .insert(variants)
    .values(
      rows.map((v, position) => ({
        ...v,
        companyId,
        itemId,
        position,
        price: v.price.toFixed(2),
        cost: v.cost.toFixed(2),
      })),
    )
    .returning({ id: variants.id });
  return inserted.map((r) => r.id);
}

export async function updateItem(
  db: DbOrTx,
  {
    companyId,
    id,
    patch,
  }: CompanyKey & {
    id: string;
    patch: Partial<Pick<NewItem, 'name' | 'description' | 'categoryId' | 'unit' | 'taxClassId'>>;
  },
) {
  await db
    .update(items)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(items.companyId, companyId), eq(items.id, id)));
}

/** Whether a live listing of the item holds a stock that is not a whole number. */
export async function holdsFractions(db: DbOrTx, { companyId, itemId }: CompanyKey & { itemId: string }) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(variants, and(eq(variants.companyId, products.companyId), eq(variants.id, products.variantId)))
    .where(
      and(
        eq(products.companyId, companyId),
        eq(variants.itemId, itemId),
        isNull(products.deletedAt),
        sql`${products.stockQuantity} <> trunc(${products.stockQuantity})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The item's live variants' ids and option values (to rename them after the item). */
export function variantOptions(db: DbOrTx, { companyId, itemId }: CompanyKey & { itemId: string }) {
  return db
    .select({ id: variants.id, optionValues: variants.optionValues })
    .from(variants)
    .where(and(eq(variants.companyId, companyId), eq(variants.itemId, itemId), isNull(variants.deletedAt)));
}

export async function updateVariant(
  db: DbOrTx,
  {
    companyId,
    id,
    patch,
  }: CompanyKey & { id: string; patch: Partial<{ name: string; sku: string | null; price: number; cost: number }> },
) {
  const { price, cost, ...rest } = patch;
  await db
    .update(variants)
    .set({
      ...rest,
      ...(price !== undefined && { price: price.toFixed(2) }),
      ...(cost !== undefined && { cost: cost.toFixed(2) }),
      updatedAt: new Date(),
    })
    .where(and(eq(variants.companyId, companyId), eq(variants.id, id)));
}

/**
 * New chain prices for many variants in one statement; answers each changed variant's item and its price
 * before (unknown or deleted variants are left out).
 */
export async function setChainPrices(
  db: DbOrTx,
  { companyId, changes }: CompanyKey & { changes: ReadonlyArray<{ variantId: string; price: number }> },
): Promise<{ id: string; itemId: string; before: string; after: string }[]> {
  return queryRows(
    db,
    sql`with changes as (
          select * from unnest(${`{${changes.map((c) => c.variantId).join(',')}}`}::uuid[],
                               ${`{${changes.map((c) => c.price.toFixed(2)).join(',')}}`}::numeric[]) as c(id, price)
        ), old as (
          select va.id, va.price from variants va join changes c on c.id = va.id
           where va.company_id = ${companyId} and va.deleted_at is null for update of va
        )
        update variants va set price = c.price, updated_at = now()
          from changes c join old on old.id = c.id
         where va.company_id = ${companyId} and va.id = c.id
        returning va.id, va.item_id as "itemId", old.price::text as before, va.price::text as after`,
  );
}

/** How many live listings of these variants follow their chain price (store no price of their own). */
export async function countChainListings(
  db: DbOrTx,
  { companyId, variantIds }: CompanyKey & { variantIds: readonly string[] },
): Promise<number> {
  if (variantIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        inArray(products.variantId, [...variantIds]),
        isNull(products.deletedAt),
        isNull(products.price),
      ),
    );
  return row?.n ?? 0;
}

/** Whether a code is already a barcode, or an SKU (case-insensitively) of another variant, in the company. */
export async function isCodeTaken(
  db: DbOrTx,
  { companyId, code, variantId }: CompanyKey & { code: string; variantId: string },
): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`select exists (select 1 from barcodes where company_id = ${companyId} and code = ${code})
            or exists (select 1 from variants where company_id = ${companyId} and deleted_at is null
                         and sku is not null and lower(sku) = lower(${code}) and id <> ${variantId}) as taken`,
  );
  return row?.taken === true;
}

export async function insertBarcode(
  db: DbOrTx,
  values: CompanyKey & { variantId: string; code: string; kind: BarcodeKind },
): Promise<Barcode> {
  const [row] = await db
    .insert(barcodes)
    .values(values)
    .returning({ id: barcodes.id, code: barcodes.code, kind: barcodes.kind });
  if (!row) throw new Error('barcode insert returned nothing');
  return row;
}

export type BarcodeRow = Barcode & { companyId: string; variantId: string; itemId: string };

/** A barcode within the given companies, with its variant's item. */
export async function findBarcode(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: CompanyScope },
): Promise<BarcodeRow | undefined> {
  const [row] = await db
    .select({
      companyId: barcodes.companyId,
      id: barcodes.id,
      variantId: barcodes.variantId,
      itemId: variants.itemId,
      code: barcodes.code,
      kind: barcodes.kind,
    })
    .from(barcodes)
    .innerJoin(variants, and(eq(variants.companyId, barcodes.companyId), eq(variants.id, barcodes.variantId)))
    .where(and(eq(barcodes.id, id), tenantFilter(barcodes.companyId, companyIds)))
    .limit(1);
  return row;
}

export async function deleteBarcode(db: DbOrTx, { companyId, id }: CompanyKey & { id: string }): Promise<boolean> {
  const rows = await db
    .delete(barcodes)
    .where(and(eq(barcodes.companyId, companyId), eq(barcodes.id, id)))
    .returning({ id: barcodes.id });
  return rows.length > 0;
}

/** Whether the id names a live tax class of the company (an archived one takes no items). */
export async function isCompanyTaxClass(db: DbOrTx, { companyId, id }: CompanyKey & { id: string }) {
  const [row] = await db
    .select({ id: taxClasses.id })
    .from(taxClasses)
    .where(and(eq(taxClasses.companyId, companyId), eq(taxClasses.id, id), isNull(taxClasses.archivedAt)))
    .limit(1);
  return row !== undefined;
}
