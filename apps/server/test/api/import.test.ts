import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, brands, customers, products, stockMovements } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createCategory,
  createCustomer,
  createProduct,
  createTaxClass,
  createTenant,
  listingColumns,
  login,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Result = {
  applied: boolean;
  rows: number;
  toCreate: number;
  toUpdate: number;
  errorCount: number;
  errors: { row: number; column: string; message: string }[];
  created: { row: number; key: string; name: string }[];
  updated: { row: number; key: string; name: string }[];
  newCategories: string[];
  newBrands: string[];
};

/**
 * CSV import (docs/architecture/imports-exports.md): a preview answers what would be created and
 * updated and every row's errors (spreadsheet row numbers, the spec's messages) and writes nothing; an
 * apply writes all rows or none; BOM, `;` separators, quoted newlines and Excel's CRLF files read alike.
 */
describe(`CSV import (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let tokens: { admin: string; manager: string; cashier: string };
  const db = () => ctx.database.db;

  function send(kind: string, step: 'preview' | 'apply', csv: string, query: Record<string, string> = {}, token = '') {
    const qs = new URLSearchParams({ branchId: tenant.main.id, ...query }).toString();
    return ctx.app.inject({
      method: 'POST',
      url: `/api/import/${kind}/${step}?${qs}`,
      headers: { authorization: `Bearer ${token || tokens.manager}`, 'content-type': 'text/csv' },
      payload: csv,
    });
  }
  async function ok(kind: string, step: 'preview' | 'apply', csv: string, query: Record<string, string> = {}) {
    const res = await send(kind, step, csv, query);
    if (res.statusCode !== 200) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
    return res.json().data as Result;
  }
  // The listings with the price each sells at (none is stored when it is the chain price).
  const liveProducts = () =>
    db()
      .select(listingColumns)
      .from(products)
      .where(
        and(
          eq(products.companyId, tenant.company.id),
          eq(products.branchId, tenant.main.id),
          isNull(products.deletedAt),
        ),
      );

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
    await createCategory(db(), { companyId: tenant.company.id, branchIds: [tenant.main.id], name: 'Drinks' });
    await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      name: 'Old Cola',
      sku: 'COLA-1',
      price: '90.00',
      cost: '60.00',
      stockQuantity: 12,
    });
  });
  afterAll(async () => {
    expect(await checkInvariants(db())).toEqual([]);
    await ctx.close();
  });

  it('previews creates, updates by SKU and row errors with the spec messages, writing nothing', async () => {
    const before = await liveProducts();
    const csv = [
      'Name,SKU,Category,Brand,Price,Cost,Stock',
      'Cola 1.5L,cola-1,Drinks,,100,65,20', // row 2: updates COLA-1 (SKU case-insensitive)
      'Chips,CHIPS-1,Snacks,Crunch,50,30,10', // row 3: new category and brand (not allowed)
      ',NONAME,,,10,5,1', // row 4: no name
      'Water,WATER-1,,,-5,2,abc', // row 5: bad price and stock
      'Juice,JUICE-1,,,80,,5', // row 6: new without cost
      'Tea,TEA-1,,,40,20,', // row 7: fine, stock 0
      'Tea again,tea-1,,,40,20,3', // row 8: SKU twice in the file
    ].join('\n');
    const preview = await ok('products', 'preview', csv);
    expect(preview).toMatchObject({ applied: false, rows: 7, toCreate: 1, toUpdate: 1, errorCount: 5 });
    expect(preview.updated).toEqual([{ row: 2, key: 'cola-1', name: 'Cola 1.5L' }]);
    expect(preview.created).toEqual([{ row: 7, key: 'TEA-1', name: 'Tea' }]);
    expect(preview.errors).toEqual([
      {
        row: 3,
        column: 'Category',
        message: 'Category "Snacks" does not exist (allow creating categories and brands)',
      },
      { row: 3, column: 'Brand', message: 'Brand "Crunch" does not exist (allow creating categories and brands)' },
      { row: 4, column: 'Name', message: 'Product name is required' },
      { row: 5, column: 'Price', message: 'Selling price must be greater than 0' },
      { row: 5, column: 'Stock', message: 'Must be a whole number' },
      { row: 6, column: 'Cost', message: 'Cost is required' },
      { row: 8, column: 'SKU', message: 'tea-1 is also on row 7' },
    ]);
    expect(await liveProducts()).toEqual(before);
  });

  it('apply with errors is a 400 and writes nothing (all or nothing)', async () => {
    const before = await liveProducts();
    const csv = ['Name,SKU,Price,Cost,Stock', 'Good,GOOD-1,10,5,3', 'Bad,BAD-1,0,5,3'].join('\n');
    const res = await send('products', 'apply', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: '1 row has errors: nothing was imported',
      errors: { 'Row 3, Price': 'Selling price must be greater than 0' },
    });
    expect(await liveProducts()).toEqual(before);
  });

  it('applies creates (initial_stock), updates by SKU (adjustment), new categories and brands, and an audit row', async () => {
    const csv = [
      'Name,SKU,Category,Brand,Price,Cost,Stock,Low stock threshold',
      'Cola 1.5L,COLA-1,Drinks,Fizz,100,65,20,',
      'Chips,CHIPS-1,Snacks,Crunch,50,30,10,5',
      'Gum,,,,5,2,',
      'Mints,MINT-1,Snacks,Crunch,3,1,2',
    ].join('\r\n');
    const result = await ok('products', 'apply', csv, { createMissing: 'true' });
    expect(result).toMatchObject({ applied: true, rows: 4, toCreate: 3, toUpdate: 1, errorCount: 0 });
    expect(result.newCategories).toEqual(['Snacks']);
    expect(result.newBrands.sort()).toEqual(['Crunch', 'Fizz']);
    const rows = await liveProducts();
    const cola = rows.find((p) => p.sku === 'COLA-1');
    expect(cola).toMatchObject({ name: 'Cola 1.5L', price: '100.00', cost: '65.00', stockQuantity: 20 });
    const chips = rows.find((p) => p.sku === 'CHIPS-1');
    expect(chips).toMatchObject({ stockQuantity: 10, lowStockThreshold: 5 });
    expect(rows.find((p) => p.name === 'Gum')).toMatchObject({ stockQuantity: 0, sku: null });
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.companyId, tenant.company.id));
    expect(moves.filter((m) => m.productId === chips?.id).map((m) => [m.movementType, m.quantity])).toEqual([
      ['initial_stock', 10],
    ]);
    expect(
      moves
        .filter((m) => m.productId === cola?.id && m.movementType === 'adjustment')
        .map((m) => [m.direction, m.quantity, m.previousQuantity, m.newQuantity]),
    ).toEqual([['in', 8, 12, 20]]);
    const branchBrands = await db().select().from(brands).where(eq(brands.branchId, tenant.main.id));
    expect(branchBrands.map((b) => b.name).sort()).toEqual(['Crunch', 'Fizz']);
    const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, 'import.apply'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: tenant.manager.id, branchId: tenant.main.id });
  });

  it("reads Excel's files: BOM, ';' separators with decimal commas, quoted fields with newlines", async () => {
    const csv = `\uFEFFName;SKU;Price;Cost;Stock;Description\r\n"Rice; 5kg";RICE-5;1.250,50;900,25;4;"Long grain\r\nimported"\r\n`;
    const result = await ok('products', 'apply', csv);
    expect(result).toMatchObject({ rows: 1, toCreate: 1, errorCount: 0 });
    const rice = (await liveProducts()).find((p) => p.sku === 'RICE-5');
    expect(rice).toMatchObject({
      name: 'Rice; 5kg',
      price: '1250.50',
      cost: '900.25',
      stockQuantity: 4,
      description: 'Long grain\r\nimported',
    });
    // A header the spreadsheet wrote with other spacing and case, and blank lines, are fine too.
    const tabbed = 'name\tsku\tPRICE\tbuying price\n\nSalt\tSALT-1\t30\t10\n';
    expect(await ok('products', 'preview', tabbed)).toMatchObject({ rows: 1, toCreate: 1, errorCount: 0 });
  });

  it('refuses a file without a required column, an empty file, and callers without the permission', async () => {
    // The preview answers the file's columns so that one can be chosen for Price; the apply refuses it.
    const preview = await ok('products', 'preview', 'Name,SKU,Selling\nX,Y,3\n');
    expect(preview).toMatchObject({
      rows: 0,
      header: ['Name', 'SKU', 'Selling'],
      unmapped: ['Price'],
      mapping: { name: ['Name'], sku: ['SKU'] },
      mappingSource: 'headers',
    });
    const missing = await send('products', 'apply', 'Name,SKU\nX,Y\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The file has no "Price" column');
    expect((await send('products', 'preview', '')).statusCode).toBe(400);
    expect((await send('products', 'preview', 'Name,Price\nX,1\n', {}, tokens.cashier)).statusCode).toBe(403);
    const other = await createTenant(db());
    expect((await send('products', 'preview', 'Name,Price\nX,1\n', { branchId: other.main.id })).statusCode).toBe(404);
  });

  it("the catalogue's columns: a weighed unit with decimal stock, barcodes a scan finds, a tax class; an export imported again changes nothing", async () => {
    await createTaxClass(db(), { companyId: tenant.company.id, name: 'Exempt food', kind: 'exempt', rate: '0' });
    const file = [
      'Name,SKU,Price,Cost,Stock,Low stock threshold,Unit,Barcodes,Tax class',
      'Loose Lentils,LENT-KG,300,200,12.5,2.25,Kilogram,8901234500996,Exempt food',
      'Tea Box,TEA-BOX,250,150,10,3,,4006381333931; 036000291452,',
    ].join('\n');
    const applied = await ok('products', 'apply', file);
    expect([applied.toCreate, applied.errorCount]).toEqual([2, 0]);
    const list = await request(ctx.app, tokens.manager, {
      method: 'GET',
      url: `/api/products?branchId=${tenant.main.id}&search=LENT-KG`,
    });
    expect(list.json().data[0]).toMatchObject({
      unit: 'kg',
      stockQuantity: 12.5,
      lowStockThreshold: 2.25,
      taxRate: 0,
      barcodes: ['8901234500996'],
    });
    for (const code of ['036000291452', '4006381333931']) {
      const scan = await request(ctx.app, tokens.cashier, {
        method: 'GET',
        url: `/api/products?branchId=${tenant.main.id}&sku=${code}`,
      });
      expect(scan.json().data.map((p: { name: string }) => p.name)).toEqual(['Tea Box']);
    }

    // Row errors: a fraction of a piece, an unknown class, a code of another item or mistyped, the same code
    // twice in the file, a unit changed on an existing product.
    const bad = [
      'Name,SKU,Price,Cost,Stock,Unit,Barcodes,Tax class',
      'Soap,SOAP-1,50,30,2.5,,,',
      'Rice,RICE-1,50,30,1,kg,,Luxury',
      'Jam,JAM-1,50,30,1,,4006381333931,',
      'Honey,HONEY-1,50,30,1,,4006381333932,',
      'Salt,SALT-1,50,30,1,,2000000000015,',
      'Pepper,PEPPER-1,50,30,1,,2000000000015,',
      'Loose Lentils,LENT-KG,300,,12.5,piece,,',
      'Sugar,SUGAR-1,50,30,1,gallon,,',
    ].join('\n');
    const preview = await ok('products', 'preview', bad);
    expect(preview.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, 'Stock', 'Must be a whole number'],
      [3, 'Tax class', 'Tax class "Luxury" does not exist (add it in Settings)'],
      [4, 'Barcodes', 'Barcode "4006381333931" belongs to another item of the company'],
      [5, 'Barcodes', '4006381333932: The check digit is wrong: the code was mistyped or misread'],
      [7, 'Barcodes', '2000000000015 is also on row 6'],
      [8, 'Unit', "The product is sold by the Kilogram (kg): a unit is changed on its item's page"],
      [9, 'Unit', 'Unit must be one of piece, kg, g, l, ml, m, pack'],
    ]);

    // The export of both, imported again as it is: two updates, the same stock, barcodes and class.
    const exported = await request(ctx.app, tokens.manager, {
      method: 'GET',
      url: `/api/products/export.csv?branchId=${tenant.main.id}&search=e`,
    });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Unit,Barcodes,Tax class');
    const ours = [lines[0], ...lines.filter((l) => /LENT-KG|TEA-BOX/.test(l))].join('\n');
    const again = await ok('products', 'apply', ours);
    expect([again.toCreate, again.toUpdate, again.errorCount]).toEqual([0, 2, 0]);
    const after = await liveProducts();
    const lentils = after.find((p) => p.sku === 'LENT-KG');
    const tea = after.find((p) => p.sku === 'TEA-BOX');
    expect([Number(lentils?.stockQuantity), lentils?.unit, lentils?.barcodes, lentils?.taxRate]).toEqual([
      12.5,
      'kg',
      ['8901234500996'],
      '0.00',
    ]);
    expect(tea?.barcodes?.slice().sort()).toEqual(['036000291452', '4006381333931']);
  });

  it('imports customers matched by phone', async () => {
    await createCustomer(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      name: 'Sara',
      phone: '03001234567',
    });
    const csv = [
      'Name,Phone,Email,Notes',
      'Sara Ahmed,03001234567,sara@example.com,',
      'Ali Raza,03111111111,,"Likes tea, no sugar"',
      'Bad Mail,03222222222,not-an-email,',
    ].join('\n');
    const preview = await ok('customers', 'preview', csv);
    expect(preview).toMatchObject({ toCreate: 1, toUpdate: 1, errorCount: 1 });
    expect(preview.errors).toEqual([{ row: 4, column: 'Email', message: 'Invalid email address' }]);
    const applied = await ok('customers', 'apply', csv.split('\n').slice(0, 3).join('\n'));
    expect(applied).toMatchObject({ applied: true, toCreate: 1, toUpdate: 1 });
    const rows = await db().select().from(customers).where(eq(customers.branchId, tenant.main.id));
    expect(rows.find((c) => c.phone === '03001234567')).toMatchObject({
      name: 'Sara Ahmed',
      email: 'sara@example.com',
    });
    expect(rows.find((c) => c.phone === '03111111111')).toMatchObject({ notes: 'Likes tea, no sugar' });
  });

  it("copies a branch's products into another branch's catalogue in one step (no stock)", async () => {
    const res = await request(ctx.app, tokens.manager, {
      method: 'POST',
      url: '/api/import/products/copy',
      payload: { fromBranchId: tenant.main.id, toBranchId: tenant.second.id },
    });
    expect(res.statusCode).toBe(200);
    const source = await liveProducts();
    expect(res.json().data).toMatchObject({ created: source.length, updated: 0 });
    const copied = await db().select().from(products).where(eq(products.branchId, tenant.second.id));
    expect(copied.map((p) => p.sku).sort()).toEqual(source.map((p) => p.sku).sort());
    expect(copied.every((p) => p.stockQuantity === 0)).toBe(true);
    // The item's unit and tax class come along (the loose lentils of the catalogue's columns above).
    const lentils = copied.find((p) => p.sku === 'LENT-KG');
    expect([lentils?.unit, lentils?.taxRate, lentils?.taxClassId === null]).toEqual(['kg', '0.00', false]);
    // Again: every product matches now (by SKU, or by name without one).
    const again = await request(ctx.app, tokens.manager, {
      method: 'POST',
      url: '/api/import/products/copy',
      payload: { fromBranchId: tenant.main.id, toBranchId: tenant.second.id },
    });
    expect(again.json().data).toMatchObject({ created: 0, updated: source.length });
    const same = await request(ctx.app, tokens.manager, {
      method: 'POST',
      url: '/api/import/products/copy',
      payload: { fromBranchId: tenant.main.id, toBranchId: tenant.main.id },
    });
    expect(same.statusCode).toBe(400);
  });
});
