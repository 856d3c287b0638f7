import type { BarcodeKind, Unit } from '@pos/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import {
  barcodes,
  brands,
  categories,
  categoryBranches,
  customers,
  importMappings,
  items,
  products,
  taxClasses,
  variants,
} from '../../db/schema';

type BranchKey = { companyId: string; branchId: string };

/**
 * For an apply's transaction: joins of a batch (1,000 rows from jsonb_to_recordset) with products are
 * hashed, never nested loops. A catalogue that grew by this very import (or was imported moments ago)
 * has no statistics yet, and the planner then drove nested loops that re-read the recordset per product
 * (minutes for 50,000 products; bench/import.mjs). Hashing a batch against the branch's products is a
 * few milliseconds. Applies to this transaction only.
 */
export async function planForBatches(tx: DbOrTx) {
  await tx.execute(sql`set local enable_nestloop = off`);
}

/** The company's categories by lower-cased name: the branch's own first (attached), else the oldest. */
export async function categoriesByName(db: DbOrTx, { companyId, branchId }: BranchKey) {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      attached: sql<boolean>`exists (select 1 from ${categoryBranches} cb where cb.company_id = ${categories.companyId}
        and cb.category_id = ${categories.id} and cb.branch_id = ${branchId})`,
    })
    .from(categories)
    .where(eq(categories.companyId, companyId))
    .orderBy(categories.createdAt, categories.id);
  const byName = new Map<string, { id: string; attached: boolean }>();
  for (const r of rows) {
    const key = r.name.trim().toLowerCase();
    const known = byName.get(key);
    if (!known || (!known.attached && r.attached)) byName.set(key, { id: r.id, attached: r.attached });
  }
  return byName;
}

/** The branch's brands by lower-cased name (unique per branch). */
export async function brandsByName(db: DbOrTx, { companyId, branchId }: BranchKey) {
  const rows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(eq(brands.companyId, companyId), eq(brands.branchId, branchId)));
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

export async function insertCategory(tx: DbOrTx, { companyId, branchId, name }: BranchKey & { name: string }) {
  const [row] = await tx.insert(categories).values({ companyId, name }).returning({ id: categories.id });
  if (!row) throw new Error('category insert');
  await attachCategory(tx, { companyId, branchId, categoryId: row.id });
  return row.id;
}

export async function attachCategory(tx: DbOrTx, key: BranchKey & { categoryId: string }) {
  await tx.insert(categoryBranches).values(key).onConflictDoNothing();
}

export async function insertBrand(tx: DbOrTx, { companyId, branchId, name }: BranchKey & { name: string }) {
  const [row] = await tx.insert(brands).values({ companyId, branchId, name }).returning({ id: brands.id });
  if (!row) throw new Error('brand insert');
  return row.id;
}

/** The company's tax classes by lower-cased name. */
export async function taxClassesByName(db: DbOrTx, { companyId }: { companyId: string }) {
  const rows = await db
    .select({ id: taxClasses.id, name: taxClasses.name })
    .from(taxClasses)
    .where(and(eq(taxClasses.companyId, companyId), isNull(taxClasses.archivedAt)));
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

/**
 * The variants each of these codes already names in the company, by code: the variant it is a barcode of,
 * and a live variant whose SKU it is (case-insensitively; a scan finds one variant, so a code is never
 * another variant's barcode or SKU).
 */
export async function barcodeOwners(db: DbOrTx, { companyId }: { companyId: string }, codes: string[]) {
  const owners = new Map<string, string[]>();
  if (codes.length === 0) return owners;
  const add = (code: string, variantId: string) => owners.set(code, [...(owners.get(code) ?? []), variantId]);
  const coded = await db
    .select({ code: barcodes.code, variantId: barcodes.variantId })
    .from(barcodes)
    .where(and(eq(barcodes.companyId, companyId), inArray(barcodes.code, codes)));
  for (const r of coded) add(r.code, r.variantId);
  const bySku = await variantsBySku(
    db,
    { companyId },
    codes.map((c) => c.toLowerCase()),
  );
  for (const code of codes) {
    const variant = bySku.get(code.toLowerCase());
    if (variant) add(code, variant.variantId);
  }
  return owners;
}

/**
 * The company's live variants with these SKUs (lower-cased), by lower-cased SKU: the variant, its item, the
 * item's unit and option names (a line of a product with variants joins the item its other lines are in).
 */
export async function variantsBySku(db: DbOrTx, { companyId }: { companyId: string }, skus: string[]) {
  if (skus.length === 0) return new Map<string, CatalogVariant>();
  const rows = await db
    .select({
      sku: sql<string>`lower(${variants.sku})`,
      variantId: variants.id,
      itemId: variants.itemId,
      unit: items.unit,
      optionNames: items.optionNames,
    })
    .from(variants)
    .innerJoin(items, and(eq(items.companyId, variants.companyId), eq(items.id, variants.itemId)))
    .where(
      and(
        eq(variants.companyId, companyId),
        isNull(variants.deletedAt),
        isNotNull(variants.sku),
        inArray(sql`lower(${variants.sku})`, skus),
      ),
    );
  return new Map(rows.map(({ sku, ...r }) => [sku, r]));
}
export type CatalogVariant = { variantId: string; itemId: string; unit: Unit; optionNames: string[] };

/**
 * The company's live items of these names (lower-cased), by lower-cased name: the item a product's new
 * lines join when none of its lines is a variant yet (a file of a product's added or corrected lines).
 */
export async function itemsNamed(db: DbOrTx, { companyId }: { companyId: string }, names: string[]) {
  const byName = new Map<string, { id: string; unit: Unit; optionNames: string[] }[]>();
  if (names.length === 0) return byName;
  const rows = await db
    .select({ name: sql<string>`lower(${items.name})`, id: items.id, unit: items.unit, optionNames: items.optionNames })
    .from(items)
    .where(and(eq(items.companyId, companyId), isNull(items.deletedAt), inArray(sql`lower(${items.name})`, names)));
  for (const { name, ...item } of rows) byName.set(name, [...(byName.get(name) ?? []), item]);
  return byName;
}

/** The option values and SKU of each live variant of these items, by item. */
export async function variantOptionsOf(db: DbOrTx, { companyId }: { companyId: string }, itemIds: string[]) {
  const byItem = new Map<string, { optionValues: string[]; sku: string | null }[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ itemId: variants.itemId, optionValues: variants.optionValues, sku: variants.sku })
    .from(variants)
    .where(and(eq(variants.companyId, companyId), isNull(variants.deletedAt), inArray(variants.itemId, itemIds)));
  for (const { itemId, ...variant } of rows) byItem.set(itemId, [...(byItem.get(itemId) ?? []), variant]);
  return byItem;
}

/** A new item of the import: a product of another system's export with variants. */
export type ItemWrite = {
  id: string;
  name: string;
  description: string | null;
  category_id: string | null;
  unit: Unit;
  option_names: string[];
};

/** Inserts new items (one statement). */
export async function insertItems(tx: DbOrTx, { companyId }: { companyId: string }, rows: ItemWrite[]) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into items (company_id, id, name, description, category_id, unit, option_names)
        select ${companyId}::uuid, x.id, x.name, x.description, x.category_id, x.unit, x.option_names
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
          id uuid, name text, description text, category_id uuid, unit text, option_names text[])`,
  );
}

/** A new variant of an item (money as text); `ord` orders an item's new variants. */
export type VariantWrite = {
  id: string;
  item_id: string;
  name: string;
  sku: string | null;
  option_values: string[];
  price: string;
  cost: string;
  ord: number;
};

/** Inserts new variants (one statement), each item's after the variants it has, in `ord` order. */
export async function insertVariants(tx: DbOrTx, { companyId }: { companyId: string }, rows: VariantWrite[]) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into variants (company_id, id, item_id, name, sku, option_values, position, cost, price)
        select ${companyId}::uuid, x.id, x.item_id, x.name, x.sku, x.option_values,
               coalesce((select max(v.position) + 1 from variants v
                          where v.company_id = ${companyId}::uuid and v.item_id = x.item_id), 0)
                 + (row_number() over (partition by x.item_id order by x.ord))::int - 1,
               x.cost, x.price
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
          id uuid, item_id uuid, name text, sku text, option_values text[], price numeric, cost numeric, ord int)`,
  );
}

/** The variant and item of each of these products of the company, by product id. */
export async function variantsOfProducts(db: DbOrTx, { companyId }: { companyId: string }, ids: string[]) {
  if (ids.length === 0) return new Map<string, { variantId: string; itemId: string }>();
  const rows = await db
    .select({ id: products.id, variantId: products.variantId, itemId: variants.itemId })
    .from(products)
    .innerJoin(variants, and(eq(variants.companyId, products.companyId), eq(variants.id, products.variantId)))
    .where(and(eq(products.companyId, companyId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, { variantId: r.variantId, itemId: r.itemId }]));
}

/**
 * A row's catalogue columns on its item and variant: the tax class (when the row names one) and barcodes
 * added to its variant (its own already there are kept). The caller refreshes the items' listings.
 */
export async function writeItemColumns(
  tx: DbOrTx,
  { companyId }: { companyId: string },
  rows: { itemId: string; variantId: string; taxClassId?: string; barcodes: { code: string; kind: BarcodeKind }[] }[],
) {
  // One update per class named (a file names a few), not one per row.
  const itemsByClass = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.taxClassId) continue;
    const itemIds = itemsByClass.get(row.taxClassId);
    if (itemIds) itemIds.push(row.itemId);
    else itemsByClass.set(row.taxClassId, [row.itemId]);
  }
  for (const [taxClassId, itemIds] of itemsByClass) {
    await tx
      .update(items)
      .set({ taxClassId, updatedAt: new Date() })
      .where(and(eq(items.companyId, companyId), inArray(items.id, itemIds)));
  }
  const codes = rows.flatMap((r) =>
    r.barcodes.map((b) => ({ companyId, variantId: r.variantId, code: b.code, kind: b.kind })),
  );
  if (codes.length > 0) await tx.insert(barcodes).values(codes).onConflictDoNothing();
}

/** The branch's live products with these SKUs (lower-cased), by lower-cased SKU. */
export async function productsBySku(db: DbOrTx, { companyId, branchId }: BranchKey, skus: string[]) {
  if (skus.length === 0) return new Map<string, { id: string; name: string; unit: Unit; variantId: string }>();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      unit: products.unit,
      variantId: products.variantId,
      sku: sql<string>`lower(${products.sku})`,
    })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        isNull(products.deletedAt),
        isNotNull(products.sku),
        inArray(sql`lower(${products.sku})`, skus),
      ),
    );
  return new Map(rows.map((r) => [r.sku, { id: r.id, name: r.name, unit: r.unit, variantId: r.variantId }]));
}

/** A product row of the import as the database takes it (money as text, empty optional cells null). */
export type ProductWrite = {
  id?: string;
  name: string;
  sku: string | null;
  category_id: string | null;
  brand_id: string | null;
  price: string;
  cost: string | null;
  stock: number | null;
  low_stock_threshold: number | null;
  max_stock: number | null;
  description: string | null;
  /** A new product's unit (its item's); an existing product keeps its own. */
  unit: Unit | null;
  /**
   * A new product's variant, made by the import (a line of a product with variants): its listing in the
   * branch, whose catalogue columns the caller then refreshes. null: the listing trigger finds or makes it.
   */
  variant_id?: string | null;
};

const productRecordset = (rows: ProductWrite[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
  id uuid, name text, sku text, category_id uuid, brand_id uuid, price numeric, cost numeric, stock numeric,
  low_stock_threshold numeric, max_stock numeric, description text, unit text, variant_id uuid)`;

/**
 * Inserts new products (one statement); answers their ids and stock, in the rows' order. A row without a
 * variant goes through the listing trigger (products_list_variant): the company's variant of its SKU, or
 * a new item with one variant.
 */
export async function insertProducts(tx: DbOrTx, { companyId, branchId }: BranchKey, rows: ProductWrite[]) {
  if (rows.length === 0) return [];
  return queryRows<{ id: string; stock: number }>(
    tx,
    sql`insert into products (company_id, branch_id, name, sku, category_id, brand_id, price, cost, stock_quantity,
                              low_stock_threshold, max_stock, description, unit, variant_id)
        select ${companyId}::uuid, ${branchId}::uuid, x.name, x.sku, x.category_id, x.brand_id,
               -- the chain price is not stored (a row without a variant: the listing trigger sees to it)
               nullif(x.price, (select v.price from variants v where v.company_id = ${companyId}::uuid and v.id = x.variant_id)),
               coalesce(x.cost, 0), coalesce(x.stock, 0), coalesce(x.low_stock_threshold, 10),
               coalesce(x.max_stock, 1000), x.description, coalesce(x.unit, 'piece'), x.variant_id
        from ${productRecordset(rows)}
        returning id, stock_quantity as stock`,
  );
}

/**
 * Updates existing products (by id; the caller has locked them) in one statement. An empty optional
 * cell (null) keeps the product's value; stock is not touched here (the ledger moves it).
 */
export async function updateProducts(tx: DbOrTx, { companyId, branchId }: BranchKey, rows: ProductWrite[]) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update products p set
          name = x.name,
          category_id = coalesce(x.category_id, p.category_id),
          brand_id = coalesce(x.brand_id, p.brand_id),
          -- The branch's price: an override unless it is the chain price (as PATCH /products/{id}).
          price = nullif(x.price, (select v.price from variants v where v.company_id = p.company_id and v.id = p.variant_id)),
          cost = coalesce(x.cost, p.cost),
          low_stock_threshold = coalesce(x.low_stock_threshold, p.low_stock_threshold),
          max_stock = coalesce(x.max_stock, p.max_stock),
          description = coalesce(x.description, p.description),
          updated_at = now()
        from ${productRecordset(rows)}
        where p.company_id = ${companyId}::uuid and p.branch_id = ${branchId}::uuid and p.id = x.id`,
  );
}

/**
 * Locks the given products of the branch FOR UPDATE in id order (the order every multi-product writer
 * takes). `id = any(array)` on the primary key: an index probe per id whatever the table's statistics
 * (a freshly imported catalogue has none yet; an IN over a set-returning function was planned as a
 * rescan of the function per product: 20 s a batch at 50,000 products).
 */
export async function lockProducts(tx: DbOrTx, { companyId, branchId }: BranchKey, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from products
        where company_id = ${companyId}::uuid and id = any(${`{${ids.join(',')}}`}::uuid[])
          and branch_id = ${branchId}::uuid
        order by id for update`,
  );
  return rows.length;
}

/** Deltas (product_id, delta) that bring each product to its target stock, for recordStockDeltas. */
export const deltasToTargets = ({ companyId, branchId }: BranchKey, targets: { id: string; stock: number }[]) =>
  sql`select p.id as product_id, x.stock - p.stock_quantity as delta
      from jsonb_to_recordset(${JSON.stringify(targets)}::jsonb) as x(id uuid, stock numeric)
      join products p on p.company_id = ${companyId}::uuid and p.branch_id = ${branchId}::uuid and p.id = x.id`;

// ---- customers ------------------------------------------------------------------------------------

/** The branch's customers with these phones, by phone. */
export async function customersByPhone(db: DbOrTx, { companyId, branchId }: BranchKey, phones: string[]) {
  if (phones.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.branchId, branchId), inArray(customers.phone, phones)));
  return new Map(rows.map((r) => [r.phone, { id: r.id, name: r.name }]));
}

export type CustomerWrite = {
  id?: string;
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  notes: string | null;
};

const customerRecordset = (rows: CustomerWrite[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
  id uuid, name text, phone text, email text, address text, notes text)`;

export async function insertCustomers(tx: DbOrTx, { companyId, branchId }: BranchKey, rows: CustomerWrite[]) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into customers (company_id, branch_id, name, phone, email, address, notes)
        select ${companyId}::uuid, ${branchId}::uuid, x.name, x.phone, x.email, x.address, x.notes
        from ${customerRecordset(rows)}`,
  );
}

/** Updates existing customers by id; an empty optional cell keeps the customer's value. */
export async function updateCustomers(tx: DbOrTx, { companyId, branchId }: BranchKey, rows: CustomerWrite[]) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update customers c set name = x.name, email = coalesce(x.email, c.email),
          address = coalesce(x.address, c.address), notes = coalesce(x.notes, c.notes)
        from ${customerRecordset(rows)}
        where c.company_id = ${companyId}::uuid and c.branch_id = ${branchId}::uuid and c.id = x.id`,
  );
}

// ---- remembered mappings -------------------------------------------------------------------------

type MappingKey = { companyId: string; kind: string; headersKey: string };

/** The mapping the company last imported a file of these columns with, if any. */
export async function savedMapping(db: DbOrTx, { companyId, kind, headersKey }: MappingKey) {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(
      and(
        eq(importMappings.companyId, companyId),
        eq(importMappings.kind, kind),
        eq(importMappings.headersKey, headersKey),
      ),
    );
  return row?.mapping;
}

/** Keeps `mapping` for the company's files of these columns (replacing the one kept). */
export async function saveMapping(
  tx: DbOrTx,
  key: MappingKey & { mapping: Record<string, string[]>; userId: string },
): Promise<void> {
  await tx
    .insert(importMappings)
    .values({
      companyId: key.companyId,
      kind: key.kind,
      headersKey: key.headersKey,
      mapping: key.mapping,
      updatedBy: key.userId,
    })
    .onConflictDoUpdate({
      target: [importMappings.companyId, importMappings.kind, importMappings.headersKey],
      set: { mapping: key.mapping, updatedBy: key.userId, updatedAt: sql`now()` },
    });
}

/** Forgets the company's mapping for files of these columns. */
export async function deleteMapping(tx: DbOrTx, { companyId, kind, headersKey }: MappingKey): Promise<void> {
  await tx
    .delete(importMappings)
    .where(
      and(
        eq(importMappings.companyId, companyId),
        eq(importMappings.kind, kind),
        eq(importMappings.headersKey, headersKey),
      ),
    );
}

// ---- copy between branches ------------------------------------------------------------------------

/**
 * Copies the live products of `from` into `to` (same company) in two statements: their brands are found
 * in `to` by name or (createBrands) created; then each product's variant is listed in `to`: an existing
 * listing takes the source's brand, price (its override, or none: the chain price), cost and thresholds, a new one
 * is inserted with no stock (stock is what is on the shelf; it moves only through the ledger). Name, SKU,
 * barcodes, category and description are the catalogue's already; the categories are attached to `to` by the
 * trigger products_attach_category. Answers the counts and the brands created.
 */
export async function copyProducts(
  tx: DbOrTx,
  {
    companyId,
    fromBranchId,
    toBranchId,
    createBrands,
  }: {
    companyId: string;
    fromBranchId: string;
    toBranchId: string;
    createBrands: boolean;
  },
) {
  const newBrands = createBrands
    ? await queryRows<{ name: string }>(
        tx,
        sql`insert into brands (company_id, branch_id, name)
            select distinct on (lower(b.name)) ${companyId}::uuid, ${toBranchId}::uuid, b.name
            from products p join brands b on b.company_id = p.company_id and b.id = p.brand_id
            where p.company_id = ${companyId}::uuid and p.branch_id = ${fromBranchId}::uuid and p.deleted_at is null
              and not exists (select 1 from brands t where t.company_id = ${companyId}::uuid
                                and t.branch_id = ${toBranchId}::uuid and lower(t.name) = lower(b.name))
            order by lower(b.name), b.name
            returning name`,
      )
    : [];
  const [counts] = await queryRows<{ created: number; updated: number }>(
    tx,
    sql`with src as (
          select p.*, tb.id as to_brand_id,
            (select t.id from products t
             where t.company_id = p.company_id and t.branch_id = ${toBranchId}::uuid and t.deleted_at is null
               and t.variant_id = p.variant_id) as target_id
          from products p
          left join brands b on b.company_id = p.company_id and b.id = p.brand_id
          left join brands tb on tb.company_id = p.company_id and tb.branch_id = ${toBranchId}::uuid
                             and lower(tb.name) = lower(b.name)
          where p.company_id = ${companyId}::uuid and p.branch_id = ${fromBranchId}::uuid and p.deleted_at is null
        ),
        upd as (
          update products t set brand_id = s.to_brand_id, price = s.price,
            cost = s.cost, low_stock_threshold = s.low_stock_threshold, max_stock = s.max_stock, updated_at = now()
          from src s where t.company_id = ${companyId}::uuid and t.id = s.target_id
          returning 1
        ),
        ins as (
          insert into products (company_id, branch_id, variant_id, name, sku, barcodes, category_id, brand_id, price,
                                cost, stock_quantity, low_stock_threshold, max_stock, description,
                                unit, tax_class_id, tax_rate, tax_included)
          select ${companyId}::uuid, ${toBranchId}::uuid, s.variant_id, s.name, s.sku, s.barcodes, s.category_id,
                 s.to_brand_id, s.price, s.cost, 0, s.low_stock_threshold, s.max_stock,
                 s.description, s.unit, s.tax_class_id, s.tax_rate, s.tax_included
          from src s where s.target_id is null
          returning 1
        )
        select (select count(*)::int from ins) as created, (select count(*)::int from upd) as updated`,
  );
  return { created: counts?.created ?? 0, updated: counts?.updated ?? 0, newBrands: newBrands.map((b) => b.name) };
}
