import { readFileSync } from 'node:fs';
import path from 'node:path';
import { variantName } from '@pos/shared';
import { and, eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  brands,
  categories,
  customers,
  importMappings,
  products,
  stockMovements,
} from '../../src/db/schema';
import { listingPrice } from '../../src/domain/catalog.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Result = {
  applied: boolean;
  header: string[];
  encoding: string;
  preset: { id: string; label: string; note: string } | null;
  mapping: Record<string, string[]>;
  detectedMapping: Record<string, string[]>;
  mappingSource: string;
  unmapped: string[];
  skipped: number;
  rows: number;
  toCreate: number;
  toUpdate: number;
  errorCount: number;
  errors: { row: number; column: string; message: string }[];
  created: { row: number; key: string; name: string }[];
};

const FIXTURES = path.join(import.meta.dirname, '../fixtures/imports');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/**
 * Other systems' files (docs/architecture/imports-exports.md): their exports import with the
 * mapping their header is recognised by; a mapping can be changed and is remembered per company; UTF-8,
 * UTF-16 and Windows-1252 files read right and a cell that does not decode is a row error; the good
 * rows of a file can be imported and its bad rows downloaded with their row number and reason.
 */
describe(`Import of other systems' files (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let manager: string;
  const db = () => ctx.database.db;

  function send(
    kind: string,
    step: 'preview' | 'apply' | 'rejects',
    body: string | Buffer,
    query: Record<string, string> = {},
    { token = manager, branchId = tenant.main.id } = {},
  ) {
    const qs = new URLSearchParams({ branchId, createMissing: 'true', ...query }).toString();
    return ctx.app.inject({
      method: 'POST',
      url: `/api/import/${kind}/${step}?${qs}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: body,
    });
  }
  async function ok(...args: Parameters<typeof send>) {
    const res = await send(...args);
    if (res.statusCode !== 200) throw new Error(`${args[1]}: ${res.statusCode} ${res.body}`);
    return res.json().data as Result;
  }
  const productsBySku = async (skus: string[]) => {
    const rows = await db()
      .select({
        sku: products.sku,
        name: products.name,
        price: listingPrice(),
        cost: products.cost,
        stock: products.stockQuantity,
        lowStockThreshold: products.lowStockThreshold,
        description: products.description,
        barcodes: products.barcodes,
        category: categories.name,
        brand: brands.name,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(products.branchId, tenant.main.id), inArray(products.sku, skus)));
    return Object.fromEntries(rows.map((r) => [r.sku, r]));
  };
  const customersByPhone = async (phones: string[]) => {
    const rows = await db()
      .select()
      .from(customers)
      .where(and(eq(customers.branchId, tenant.main.id), inArray(customers.phone, phones)));
    return Object.fromEntries(rows.map((r) => [r.phone, r]));
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    manager = await login(ctx.app, tenant.manager.username);
  });
  afterAll(async () => {
    expect(await checkInvariants(db())).toEqual([]);
    await ctx.close();
  });

  // ---- 1. the six systems' exports, with the preset their header is recognised by -----------------

  const PRODUCT_FILES = [
    {
      file: 'shopify-products.csv',
      preset: 'shopify-products',
      rows: 4,
      skipped: 1, // the image-only line
      products: {
        // A variant line has no title: copied down; the variant is named after it and its option values. The
        // variant's SKU is the SKU, its barcode one of its barcodes.
        'KRT-S-BLU': {
          name: 'Lawn Kurta / S / Blue',
          price: '3450.00',
          cost: '1800.00',
          stock: 6,
          category: 'Kurta',
          brand: 'Khaadi',
          description: 'Printed lawn kurta, summer collection.',
          barcodes: ['8964000112236'],
        },
        'KRT-M-BLU': { name: 'Lawn Kurta / M / Blue', stock: 9, category: 'Kurta', brand: 'Khaadi' },
        'KRT-L-GRN': { name: 'Lawn Kurta / L / Green', price: '3650.00', cost: '1900.00', stock: 0, barcodes: [] },
        'MUG-01': { name: 'Ceramic Mug', price: '950.00', stock: 24, description: 'Stoneware mug & saucer' },
      },
    },
    {
      file: 'shopify-products-2024.csv',
      preset: 'shopify-products-2024',
      rows: 4,
      skipped: 0,
      products: {
        'CHP-40': {
          name: 'Peshawari Chappal / 40',
          price: '4200.00',
          cost: '2500.00',
          stock: 5,
          brand: 'Chappal House',
        },
        'CHP-42': { name: 'Peshawari Chappal / 42', price: '4400.00', category: 'Footwear', brand: 'Chappal House' },
        'SALT-800': {
          name: 'Pink Himalayan Salt 800g',
          price: '650.00',
          stock: 40,
          category: 'Grocery',
          barcodes: ['8961100445561'],
        },
      },
    },
    {
      file: 'square-items.csv',
      preset: 'square-items',
      rows: 5,
      skipped: 0,
      products: {
        // A single 'Regular' variation: the item's name alone.
        'CHAI-01': { name: 'Doodh Patti Chai', price: '180.00', cost: '70.00', stock: 100, lowStockThreshold: 20 },
        // The GTIN is a barcode (its leading zero kept).
        'CC-S': {
          name: 'Cold Coffee / Small',
          price: '450.00',
          stock: 30,
          category: 'Cold Drinks',
          barcodes: ['089612345006'],
        },
        'CC-L': { name: 'Cold Coffee / Large', price: '650.00', cost: '280.00', stock: 25 },
        // Variations without options: named after the item and the variation's name.
        'SMS-KEEMA': { name: 'Samosa / Keema', price: '90.00', cost: '45.00', stock: 25, category: 'Snacks' },
      },
    },
    {
      file: 'woocommerce-products.csv',
      preset: 'woocommerce-products',
      rows: 3,
      skipped: 1, // the variable product's own line
      products: {
        '8964001234567': {
          name: 'Basmati Rice 5kg',
          price: '2150.00',
          cost: '1700.00',
          stock: 18,
          lowStockThreshold: 4,
          category: 'Rice',
          brand: 'Guard',
          description: 'Extra long grain, aged two years.',
        },
        'SHAWL-MRN': { name: 'Pashmina Shawl - Maroon', price: '5500.00', cost: '3100.00', category: 'Shawls' },
        'SHAWL-GRY': { name: 'Pashmina Shawl - Grey', stock: 4, brand: 'Swat Looms' },
      },
    },
    {
      file: 'loyverse-items.csv',
      preset: 'loyverse-items',
      rows: 5,
      skipped: 0,
      products: {
        // SKU and Barcode both: Loyverse's SKU is the SKU, the barcode one of its barcodes (what a scan finds).
        '10001': {
          name: 'Tapal Danedar 950g',
          price: '1450.00',
          cost: '1250.00',
          stock: 36,
          barcodes: ['8964000650011'],
        },
        '10002': { name: 'Rusk Family Pack', price: '280.00', stock: 15, lowStockThreshold: 3, category: 'Bakery' },
        '10003': { name: 'Cotton Shalwar / M', price: '1500.00', category: 'Clothing', barcodes: ['2000000000015'] },
        '10004': { name: 'Cotton Shalwar / L', price: '1600.00', cost: '950.00', category: 'Clothing' },
      },
    },
    {
      file: 'odoo-products.csv',
      preset: 'odoo-products',
      rows: 2,
      skipped: 0,
      products: {
        // Odoo's Barcode and Internal Reference: the barcode when there is one, else the reference.
        '8964000998877': { name: 'Office Chair', price: '18500.00', cost: '12000.00', stock: 6 },
        'LAMP-0002': { name: 'Desk Lamp', price: '3200.00', stock: 11, category: 'Office Furniture' },
      },
    },
    {
      file: 'ospos-items.csv',
      preset: 'ospos-items',
      rows: 2,
      skipped: 0,
      products: {
        '8964000223344': {
          name: 'Shan Biryani Masala',
          price: '130.00',
          cost: '95.00',
          stock: 60,
          lowStockThreshold: 10,
        },
        '8964000556677': { name: 'National Ketchup 800g', price: '395.00', stock: 22, category: 'Sauces' },
      },
    },
  ];

  it.each(PRODUCT_FILES)('imports a $preset product export with its preset ($file)', async (f) => {
    const csv = fixture(f.file);
    const preview = await ok('products', 'preview', csv);
    expect(preview).toMatchObject({
      preset: { id: f.preset },
      mappingSource: 'preset',
      unmapped: [],
      rows: f.rows,
      skipped: f.skipped,
      errorCount: 0,
      toCreate: f.rows,
    });
    expect(preview.errors).toEqual([]);
    const applied = await ok('products', 'apply', csv);
    expect(applied).toMatchObject({ applied: true, toCreate: f.rows, errorCount: 0 });
    const stored = await productsBySku(Object.keys(f.products));
    for (const [sku, expected] of Object.entries(f.products)) expect(stored[sku], sku).toMatchObject(expected);
    // The same file again updates the same products (matched by the same SKUs).
    expect(await ok('products', 'preview', csv)).toMatchObject({ toCreate: 0, toUpdate: f.rows, errorCount: 0 });
  });

  // ---- a product's variant lines: one item with its variants ---------------------------------------

  type ItemRow = { id: string; name: string; optionNames: string[]; variantCount: number };
  type ItemBody = ItemRow & {
    variants: {
      name: string;
      sku: string | null;
      optionValues: string[];
      price: number;
      cost: number;
      barcodes: { code: string; kind: string }[];
      listings: { branch: { id: string }; price: number; priceOverridden: boolean; stockQuantity: number }[];
    }[];
  };
  type VariantOf = { sku: string; values: string[]; barcodes: string[]; price: number; cost: number; stock: number };

  const VARIANT_FILES: {
    file: string;
    items: { name: string; options: string[]; variants: VariantOf[] }[];
    /** A product of one line: an item of one variant without options. */
    single: string;
    /** The first variant's stock changed in the file: the text before and after, and the new stock. */
    restock: { from: string; to: string; stock: number };
  }[] = [
    {
      file: 'shopify-products.csv',
      items: [
        {
          name: 'Lawn Kurta',
          options: ['Size', 'Colour'],
          variants: [
            { sku: 'KRT-S-BLU', values: ['S', 'Blue'], barcodes: ['8964000112236'], price: 3450, cost: 1800, stock: 6 },
            { sku: 'KRT-M-BLU', values: ['M', 'Blue'], barcodes: ['8964000112243'], price: 3450, cost: 1800, stock: 9 },
            { sku: 'KRT-L-GRN', values: ['L', 'Green'], barcodes: [], price: 3650, cost: 1900, stock: 0 },
          ],
        },
      ],
      single: 'Ceramic Mug',
      restock: { from: 'KRT-S-BLU,250,shopify,6,', to: 'KRT-S-BLU,250,shopify,4,', stock: 4 },
    },
    {
      file: 'shopify-products-2024.csv',
      items: [
        {
          name: 'Peshawari Chappal',
          options: ['Size'],
          variants: [
            { sku: 'CHP-40', values: ['40'], barcodes: [], price: 4200, cost: 2500, stock: 5 },
            { sku: 'CHP-41', values: ['41'], barcodes: ['8964000112250'], price: 4200, cost: 2500, stock: 3 },
            { sku: 'CHP-42', values: ['42'], barcodes: [], price: 4400, cost: 2600, stock: 2 },
          ],
        },
      ],
      single: 'Pink Himalayan Salt 800g',
      restock: { from: 'shopify,5,DENY', to: 'shopify,4,DENY', stock: 4 },
    },
    {
      file: 'square-items.csv',
      items: [
        {
          name: 'Cold Coffee',
          options: ['Size'],
          variants: [
            { sku: 'CC-S', values: ['Small'], barcodes: ['089612345006'], price: 450, cost: 200, stock: 30 },
            { sku: 'CC-L', values: ['Large'], barcodes: [], price: 650, cost: 280, stock: 25 },
          ],
        },
        {
          // Variations without options: their names, as the option Variation.
          name: 'Samosa',
          options: ['Variation'],
          variants: [
            { sku: 'SMS-ALOO', values: ['Aloo'], barcodes: ['8964000778814'], price: 60, cost: 25, stock: 40 },
            { sku: 'SMS-KEEMA', values: ['Keema'], barcodes: [], price: 90, cost: 45, stock: 25 },
          ],
        },
      ],
      single: 'Doodh Patti Chai',
      restock: { from: 'Y,30,,Y,5', to: 'Y,27,,Y,5', stock: 27 },
    },
    {
      file: 'loyverse-items.csv',
      items: [
        {
          name: 'Cotton Shalwar',
          options: ['Size'],
          variants: [
            { sku: '10003', values: ['M'], barcodes: ['2000000000015'], price: 1500, cost: 900, stock: 8 },
            { sku: '10004', values: ['L'], barcodes: ['2000000000022'], price: 1600, cost: 950, stock: 5 },
            { sku: '10005', values: ['XL'], barcodes: [], price: 1700, cost: 1000, stock: 0 },
          ],
        },
      ],
      single: 'Tapal Danedar 950g',
      restock: { from: '1500.00,8,2', to: '1500.00,6,2', stock: 6 },
    },
  ];

  /** A company of its own (the files' SKUs are the main tenant's already), its manager's token and main branch. */
  async function freshCompany() {
    const company = await createTenant(db());
    const token = await login(ctx.app, company.manager.username);
    return { company, as: { token, branchId: company.main.id } };
  }
  const itemsOf = async (token: string, companyId: string, search = '') => {
    const query = new URLSearchParams({ companyId, limit: '100', search }).toString();
    return (await request(ctx.app, token, { url: `/api/items?${query}` })).json().data as ItemRow[];
  };
  const itemOf = async (token: string, id: string) =>
    (await request(ctx.app, token, { url: `/api/items/${id}` })).json().data as ItemBody;
  const movementsOf = (companyId: string) =>
    db()
      .select({
        sku: products.sku,
        type: stockMovements.movementType,
        quantity: stockMovements.quantity,
        previous: stockMovements.previousQuantity,
        next: stockMovements.newQuantity,
      })
      .from(stockMovements)
      .innerJoin(
        products,
        and(eq(products.companyId, stockMovements.companyId), eq(products.id, stockMovements.productId)),
      )
      .where(eq(stockMovements.companyId, companyId));

  it.each(VARIANT_FILES)("imports a product's variant lines as one item with its variants ($file)", async (f) => {
    const { company, as } = await freshCompany();
    const companyId = company.company.id;
    const csv = fixture(f.file);

    // The preview lists each variant line as a variant of its item: the item's name and its option values.
    const preview = await ok('products', 'preview', csv, {}, as);
    expect(preview).toMatchObject({ errorCount: 0, toUpdate: 0, toCreate: preview.rows });
    for (const item of f.items) {
      for (const v of item.variants) {
        expect(preview.created).toContainEqual({
          row: expect.any(Number),
          key: v.sku,
          name: variantName(item.name, v.values),
        });
      }
    }

    expect(await ok('products', 'apply', csv, {}, as)).toMatchObject({ applied: true, toCreate: preview.rows });
    const items = await itemsOf(as.token, companyId);
    for (const item of f.items) {
      const found = items.filter((i) => i.name === item.name);
      expect(found, item.name).toHaveLength(1);
      const detail = await itemOf(as.token, found[0]?.id ?? '');
      expect(detail).toMatchObject({ optionNames: item.options, variantCount: item.variants.length });
      expect(
        detail.variants.map((v) => ({
          sku: v.sku,
          name: v.name,
          values: v.optionValues,
          price: v.price,
          cost: v.cost,
          barcodes: v.barcodes.map((b) => b.code),
          listings: v.listings.map((l) => [l.branch.id, l.price, l.priceOverridden, l.stockQuantity]),
        })),
      ).toEqual(
        item.variants.map((v) => ({
          sku: v.sku,
          name: variantName(item.name, v.values),
          values: v.values,
          price: v.price,
          cost: v.cost,
          barcodes: v.barcodes,
          // Listed in the branch at the chain price (the line's), with the line's stock.
          listings: [[as.branchId, v.price, false, v.stock]],
        })),
      );
    }
    expect(items.filter((i) => i.name === f.single)).toMatchObject([{ variantCount: 1, optionNames: [] }]);
    // The stock came in through the ledger: an initial_stock movement per new listing with stock.
    const first = await movementsOf(companyId);
    for (const v of f.items.flatMap((i) => i.variants)) {
      expect(first.filter((m) => m.sku === v.sku).map((m) => [m.type, m.quantity])).toEqual(
        v.stock > 0 ? [['initial_stock', v.stock]] : [],
      );
    }
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.action, 'import.apply')));
    expect(audit.map((a) => a.after)).toEqual([expect.objectContaining({ rows: preview.rows, created: preview.rows })]);

    // The file again with one variant's stock changed: every line updates its variant (matched by SKU).
    const text = csv.toString('utf8');
    expect(text.split(f.restock.from)).toHaveLength(2);
    const again = Buffer.from(text.replace(f.restock.from, f.restock.to));
    expect(await ok('products', 'preview', again, {}, as)).toMatchObject({
      toCreate: 0,
      toUpdate: preview.rows,
      errorCount: 0,
    });
    expect(await ok('products', 'apply', again, {}, as)).toMatchObject({ toCreate: 0, toUpdate: preview.rows });
    const after = await itemsOf(as.token, companyId);
    const counts = (list: ItemRow[]) => list.map((i) => [i.name, i.variantCount, i.optionNames]).sort();
    expect(counts(after)).toEqual(counts(items));
    const [changed] = f.items[0]?.variants ?? [];
    const moved = (await movementsOf(companyId)).filter((m) => m.sku === changed?.sku && m.type === 'adjustment');
    expect(moved.map((m) => [m.previous, m.next])).toEqual([[changed?.stock, f.restock.stock]]);
  });

  it("a product's lines: row errors name their line, a new variant joins its item, a product across batches is one item", async () => {
    const { company, as } = await freshCompany();
    const companyId = company.company.id;
    const head =
      'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price,Cost per item,Variant Inventory Qty,Variant Barcode';
    const csv = [
      head,
      'linen-tee,Linen Tee,Colour,Natural,Size,S,LT-NAT-S,3800,2000,5,', // row 2
      'linen-tee,,,Natural,,M,LT-NAT-M,3800,2000,4,', // row 3
      'linen-tee,,,Natural,,m,LT-NAT-M2,3800,2000,1,', // row 4: the options of row 3
      'linen-tee,,,Navy,,,LT-NAV,3800,2000,1,', // row 5: no size
      'linen-tee,,,Navy,,S,LT-NAV-S,-1,2000,1,', // row 6: a bad price
      'wool-socks,Wool Socks,Size,23-25cm,,,WS-2325,1200,600,10,', // row 7
      'wool-socks,,,25-27cm,,,WS-2527,1200,600,10,4006381333931', // row 8
    ].join('\n');
    const preview = await ok('products', 'preview', csv, {}, as);
    expect(preview.errors).toEqual([
      { row: 4, column: 'Option1 Value', message: 'Row 3 is a variant of this product with the same options' },
      {
        row: 5,
        column: 'Option1 Value',
        message: "This product's variants have the options Colour / Size: a value for each",
      },
      { row: 6, column: 'Price', message: 'Selling price must be greater than 0' },
    ]);
    expect(preview).toMatchObject({ toCreate: 4, errorCount: 3 });
    const result = await send('products', 'apply', csv, { skipInvalid: 'true' }, as);
    expect(result.json()).toMatchObject({ data: { toCreate: 4, errorCount: 3 } });
    const named = async (name: string) => (await itemsOf(as.token, companyId, name)).filter((i) => i.name === name);
    const [tee] = await named('Linen Tee');
    expect(tee).toMatchObject({ optionNames: ['Colour', 'Size'], variantCount: 2 });
    expect(await named('Wool Socks')).toMatchObject([{ optionNames: ['Size'], variantCount: 2 }]);

    // The product's lines fixed and imported again: its existing lines update, the new one joins its item.
    const fixed = [
      head,
      'linen-tee,Linen Tee,Colour,Natural,Size,S,LT-NAT-S,3900,2000,5,',
      'linen-tee,,,Navy,,S,LT-NAV-S,3800,2000,2,',
    ].join('\n');
    expect(await ok('products', 'apply', fixed, {}, as)).toMatchObject({ toCreate: 1, toUpdate: 1, errorCount: 0 });
    const teeAfter = await itemOf(as.token, tee?.id ?? '');
    expect(teeAfter.variants.map((v) => [v.sku, v.optionValues, v.price, v.listings[0]?.stockQuantity])).toEqual([
      ['LT-NAT-S', ['Natural', 'S'], 3800, 5],
      ['LT-NAT-M', ['Natural', 'M'], 3800, 4],
      ['LT-NAV-S', ['Navy', 'S'], 3800, 2],
    ]);
    // A line's price in a branch is its listing's (an override of the chain price once the variant exists).
    expect(teeAfter.variants[0]?.listings[0]).toMatchObject({ price: 3900, priceOverridden: true });
    // A product's line alone (a corrected line of the rejects file) joins the company's item of its name and
    // options; a new SKU for options the item has is an error on its line.
    const lone = [head, 'linen-tee,Linen Tee,Colour,Navy,Size,M,LT-NAV-M,3800,2000,1,'].join('\n');
    expect(await ok('products', 'apply', lone, {}, as)).toMatchObject({ toCreate: 1, errorCount: 0 });
    const twin = [head, 'linen-tee,Linen Tee,Colour,Natural,Size,s,LT-NAT-S2,3800,2000,1,'].join('\n');
    expect((await ok('products', 'preview', twin, {}, as)).errors).toEqual([
      { row: 2, column: 'Option1 Value', message: 'The item has the variant Natural / s already (SKU LT-NAT-S)' },
    ]);
    expect((await itemOf(as.token, tee?.id ?? '')).variants.map((v) => v.sku)).toEqual([
      'LT-NAT-S',
      'LT-NAT-M',
      'LT-NAV-S',
      'LT-NAV-M',
    ]);
    expect(await itemsOf(as.token, companyId)).toHaveLength(2);

    // A product whose lines straddle two batches of 1,000 lines (rows 1001 and 1002) is one item: Square's
    // 'Regular' is a variation's name when the item has another.
    const lines = ['Token,Item Name,Variation Name,SKU,Price,Default Unit Cost,Current Quantity Main'];
    for (let i = 1; i <= 999; i++) lines.push(`T${i},Item ${i},Regular,ONE-${i},10,5,1`);
    lines.push('T1000,Chai,Regular,CHAI-R,150,60,3');
    lines.push('T1001,Chai,Large,CHAI-L,220,90,3');
    const big = await ok('products', 'apply', lines.join('\n'), {}, as);
    expect(big).toMatchObject({ preset: { id: 'square-items' }, toCreate: 1001, errorCount: 0 });
    const [chai, ...others] = await named('Chai');
    expect([chai, others]).toMatchObject([{ optionNames: ['Variation'], variantCount: 2 }, []]);
    expect((await itemOf(as.token, chai?.id ?? '')).variants.map((v) => [v.name, v.sku])).toEqual([
      ['Chai / Regular', 'CHAI-R'],
      ['Chai / Large', 'CHAI-L'],
    ]);
    expect(await named('Item 999')).toMatchObject([{ optionNames: [], variantCount: 1 }]);
  });

  const CUSTOMER_FILES = [
    {
      file: 'shopify-customers.csv',
      preset: 'shopify-customers',
      customers: {
        // Shopify writes '+923001234567 so that a spreadsheet keeps it as text: the ' comes off.
        '+923001234567': {
          name: 'Ayesha Khan',
          email: 'ayesha.khan@example.pk',
          address: '12 Main Boulevard, Gulberg III, Lahore, PB, 54660, PK',
          notes: 'Prefers cash on delivery',
        },
        '+923331112233': { name: 'Bilal Ahmed', address: 'House 4, Street 9, Islamabad, IS, 44000, PK' },
      },
    },
    {
      file: 'square-customers.csv',
      preset: 'square-customers',
      customers: {
        '+923211234567': { name: 'Hina Rauf', email: 'hina.rauf@example.pk', notes: 'Birthday cake order every March' },
        '+923451239876': { name: 'Usman Tariq', email: null, address: 'Karachi' },
      },
    },
    {
      file: 'loyverse-customers.csv',
      preset: 'loyverse-customers',
      customers: {
        '03004567890': { name: 'Sana Javed', address: '22-B Model Town, Lahore, Punjab, 54700, Pakistan' },
        '03219876543': { name: 'Kamran Ali' },
      },
    },
    {
      file: 'odoo-customers.csv',
      preset: 'odoo-customers',
      customers: {
        '+92 42 35761234': { name: 'Zainab Hussain', notes: 'Invoice monthly' },
        '+92 321 5550001': { name: 'Faisal Traders', email: 'accounts@faisaltraders.example.pk' },
      },
    },
    {
      file: 'ospos-customers.csv',
      preset: 'ospos-customers',
      customers: {
        '03111234567': { name: 'Imran Qureshi', email: 'imran.q@example.pk', notes: 'Wholesale buyer' },
        '03339871234': { name: 'Nadia Shah', address: 'Peshawar, Pakistan' },
      },
    },
  ];

  it.each(CUSTOMER_FILES)('imports a $preset customer export with its preset ($file)', async (f) => {
    const csv = fixture(f.file);
    const preview = await ok('customers', 'preview', csv);
    expect(preview).toMatchObject({ preset: { id: f.preset }, errorCount: 0, toCreate: 2, unmapped: [] });
    await ok('customers', 'apply', csv);
    const stored = await customersByPhone(Object.keys(f.customers));
    for (const [phone, expected] of Object.entries(f.customers)) expect(stored[phone], phone).toMatchObject(expected);
  });

  // ---- the mapping: changed in the preview, remembered per company -----------------------------------

  it('takes a changed mapping, remembers it for the company (audited) and forgets it when reset', async () => {
    const csv = 'Product,Code,Selling,Buying,Qty\nKheer Mix,KHEER-1,220,150,12\n';
    const first = await ok('products', 'preview', csv);
    expect(first).toMatchObject({ rows: 0, unmapped: ['Name', 'Price'], mappingSource: 'headers', preset: null });
    expect(first.header).toEqual(['Product', 'Code', 'Selling', 'Buying', 'Qty']);

    const mapping = { name: ['Product'], sku: ['Code'], price: ['Selling'], cost: ['Buying'], stock: ['Qty'] };
    const query = { mapping: JSON.stringify(mapping) };
    expect(await ok('products', 'preview', csv, query)).toMatchObject({ toCreate: 1, mappingSource: 'request' });
    expect(await ok('products', 'apply', csv, query)).toMatchObject({ applied: true, toCreate: 1 });
    expect((await productsBySku(['KHEER-1']))['KHEER-1']).toMatchObject({ price: '220.00', cost: '150.00', stock: 12 });
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, tenant.company.id), eq(auditLogs.action, 'import.mapping')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: tenant.manager.id, entityType: 'products', after: { mapping } });

    // The next file with these columns previews with it (at another branch of the company too) ...
    const again = await ok('products', 'preview', csv, {}, { branchId: tenant.second.id });
    expect(again).toMatchObject({ mappingSource: 'saved', mapping, unmapped: [], toCreate: 1 });
    // ... but not another company's.
    const other = await createTenant(db());
    const otherToken = await login(ctx.app, other.manager.username);
    const theirs = await ok('products', 'preview', csv, {}, { token: otherToken, branchId: other.main.id });
    expect(theirs).toMatchObject({ mappingSource: 'headers', unmapped: ['Name', 'Price'] });

    // A preset's mapping changed: Shopify's SKU from the barcode first (not the variant's SKU first).
    const shopify = fixture('shopify-products.csv');
    const detected = (await ok('products', 'preview', shopify)).mapping;
    const withSku = await ok('products', 'preview', shopify, {
      mapping: JSON.stringify({ ...detected, sku: ['Variant Barcode', 'Variant SKU'] }),
    });
    expect(withSku).toMatchObject({ mappingSource: 'request', preset: { id: 'shopify-products' } });
    expect(withSku.detectedMapping.sku).toEqual(['Variant SKU', 'Variant Barcode']);
    expect(withSku.mapping.sku).toEqual(['Variant Barcode', 'Variant SKU']);

    // Applying the detected mapping again forgets the remembered one.
    const lassi = 'Name,SKU,Price,Cost,Qty\nLassi,LASSI-1,150,60,9\n';
    const plain = await ok('products', 'preview', lassi);
    expect(plain.mapping).not.toHaveProperty('stock');
    const withQty = JSON.stringify({ ...plain.mapping, stock: ['Qty'] });
    await ok('products', 'apply', lassi, { mapping: withQty });
    expect(await ok('products', 'preview', lassi)).toMatchObject({ mappingSource: 'saved' });
    const kept = () => db().select().from(importMappings).where(eq(importMappings.companyId, tenant.company.id));
    expect(await kept()).toHaveLength(2);
    await ok('products', 'apply', lassi, { mapping: JSON.stringify(plain.detectedMapping) });
    expect(await ok('products', 'preview', lassi)).toMatchObject({ mappingSource: 'headers' });
    expect(await kept()).toHaveLength(1);
  });

  it('refuses a mapping that names an unknown column of ours or a column the file does not have', async () => {
    const csv = 'Name,Price,Cost\nX,1,1\n';
    const unknown = await send('products', 'preview', csv, { mapping: JSON.stringify({ colour: ['Name'] }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The mapping names an unknown column "colour"');
    const absent = await send('products', 'preview', csv, { mapping: JSON.stringify({ name: ['Title'] }) });
    expect(absent.statusCode).toBe(400);
    expect(absent.json().message).toBe('The file has no "Title" column');
    const garbled = await send('products', 'preview', csv, { mapping: '{name:' });
    expect(garbled.statusCode).toBe(400);
  });

  // ---- 2. encodings ----------------------------------------------------------------------------------

  const CAFE = 'Name,SKU,Price,Cost\r\nCafé au lait,ENC-%,250,120\r\nCrème brûlée,ENC-%-2,300,140\r\n';
  const URDU = 'Name,SKU,Price,Cost\nچائے,ENC-%,250,120\nCafé,ENC-%-2,300,140\n';
  const ENCODINGS = [
    {
      name: 'UTF-8 without a byte order mark',
      tag: 'U8',
      bytes: (t: string) => Buffer.from(t),
      label: 'UTF-8',
      text: URDU,
    },
    {
      name: 'UTF-8 with a byte order mark',
      tag: 'U8B',
      bytes: (t: string) => Buffer.from(`\uFEFF${t}`),
      label: 'UTF-8',
      text: URDU,
    },
    {
      name: 'UTF-16 LE with a byte order mark',
      tag: 'U16L',
      bytes: (t: string) => iconv.encode(t, 'utf16le', { addBOM: true }),
      label: 'UTF-16LE',
      text: URDU,
    },
    {
      name: 'UTF-16 BE with a byte order mark',
      tag: 'U16B',
      bytes: (t: string) => iconv.encode(t, 'utf16be', { addBOM: true }),
      label: 'UTF-16BE',
      text: URDU,
    },
    {
      name: 'Windows-1252 (Excel\'s plain "CSV")',
      tag: 'W1252',
      bytes: (t: string) => iconv.encode(t, 'windows1252'),
      label: 'windows-1252',
      text: CAFE,
    },
  ];

  it.each(ENCODINGS)('reads $name', async (e) => {
    const text = e.text.replaceAll('%', e.tag);
    const expected = text
      .split(/\r?\n/)
      .slice(1, 3)
      .map((line) => line.split(',')[0]);
    const result = await ok('products', 'apply', e.bytes(text));
    expect(result).toMatchObject({ encoding: e.label, toCreate: 2, errorCount: 0 });
    const stored = await productsBySku([`ENC-${e.tag}`, `ENC-${e.tag}-2`]);
    expect([stored[`ENC-${e.tag}`]?.name, stored[`ENC-${e.tag}-2`]?.name]).toEqual(expected);
    expect(JSON.stringify(stored)).not.toContain('\uFFFD');
  });

  it('makes a cell that does not decode a row error, never a replacement character', async () => {
    // Windows-1252 has no character for 0x81: that row fails, the others import.
    const cp1252 = Buffer.concat([
      iconv.encode('Name,SKU,Price,Cost\nCafé,BAD-1,10,5\n', 'windows1252'),
      Buffer.from([0x53, 0x81, 0x6f, 0x70]), // S?op
      Buffer.from(',BAD-2,10,5\nThé vert,BAD-3,10,5\n'),
    ]);
    const result = await ok('products', 'apply', cp1252, { skipInvalid: 'true' });
    expect(result).toMatchObject({ encoding: 'windows-1252', toCreate: 2, errorCount: 1 });
    expect(result.errors).toEqual([
      {
        row: 3,
        column: 'Name',
        message:
          'This cell has characters that cannot be read as windows-1252: correct it, or save the file as CSV UTF-8',
      },
    ]);
    const stored = await productsBySku(['BAD-1', 'BAD-2', 'BAD-3']);
    expect(Object.keys(stored).sort()).toEqual(['BAD-1', 'BAD-3']);
    expect(stored['BAD-1']?.name).toBe('Café');

    // A UTF-8 file with a stray byte after the first 64 KB (so the encoding is settled as UTF-8 first).
    const lines = ['Name,SKU,Price,Cost'];
    const count = 2600;
    for (let i = 0; i < count; i++) lines.push(`Naan ${i} café,UTF-${i},10,5`);
    const utf8 = Buffer.concat([
      Buffer.from(`${lines.join('\n')}\n`),
      Buffer.from([0x53, 0xe9, 0x2c]), // 'S', a lone 0xE9, ','
      Buffer.from('UTF-BAD,10,5\n'),
    ]);
    expect(utf8.length).toBeGreaterThan(64 * 1024);
    const preview = await ok('products', 'preview', utf8);
    expect(preview).toMatchObject({ encoding: 'UTF-8', rows: count + 1, toCreate: count, errorCount: 1 });
    expect(preview.errors).toEqual([{ row: count + 2, column: 'Name', message: expect.stringContaining('UTF-8') }]);
  });

  // ---- 3. partial imports -----------------------------------------------------------------------------

  it('imports the good rows and answers the bad ones as a CSV with their row number and reason', async () => {
    const csv = [
      'Name,SKU,Price,Cost,Stock,Supplier',
      'Gajar Halwa,PART-1,450,300,5,Nirala', // row 2: fine
      'Sohan Halwa,PART-2,520,,4,Hafiz', // row 3: new without cost
      '"Pinni, desi ghee",PART-3,-1,200,x,Nirala', // row 4: bad price and stock
      'Rabri,PART-4,380,250,7,', // row 5: fine
    ].join('\n');
    const preview = await ok('products', 'preview', csv);
    expect(preview).toMatchObject({ rows: 4, toCreate: 2, errorCount: 2 });
    expect(preview.errors).toEqual([
      { row: 3, column: 'Cost', message: 'Cost is required' },
      { row: 4, column: 'Price', message: 'Selling price must be greater than 0' },
      { row: 4, column: 'Stock', message: 'Must be a whole number' },
    ]);
    // Without skipInvalid a file with errors is still refused whole.
    expect((await send('products', 'apply', csv)).statusCode).toBe(400);
    expect(await productsBySku(['PART-1', 'PART-4'])).toEqual({});

    const rejects = await send('products', 'rejects', csv);
    expect(rejects.statusCode).toBe(200);
    expect(rejects.headers['content-type']).toMatch(/^text\/csv/);
    expect(rejects.headers['content-disposition']).toMatch(
      /filename="products-rows-with-errors-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(
      rejects.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual([
      'Name,SKU,Price,Cost,Stock,Supplier,Row,Reason',
      'Sohan Halwa,PART-2,520,,4,Hafiz,3,Cost: Cost is required',
      '"Pinni, desi ghee",PART-3,-1,200,x,Nirala,4,Price: Selling price must be greater than 0; Stock: Must be a whole number',
    ]);

    const res = await send('products', 'apply', csv, { skipInvalid: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Imported: 2 created, 0 updated; 2 rows with errors left out',
      data: { applied: true, toCreate: 2, errorCount: 2 },
    });
    const stored = await productsBySku(['PART-1', 'PART-2', 'PART-3', 'PART-4']);
    expect(Object.keys(stored).sort()).toEqual(['PART-1', 'PART-4']);
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, tenant.company.id), eq(auditLogs.action, 'import.apply')));
    expect(audits.map((a) => a.after)).toContainEqual(expect.objectContaining({ created: 2, leftOut: 2 }));

    // The rejects file, fixed, imports as it is (its Row and Reason columns are not ours: ignored).
    const fixed = rejects.body.replace('520,,4', '520,400,4').replace('-1,200,x', '610,200,3');
    expect(await ok('products', 'apply', fixed)).toMatchObject({ toCreate: 2, errorCount: 0 });
  });
});
