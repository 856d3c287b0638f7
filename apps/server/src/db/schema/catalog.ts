import type { TaxClassKind, Unit } from '@pos/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { quantity } from './quantity';
import { branches, companies, users } from './tenancy';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const categories = pgTable(
  'categories',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    id: uuid('id').notNull().defaultRandom(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.parentId], foreignColumns: [t.companyId, t.id] }).onDelete('cascade'),
    index('categories_parent_idx').on(t.companyId, t.parentId),
  ],
);

export const categoryBranches = pgTable(
  'category_branches',
  {
    companyId: uuid('company_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    branchId: uuid('branch_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.branchId, t.categoryId] }),
    foreignKey({
      columns: [t.companyId, t.categoryId],
      foreignColumns: [categories.companyId, categories.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
  ],
);

export const brands = pgTable(
  'brands',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    index('brands_branch_idx').on(t.companyId, t.branchId, t.name),
    uniqueIndex('brands_branch_name_uq').on(t.companyId, t.branchId, sql`lower(${t.name})`),
  ],
);

/**
 * A company's tax classes (packages/shared/src/tax-classes.ts): an item of a class is taxed at its rate in
 * every branch; an item without one at its branch's rate. Its listings copy the rate (products.tax_rate).
 */
export const taxClasses = pgTable(
  'tax_classes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').$type<TaxClassKind>().notNull(),
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    /**
     * Whether the tax is inside the price (a retail-price class, Sales Tax Act Third Schedule): the one place
     * that rule is spelled; a listing copies it (products.tax_included) and its sale lines keep it.
     */
    taxIncluded: boolean('tax_included').notNull().generatedAlwaysAs(sql`kind = 'retail_price'`),
    /** The Pakistan Customs Tariff heading a fiscal invoice reports (0401.1000). */
    pctCode: text('pct_code'),
    /**
     * Archived (DELETE /tax-classes/{id}, once no live item has it): out of the lists and pickers, its name
     * free again; the row stays, as the sale lines taxed under it name it (sale_items.tax_class_id).
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('tax_classes_company_name_uq')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('tax_classes_kind_check', sql`${t.kind} in ('standard', 'reduced', 'zero_rated', 'exempt', 'retail_price')`),
    check(
      'tax_classes_rate_check',
      sql`${t.rate} >= 0 and ${t.rate} <= 100 and (${t.kind} in ('standard', 'reduced', 'retail_price')) = (${t.rate} > 0)`,
    ),
  ],
);

/**
 * The company's catalogue (DESIGN.md section 11): an item (what is sold: name, category, description, the
 * names of its options) and its variants (what is scanned and counted: options, SKU, chain price and cost).
 * A branch sells a variant through its listing, a row of products.
 */
export const items = pgTable(
  'items',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: uuid('category_id'),
    /** Up to three option names (size, colour, ...); a variant has one value for each. */
    optionNames: text('option_names').array().notNull().default(sql`'{}'::text[]`),
    /** What a quantity of it counts (packages/shared/src/units.ts): kg, l and m take decimals. */
    unit: text('unit').$type<Unit>().notNull().default('piece'),
    /** Its tax class in every branch; null: each branch's rate (the default class). */
    taxClassId: uuid('tax_class_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.categoryId], foreignColumns: [categories.companyId, categories.id] }),
    foreignKey({ columns: [t.companyId, t.taxClassId], foreignColumns: [taxClasses.companyId, taxClasses.id] }),
    index('items_tax_class_idx').on(t.companyId, t.taxClassId).where(sql`${t.taxClassId} is not null`),
    index('items_name_idx').on(t.companyId, t.name, t.id).where(sql`${t.deletedAt} is null`),
    check('items_unit_check', sql`${t.unit} in ('piece', 'kg', 'g', 'l', 'ml', 'm', 'pack')`),
  ],
);

/**
 * A variant of an item. name is what its listings show (the item's name, and its option values when it
 * has options); price is the chain price, which every listing without an override sells at; cost is what a
 * new listing starts from (each branch then keeps its own weighted cost). Triggers (db/triggers/variants.sql): a
 * chain price change stamps price_xid and tells the registers of the branches whose listings follow it.
 */
export const variants = pgTable(
  'variants',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    itemId: uuid('item_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku'),
    optionValues: text('option_values').array().notNull().default(sql`'{}'::text[]`),
    /** The variant's place among its item's (the order they were made in: the matrix's). */
    position: integer('position').notNull().default(0),
    cost: money('cost').notNull().default('0'),
    price: money('price').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by the trigger variants_price_xid (pos_variants_stamp_price), never by the application: the
    // transaction id of the last change of the chain price. The catalogue sync sends a listing that follows
    // the chain price again when its variant's price_xid is past the register's cursor.
    priceXid: bigint('price_xid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.itemId], foreignColumns: [items.companyId, items.id] }),
    index('variants_item_idx').on(t.companyId, t.itemId),
    // An SKU names one live variant in the whole company.
    uniqueIndex('variants_company_sku_uq')
      .on(t.companyId, sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} is null and ${t.sku} is not null`),
  ],
);

export const BARCODE_KINDS = ['ean13', 'upca', 'code128'] as const;

/**
 * A variant's barcodes: any number, each unique in the company (the register's scan finds the variant by
 * any of them). Its listings keep a copy (products.barcodes) for the offline registers' catalogue.
 */
export const barcodes = pgTable(
  'barcodes',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    variantId: uuid('variant_id').notNull(),
    code: text('code').notNull(),
    kind: text('kind', { enum: BARCODE_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.variantId], foreignColumns: [variants.companyId, variants.id] }),
    uniqueIndex('barcodes_company_code_uq').on(t.companyId, t.code),
    index('barcodes_variant_idx').on(t.companyId, t.variantId),
    check('barcodes_kind_check', sql`${t.kind} in ('ean13', 'upca', 'code128')`),
  ],
);

/**
 * Triggers (db/triggers/products.sql): every insert and update stamps change_xid (the catalogue sync's
 * cursor) and adds the live events to live_events.
 */
export const products = pgTable(
  'products',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku'),
    categoryId: uuid('category_id'),
    brandId: uuid('brand_id'),
    cost: money('cost').notNull().default('0'),
    /**
     * The branch's own price (an override); null: the listing sells at its variant's chain price, which is
     * not copied here, so a chain price change writes its variants alone. Read a listing's price through
     * listingPrice (domain/catalog.repo.ts).
     */
    price: money('price'),
    stockQuantity: quantity('stock_quantity').notNull().default(0),
    lowStockThreshold: quantity('low_stock_threshold').notNull().default(10),
    maxStock: quantity('max_stock').notNull().default(1000),
    description: text('description'),
    /** The item's unit, copied like its name (pos_catalog_refresh_listings). */
    unit: text('unit').$type<Unit>().notNull().default('piece'),
    /**
     * The item's tax class and its rate (percent), copied like its unit (pos_catalog_refresh_listings); null:
     * the branch's rate. The sale statement checks a line's tax_rate against it, as it checks the price.
     */
    taxClassId: uuid('tax_class_id'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    /** The price includes the tax (a retail-price class), copied and checked like the rate. */
    taxIncluded: boolean('tax_included').notNull().default(false),
    // What product search matches: lower-cased name and SKU, so a search is a plain LIKE on one
    // trigram index (no per-row lower-casing as ILIKE does, no OR of two indexes).
    searchKey: text('search_key').notNull().generatedAlwaysAs(sql`lower(name) || chr(10) || lower(coalesce(sku, ''))`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by the trigger products_change_xid (pos_products_stamp_changes), never by the application: the
    // transaction id of the last write to the product's catalogue columns (insert, price, edit, soft
    // delete), the catalogue sync's indexed cursor; and of the last change of its stock. A sale changes
    // only the stock, so it leaves change_xid and every index alone (a HOT update of the row); the
    // delta sync reads rows newer by either stamp (docs/architecture/offline.md).
    changeXid: bigint('change_xid', { mode: 'number' }).notNull().default(0),
    stockXid: bigint('stock_xid', { mode: 'number' }).notNull().default(0),
    // The variant this row lists in its branch. An insert that names none gets one from the trigger
    // products_list_variant (pos_products_list_variant): the company's live variant of the row's SKU when
    // the branch does not list it yet, else a new item with one variant made from the row. Drizzle sends
    // null for it unless given.
    variantId: uuid('variant_id')
      .notNull()
      .$defaultFn(() => sql`null`),
    // The branch sells at its own price rather than the variant's chain price (a chain price change
    // passes it by): the listing stores a price.
    priceOverridden: boolean('price_overridden').notNull().generatedAlwaysAs(sql`price is not null`),
    // The variant's barcodes, copied by pos_catalog_refresh_listings (the catalogue sync sends them).
    barcodes: text('barcodes').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    // The catalogue sync's keyset: a branch's products in the order of their last write.
    index('products_branch_change_idx').on(t.companyId, t.branchId, t.changeXid, t.id),
    // No ON DELETE SET NULL here: it would null company_id too; the category service unlinks products first.
    foreignKey({ columns: [t.companyId, t.categoryId], foreignColumns: [categories.companyId, categories.id] }),
    foreignKey({ columns: [t.companyId, t.brandId], foreignColumns: [brands.companyId, brands.id] }),
    uniqueIndex('products_branch_sku_uq')
      .on(t.companyId, t.branchId, sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} is null and ${t.sku} is not null`),
    // The live products of a branch in name order, with search_key: a listing page is an index-only walk,
    // and a frequent search term finds its first matches by name without reading the table.
    index('products_live_name_idx')
      .on(t.companyId, t.branchId, t.name, t.id, t.searchKey)
      .where(sql`${t.deletedAt} is null`),
    // Names that start with a search term (search_key begins with lower(name)): a range scan, index-only.
    index('products_live_search_prefix_idx')
      .on(t.companyId, t.branchId, t.searchKey.op('text_pattern_ops'), t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Substring search (LIKE '%term%' on search_key) at 100,000+ products per branch (pg_trgm).
    // fastupdate off: searches far outnumber catalogue writes, and a GIN pending list (which every
    // search scans in full until vacuum merges it) made searches slow after bulk inserts.
    index('products_search_trgm_idx').using('gin', t.searchKey.op('gin_trgm_ops')).with({ fastupdate: false }),
    // Finding a product by id alone (the platform operator's requests name no company).
    index('products_id_idx').on(t.id),
    foreignKey({ columns: [t.companyId, t.variantId], foreignColumns: [variants.companyId, variants.id] }),
    // A variant is listed at most once in a branch; also the listings of a variant, for a chain change.
    uniqueIndex('products_variant_branch_uq')
      .on(t.companyId, t.variantId, t.branchId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const MOVEMENT_TYPES = [
  'initial_stock',
  'purchase',
  'sale',
  'adjustment',
  'transfer_in',
  'transfer_out',
  'return',
  'damage',
  'expiry',
] as const;

/**
 * Append-only: stock_quantity == initial + sum(signed movements) for every product. Triggers
 * (db/triggers/stock_movements.sql) keep the summary table stock_movements_daily.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    productId: uuid('product_id').notNull(),
    movementType: text('movement_type', { enum: MOVEMENT_TYPES }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    quantity: quantity('quantity').notNull(),
    previousQuantity: quantity('previous_quantity').notNull(),
    newQuantity: quantity('new_quantity').notNull(),
    userId: uuid('user_id').references(() => users.id),
    referenceType: text('reference_type'),
    referenceId: uuid('reference_id'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.productId], foreignColumns: [products.companyId, products.id] }),
    // The branch by created_at: stock_movements_branch_page_idx (migration 0015), whose first columns are those.
    index('stock_movements_product_idx').on(t.companyId, t.productId, t.createdAt),
  ],
);

/**
 * Triggers (db/triggers/customers.sql): every insert and update stamps change_xid (the customer sync's
 * cursor), and the customers list's runs (customer_name_marks) follow every change.
 */
export const customers = pgTable(
  'customers',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    address: text('address'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    // What the list's search matches (name, phone, email; lowercase, a newline between), trigram-indexed.
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(name) || chr(10) || phone || chr(10) || lower(coalesce(email, ''))`),
    // The transaction id of the row's last write (trigger, like products.change_xid): the customer sync's cursor.
    changeXid: bigint('change_xid', { mode: 'number' }).notNull().default(0),
    /**
     * Store credit: the sum of the customer's customer_credit_entries, kept by their insert trigger
     * (pos_customer_credit_apply) and written by nothing else; the trigger refuses an online spend below 0.
     */
    creditBalance: money('credit_balance').notNull().default('0'),
    /**
     * What the customer owes on account: the sum of their customer_account_entries, kept by their insert
     * trigger (pos_customer_account_apply) and written by nothing else.
     */
    accountBalance: money('account_balance').notNull().default('0'),
    /** How far an online sale on account may take accountBalance without a manager's approval (the trigger). */
    creditLimit: money('credit_limit').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    uniqueIndex('customers_branch_phone_uq').on(t.companyId, t.branchId, t.phone),
    check('customers_credit_limit', sql`${t.creditLimit} >= 0`),
    index('customers_branch_change_idx').on(t.companyId, t.branchId, t.changeXid, t.id),
    // Substring search at 1,000,000 customers per branch (pg_trgm), as products_search_trgm_idx.
    index('customers_search_trgm_idx').using('gin', t.searchKey.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);
