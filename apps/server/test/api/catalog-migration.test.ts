import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, findMigrationsFolder, queryRows } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { listingPriceSql } from '../../src/domain/catalog.repo';
import { engineName } from '../helpers/context';
import { checkInvariants } from '../helpers/invariants';

/**
 * Migration 0047 (the company catalogue) on a database that has lived before it: a database migrated up to
 * 0046 is filled with what shops had then (the same SKU in several branches at several prices, an SKU
 * written in another case, products without SKU sharing a name across branches and within one, a
 * soft-deleted product beside its live replacement, stock movements and sales), then migrated to the end.
 * No product id, stock, price, cost, ledger row or sale line may move; every product becomes a listing of
 * a variant, grouped as the migration says (docs in 0047_catalog_items.sql), and the invariants hold.
 *
 * The demo seed (db/seed/demo.ts) writes through the current Drizzle schema (products.variant_id), so it
 * cannot run on a 0046 database: the data here is raw SQL against the 0046 tables.
 */

/** The migrations folder as it stood at 0046: the same files, the journal cut after 0046. */
function migrationsUpTo0046(): string {
  const source = findMigrationsFolder();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-migrations-0046-'));
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag.startsWith('0046_'));
  if (last < 0) throw new Error('migration 0046 not found in the journal');
  const entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) fs.copyFileSync(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

type Handle = { db: Db; migrate: (migrationsFolder: string) => Promise<void>; close: () => Promise<void> };

/** An empty database of this engine that the test migrates itself (the suite's template is fully migrated). */
async function openEmptyDatabase(): Promise<Handle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Db,
      migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const name = `pos_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    close: async () => {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

type BranchKey = 'main' | 'second' | 'third' | 'other';
type CategoryKey = 'drinksMain' | 'drinksSecond' | 'bakery';
type ProductSpec = {
  branch: BranchKey;
  name: string;
  sku: string | null;
  price: string;
  cost?: string;
  category?: CategoryKey;
  description?: string;
  stock: number;
  deleted?: boolean;
};

/**
 * The products at 0046, oldest first (each a minute after the one before). Company A has branches main,
 * second and third; company B ('other') has one branch.
 */
const PRODUCTS = {
  // One SKU in three branches, two at 180 and one at 200; names, categories and costs differ by branch.
  colaMain: {
    branch: 'main',
    name: 'Cola 1.5L',
    sku: 'COLA-15',
    price: '180.00',
    cost: '120.00',
    category: 'drinksMain',
    description: 'Fizzy',
    stock: 48,
  },
  colaSecond: {
    branch: 'second',
    name: 'Cola 1.5 litre',
    sku: 'COLA-15',
    price: '180.00',
    cost: '125.00',
    category: 'drinksSecond',
    stock: 20,
  },
  colaThird: { branch: 'third', name: 'Cola', sku: 'COLA-15', price: '200.00', cost: '118.00', stock: 10 },
  // One SKU written in three cases; two of three sell at 95, the earliest at 90.
  chipsMain: { branch: 'main', name: 'Salted Chips 70g', sku: 'CHIP-70', price: '90.00', stock: 100 },
  chipsSecond: { branch: 'second', name: 'Salted chips', sku: 'chip-70', price: '95.00', stock: 50 },
  chipsThird: { branch: 'third', name: 'chips', sku: 'Chip-70', price: '95.00', stock: 30 },
  // No SKU, one name (in two cases) in two branches.
  breadMain: { branch: 'main', name: 'Bread', sku: null, price: '50.00', category: 'bakery', stock: 12 },
  breadSecond: { branch: 'second', name: 'BREAD', sku: null, price: '50.00', stock: 8 },
  // No SKU: two products of one name in the main branch, one in each other branch.
  eggsMain: { branch: 'main', name: 'Eggs (dozen)', sku: null, price: '300.00', stock: 15 },
  eggsMainAgain: { branch: 'main', name: 'Eggs (dozen)', sku: null, price: '320.00', stock: 6 },
  eggsSecond: { branch: 'second', name: 'eggs (dozen)', sku: null, price: '310.00', stock: 9 },
  eggsThird: { branch: 'third', name: 'Eggs (dozen)', sku: null, price: '300.00', stock: 4 },
  // A soft-deleted product (sold out, then replaced) beside the live one of its SKU in the main branch.
  milkMainDeleted: {
    branch: 'main',
    name: 'Milk 1L (old pack)',
    sku: 'MILK-1L',
    price: '230.00',
    stock: 5,
    deleted: true,
  },
  milkMain: { branch: 'main', name: 'Milk 1L', sku: 'MILK-1L', price: '240.00', stock: 60 },
  milkSecond: { branch: 'second', name: 'Milk 1 L', sku: 'milk-1l', price: '240.00', stock: 25 },
  // Deleted everywhere.
  goneMain: { branch: 'main', name: 'Discontinued', sku: 'OLD-1', price: '10.00', stock: 0, deleted: true },
  // Live only in main (at 100), deleted (at 120) in the two other branches, which had it first.
  soapSecondDeleted: { branch: 'second', name: 'Soap bar', sku: 'SOAP', price: '120.00', stock: 0, deleted: true },
  soapThirdDeleted: { branch: 'third', name: 'Soap', sku: 'SOAP', price: '120.00', stock: 0, deleted: true },
  soapMain: { branch: 'main', name: 'Soap', sku: 'SOAP', price: '100.00', stock: 40 },
  // The name of an SKU's product, without SKU: not that SKU's variant.
  colaSecondNoSku: { branch: 'second', name: 'Cola 1.5L', sku: null, price: '150.00', stock: 3 },
  // Company B's product of company A's SKU.
  colaOther: { branch: 'other', name: 'Cola 1.5L', sku: 'COLA-15', price: '170.00', stock: 30 },
} satisfies Record<string, ProductSpec>;
type ProductKey = keyof typeof PRODUCTS;
const productKeys = Object.keys(PRODUCTS) as ProductKey[];

/**
 * Sales before the migration (card, no tax, no discount), each line with its stock movement; at the given
 * minute (default: an hour after the products, ten minutes apart). The old milk pack sells out before it is
 * deleted, half a minute after it was added.
 */
const SALES: { branch: BranchKey; receipt: string; lines: [ProductKey, number][]; minute?: number }[] = [
  {
    branch: 'main',
    receipt: 'M-0001',
    lines: [
      ['colaMain', 2],
      ['eggsMainAgain', 1],
    ],
  },
  {
    branch: 'main',
    receipt: 'M-0002',
    lines: [['milkMainDeleted', 5]],
    minute: productKeys.indexOf('milkMainDeleted') + 0.25,
  },
  { branch: 'second', receipt: 'S-0001', lines: [['chipsSecond', 3]] },
  {
    branch: 'third',
    receipt: 'T-0001',
    lines: [
      ['colaThird', 1],
      ['chipsThird', 2],
    ],
  },
  { branch: 'other', receipt: 'B-0001', lines: [['colaOther', 1]] },
];

describe(`migration 0047 on a database that lived at 0046 (${engineName()})`, () => {
  let handle: Handle;
  let folder0046: string;
  const db = () => handle.db;
  const run = (query: ReturnType<typeof sql>) => db().execute(query);

  const companyA = randomUUID();
  const companyB = randomUUID();
  const branch: Record<BranchKey, string> = {
    main: randomUUID(),
    second: randomUUID(),
    third: randomUUID(),
    other: randomUUID(),
  };
  const companyOf = (b: BranchKey) => (b === 'other' ? companyB : companyA);
  const category: Record<CategoryKey, string> = {
    drinksMain: randomUUID(),
    drinksSecond: randomUUID(),
    bakery: randomUUID(),
  };
  const id = Object.fromEntries(productKeys.map((k) => [k, randomUUID()])) as Record<ProductKey, string>;
  const keyOf = new Map(productKeys.map((k) => [id[k], k]));
  const start = Date.parse('2025-03-01T08:00:00Z');
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();

  type ProductRow = {
    id: string;
    company_id: string;
    branch_id: string;
    stock_quantity: number;
    price: string;
    cost: string;
    brand_id: string | null;
    deleted_at: Date | null;
  };
  type MovementTotal = { product_id: string; movements: number; signed: number };
  type SaleLine = {
    id: string;
    sale_id: string;
    product_id: string;
    product_name: string;
    product_sku: string | null;
    quantity: number;
    unit_price: string;
    subtotal: string;
    returned_quantity: number;
  };
  // Migrated, a listing that follows its chain price stores none (0074): its price is read as the register does.
  const productRows = (price = 'price') =>
    queryRows<ProductRow>(
      db(),
      sql`select id, company_id, branch_id, stock_quantity::float8 as stock_quantity, ${sql.raw(price)}::text as price,
            cost::text, brand_id, deleted_at
          from products order by id`,
    );
  const movementTotals = () =>
    queryRows<MovementTotal>(
      db(),
      sql`select product_id, count(*)::int as movements,
            sum(case when direction = 'in' then quantity else -quantity end)::float8 as signed
          from stock_movements group by product_id order by product_id`,
    );
  const saleLines = () =>
    queryRows<SaleLine>(
      db(),
      sql`select id, sale_id, product_id, product_name, product_sku, quantity::float8 as quantity, unit_price::text,
            subtotal::text, returned_quantity::float8 as returned_quantity
          from sale_items order by id`,
    );
  let before: { products: ProductRow[]; movements: MovementTotal[]; lines: SaleLine[] };

  type Listing = {
    id: string;
    company_id: string;
    branch_id: string;
    name: string;
    sku: string | null;
    price: string;
    category_id: string | null;
    deleted_at: Date | null;
    price_overridden: boolean;
    variant_id: string;
    variant_company: string | null;
    variant_price: string | null;
    variant_deleted: boolean | null;
    item_id: string | null;
    item_deleted: boolean | null;
  };
  let listings: Map<ProductKey, Listing>;
  const listing = (key: ProductKey) => {
    const row = listings.get(key);
    if (!row) throw new Error(`product ${key} not found after the migration`);
    return row;
  };
  const variantOf = (key: ProductKey) => listing(key).variant_id;

  /** Company A and B at 0046: branches, a user, categories, the products, their ledgers and sales. */
  async function fillAt0046() {
    await run(sql`insert into roles (id, name, permissions) values (9047, 'Migration test', '[]'::jsonb)`);
    for (const company of [companyA, companyB]) {
      await run(sql`insert into companies (id, name, address, phone, email)
                    values (${company}::uuid, ${`Company ${company.slice(0, 8)}`}, '1 Test Street', '0300', 'co@example.com')`);
    }
    for (const key of Object.keys(branch) as BranchKey[]) {
      await run(sql`insert into branches (company_id, id, name, address, phone, is_main, timezone)
                    values (${companyOf(key)}::uuid, ${branch[key]}::uuid, ${`Branch ${key}`}, '2 Test Avenue', '0300',
                            ${key === 'main' || key === 'other'}, 'Asia/Karachi')`);
    }
    const cashier = { [companyA]: randomUUID(), [companyB]: randomUUID() };
    for (const company of [companyA, companyB]) {
      const username = `migration-${randomUUID().slice(0, 8)}`;
      await run(sql`insert into users (id, name, username, password_hash, role_id, company_id)
                    values (${cashier[company]}::uuid, 'Cashier', ${username}, 'x', 9047, ${company}::uuid)`);
    }
    for (const [key, name, home] of [
      ['drinksMain', 'Drinks', 'main'],
      ['drinksSecond', 'Drinks', 'second'],
      ['bakery', 'Bakery', 'main'],
    ] as const) {
      await run(
        sql`insert into categories (company_id, id, name) values (${companyA}::uuid, ${category[key]}::uuid, ${name})`,
      );
      await run(sql`insert into category_branches (company_id, category_id, branch_id)
                    values (${companyA}::uuid, ${category[key]}::uuid, ${branch[home]}::uuid)`);
    }

    // Each product with its opening stock (what its sales then take away).
    const sold = new Map<ProductKey, number>();
    for (const sale of SALES) for (const [key, n] of sale.lines) sold.set(key, (sold.get(key) ?? 0) + n);
    for (const [i, key] of productKeys.entries()) {
      const p: ProductSpec = PRODUCTS[key];
      const company = companyOf(p.branch);
      const opening = p.stock + (sold.get(key) ?? 0);
      // A deleted product is deleted half a minute after it was added, before its replacement comes.
      const deletedAt = p.deleted ? at(i + 0.5) : null;
      await run(sql`insert into products (company_id, id, branch_id, name, sku, category_id, cost, price, stock_quantity,
                      description, created_at, updated_at, deleted_at)
                    values (${company}::uuid, ${id[key]}::uuid, ${branch[p.branch]}::uuid, ${p.name}, ${p.sku},
                            ${p.category ? category[p.category] : null}::uuid, ${p.cost ?? '1.00'}, ${p.price}, ${opening},
                            ${p.description ?? null}, ${at(i)}::timestamptz, ${at(i)}::timestamptz,
                            ${deletedAt}::timestamptz)`);
      if (opening > 0) {
        await run(sql`insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                        previous_quantity, new_quantity, created_at)
                      values (${company}::uuid, ${branch[p.branch]}::uuid, ${id[key]}::uuid, 'initial_stock', 'in',
                              ${opening}, 0, ${opening}, ${at(i)}::timestamptz)`);
      }
    }
    for (const [s, sale] of SALES.entries()) {
      const company = companyOf(sale.branch);
      const saleId = randomUUID();
      const soldAt = at(sale.minute ?? productKeys.length + 60 + s * 10);
      const cents = sale.lines.reduce((sum, [key, n]) => sum + Math.round(Number(PRODUCTS[key].price) * 100) * n, 0);
      const money = (cents / 100).toFixed(2);
      await run(sql`insert into sales (company_id, id, branch_id, receipt_number, cashier_id, payment_method, subtotal,
                      discount_type, discount_value, discount_amount, tax_rate, tax_amount, total, amount_paid,
                      change_amount, created_at, sold_at)
                    values (${company}::uuid, ${saleId}::uuid, ${branch[sale.branch]}::uuid, ${sale.receipt},
                            ${cashier[company]}::uuid, 'card', ${money}, 'amount', 0, 0, 0, 0, ${money}, ${money}, 0,
                            ${soldAt}::timestamptz, ${soldAt}::timestamptz)`);
      for (const [key, n] of sale.lines) {
        const p: ProductSpec = PRODUCTS[key];
        await run(sql`insert into sale_items (company_id, sale_id, product_id, product_name, product_sku, quantity,
                        unit_price, subtotal)
                      values (${company}::uuid, ${saleId}::uuid, ${id[key]}::uuid, ${p.name}, ${p.sku}, ${n}, ${p.price},
                              ${(Number(p.price) * n).toFixed(2)})`);
        await run(sql`update products set stock_quantity = stock_quantity - ${n}
                      where company_id = ${company}::uuid and id = ${id[key]}::uuid`);
        await run(sql`insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                        previous_quantity, new_quantity, user_id, reference_type, reference_id, created_at)
                      select company_id, branch_id, id, 'sale', 'out', ${n}, stock_quantity + ${n}, stock_quantity,
                             ${cashier[company]}::uuid, 'sale', ${saleId}::uuid, ${soldAt}::timestamptz
                      from products where company_id = ${company}::uuid and id = ${id[key]}::uuid`);
      }
      if (s === 0) storeCreditSale = { company, saleId, key: sale.lines[0]?.[0] ?? 'colaMain' };
    }
    // The first sale's customer brought one unit back and was told it was store credit (a label then).
    const { company, saleId, key } = storeCreditSale;
    const customerId = randomUUID();
    const returnId = randomUUID();
    const price = PRODUCTS[key].price;
    await run(sql`insert into customers (company_id, id, branch_id, name, phone)
                  values (${company}::uuid, ${customerId}::uuid, ${branch.main}::uuid, 'Old Customer', '03005550000')`);
    await run(
      sql`update sales set customer_id = ${customerId}::uuid where company_id = ${company}::uuid and id = ${saleId}::uuid`,
    );
    await run(sql`insert into returns (company_id, id, branch_id, return_number, original_sale_id, processed_by,
                    refund_amount, refund_method, reason)
                  values (${company}::uuid, ${returnId}::uuid, ${branch.main}::uuid, 'RET-000001', ${saleId}::uuid,
                          ${cashier[company]}::uuid, ${price}, 'store_credit', 'customer_change_mind')`);
    await run(sql`insert into return_items (company_id, return_id, sale_item_id, product_id, product_name, quantity,
                    unit_price, total_amount, is_restockable)
                  select company_id, ${returnId}::uuid, id, product_id, product_name, 1, unit_price, unit_price, false
                  from sale_items where company_id = ${company}::uuid and sale_id = ${saleId}::uuid and product_id = ${id[key]}::uuid`);
    await run(sql`update sale_items set returned_quantity = 1
                  where company_id = ${company}::uuid and sale_id = ${saleId}::uuid and product_id = ${id[key]}::uuid`);
  }
  let storeCreditSale = { company: '', saleId: '', key: 'colaMain' as ProductKey };

  beforeAll(async () => {
    folder0046 = migrationsUpTo0046();
    handle = await openEmptyDatabase();
    await handle.migrate(folder0046);
    // The schema is 0046's: products are not listings yet.
    const columns = await queryRows<{ column_name: string }>(
      db(),
      sql`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = 'products' and column_name = 'variant_id'`,
    );
    expect(columns).toEqual([]);
    await fillAt0046();
    // The data is sound before the migration (the invariants of 0046's tables; 'listings' is not yet).
    const soundBefore = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from products p
          where p.stock_quantity <> (select coalesce(sum(case when m.direction = 'in' then m.quantity else -m.quantity end), 0)
                                     from stock_movements m where m.company_id = p.company_id and m.product_id = p.id)`,
    );
    expect(soundBefore).toEqual([{ n: 0 }]);
    before = { products: await productRows(), movements: await movementTotals(), lines: await saleLines() };

    await handle.migrate(findMigrationsFolder());
    const rows = await queryRows<Listing>(
      db(),
      sql`select p.id, p.company_id, p.branch_id, p.name, p.sku, ${sql.raw(listingPriceSql('p'))}::text as price, p.deleted_at, p.price_overridden, p.category_id,
            p.variant_id, v.company_id as variant_company, v.price::text as variant_price,
            v.deleted_at is not null as variant_deleted, i.id as item_id, i.deleted_at is not null as item_deleted
          from products p
          left join variants v on v.company_id = p.company_id and v.id = p.variant_id
          left join items i on i.company_id = v.company_id and i.id = v.item_id`,
    );
    listings = new Map(
      rows.flatMap((r) => {
        const key = keyOf.get(r.id);
        return key ? [[key, r] as const] : [];
      }),
    );
  });
  afterAll(async () => {
    await handle?.close();
    if (folder0046) fs.rmSync(folder0046, { recursive: true, force: true });
  });

  it("gives every earlier sale its one tender line, and an earlier store credit return its customer's balance", async () => {
    const [tenders] = await queryRows<{ sales: number; lines: number; off: number }>(
      db(),
      sql`select (select count(*)::int from sales) as sales, (select count(*)::int from sale_tender_lines) as lines,
            (select count(*)::int from sales s join sale_tender_lines t on t.company_id = s.company_id and t.sale_id = s.id
              where t.method <> s.payment_method or t.amount <> s.total) as off`,
    );
    expect(tenders).toEqual({ sales: SALES.length, lines: SALES.length, off: 0 });
    const credit = await queryRows<{ balance: string; kind: string; amount: string }>(
      db(),
      sql`select c.credit_balance::text as balance, e.kind, e.amount::text as amount
          from customers c join customer_credit_entries e on e.company_id = c.company_id and e.customer_id = c.id`,
    );
    const price = PRODUCTS[storeCreditSale.key].price;
    expect(credit).toEqual([{ balance: price, kind: 'return', amount: price }]);
  });

  it('applies every migration after 0046', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8'));
    const [applied] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied?.n).toBe(journal.entries.length);
    expect(journal.entries.map((e: { tag: string }) => e.tag)).toEqual(
      expect.arrayContaining(['0047_catalog_items', '0048_catalog_listings']),
    );
  });

  it('keeps every product id with its branch, stock, price, cost and deletion; the ledger and sale lines unchanged', async () => {
    expect(before.products).toHaveLength(productKeys.length);
    expect(await productRows(listingPriceSql('products'))).toEqual(before.products);
    expect(await movementTotals()).toEqual(before.movements);
    expect(before.lines).toHaveLength(7);
    expect(await saleLines()).toEqual(before.lines);
  });

  it('makes every product a listing of a variant of its own company, whose item exists', () => {
    expect(listings.size).toBe(productKeys.length);
    for (const key of productKeys) {
      const row = listing(key);
      expect(row.variant_id, key).toBeTruthy();
      expect(row.variant_company, key).toBe(row.company_id);
      expect(row.item_id, key).toBeTruthy();
    }
  });

  it('lists one SKU (in any case) of a company as one variant in every branch, and another company apart', () => {
    expect(new Set([variantOf('colaMain'), variantOf('colaSecond'), variantOf('colaThird')]).size).toBe(1);
    expect(new Set([variantOf('chipsMain'), variantOf('chipsSecond'), variantOf('chipsThird')]).size).toBe(1);
    expect(new Set([variantOf('milkMain'), variantOf('milkSecond')]).size).toBe(1);
    expect(new Set([variantOf('soapMain'), variantOf('soapSecondDeleted'), variantOf('soapThirdDeleted')]).size).toBe(
      1,
    );
    expect(variantOf('colaOther')).not.toBe(variantOf('colaMain'));
    expect(variantOf('colaSecondNoSku')).not.toBe(variantOf('colaMain'));
    // Every live product of one lower(SKU) in a company shares the variant; every variant is listed live once
    // per branch at most.
    const bySku = new Map<string, Set<string>>();
    for (const row of listings.values()) {
      if (row.sku === null || row.deleted_at !== null) continue;
      const skuKey = `${row.company_id}/${row.sku.toLowerCase()}`;
      bySku.set(skuKey, (bySku.get(skuKey) ?? new Set()).add(row.variant_id));
    }
    for (const [skuKey, variants] of bySku) expect(variants.size, skuKey).toBe(1);
    // The listings show their variant's SKU: the earliest live product's.
    expect([listing('chipsSecond').sku, listing('chipsThird').sku, listing('milkSecond').sku]).toEqual([
      'CHIP-70',
      'CHIP-70',
      'MILK-1L',
    ]);
  });

  it('lists products without SKU of one name in several branches as one variant, two in one branch as two', () => {
    expect(variantOf('breadMain')).toBe(variantOf('breadSecond'));
    expect(new Set([variantOf('eggsMain'), variantOf('eggsSecond'), variantOf('eggsThird')]).size).toBe(1);
    expect(variantOf('eggsMainAgain')).not.toBe(variantOf('eggsMain'));
    expect(listing('breadSecond').name).toBe('Bread');
  });

  it("gives a deleted product beside its branch's live one a deleted variant; a live product's variant is live", () => {
    expect(variantOf('milkMainDeleted')).not.toBe(variantOf('milkMain'));
    expect(listing('milkMainDeleted')).toMatchObject({ variant_deleted: true, item_deleted: true });
    expect(listing('goneMain')).toMatchObject({ variant_deleted: true, item_deleted: true });
    for (const row of listings.values()) {
      if (row.deleted_at === null) {
        expect({
          key: keyOf.get(row.id),
          variant_deleted: row.variant_deleted,
          item_deleted: row.item_deleted,
        }).toEqual({ key: keyOf.get(row.id), variant_deleted: false, item_deleted: false });
      }
    }
    // The soap variant lives on (main lists it) though its two older products are deleted.
    expect(listing('soapSecondDeleted').variant_deleted).toBe(false);
  });

  it('prices a variant at the price most of its live products sold at; exactly the others are overrides', async () => {
    const byVariant = new Map<string, Listing[]>();
    for (const row of listings.values()) byVariant.set(row.variant_id, [...(byVariant.get(row.variant_id) ?? []), row]);
    for (const [variant, all] of byVariant) {
      // The live products vote; a variant with none keeps the price of its deleted ones.
      const live = all.filter((r) => r.deleted_at === null);
      const rows = live.length > 0 ? live : all;
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.price, (counts.get(r.price) ?? 0) + 1);
      const chain = rows[0]?.variant_price ?? '';
      expect(counts.get(chain) ?? 0, `variant ${variant}: ${chain} of ${JSON.stringify([...counts])}`).toBe(
        Math.max(...counts.values()),
      );
    }
    for (const row of listings.values()) {
      expect(row.price_overridden, keyOf.get(row.id)).toBe(row.price !== row.variant_price);
    }
    expect(
      productKeys.filter((k) => listing(k).price_overridden),
      'the overridden products',
    ).toEqual(['colaThird', 'chipsMain', 'eggsSecond', 'soapSecondDeleted', 'soapThirdDeleted']);
    // Soap sells at 100 in main; its deleted products at 120 elsewhere do not set the chain price (they keep
    // their own, as overrides).
    expect(listing('soapMain').variant_price).toBe('100.00');
    expect(listing('colaMain').variant_price).toBe('180.00');
    expect(listing('chipsMain').variant_price).toBe('95.00');
    expect(listing('eggsMain').variant_price).toBe('300.00');
    expect(listing('eggsMainAgain').variant_price).toBe('320.00');
  });

  it("shows every live listing's category (now its item's) in the listing's branch", async () => {
    const unattached = await queryRows<{ id: string }>(
      db(),
      sql`select p.id from products p
          where p.deleted_at is null and p.category_id is not null
            and not exists (select 1 from category_branches cb where cb.company_id = p.company_id
                              and cb.category_id = p.category_id and cb.branch_id = p.branch_id)`,
    );
    expect(unattached.map((r) => keyOf.get(r.id))).toEqual([]);
    // The second branch's cola now shows the main branch's category, attached there too.
    expect(listing('colaSecond').category_id).toBe(category.drinksMain);
  });

  it('leaves a database on which every invariant holds', async () => {
    expect(await checkInvariants(db())).toEqual([]);
  });
});
