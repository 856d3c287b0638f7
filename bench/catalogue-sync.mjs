#!/usr/bin/env node
// Catalogue sync for offline registers with 100,000 products in one branch, on PostgreSQL.
//
//   node bench/catalogue-sync.mjs [--no-build] [--products 100000] [--limit 5000] [--changed 100]
//
// 1. creates a fresh database next to TEST_DATABASE_URL, builds the server unless --no-build and starts
//    apps/server/dist/main.js on it; a company, its main branch and a cashier through the API;
// 2. generates the products with one SQL statement (generate_series), VACUUM ANALYZE, CHECKPOINT;
// 3. as the cashier: a first sync (GET /api/sync/catalogue, no cursor, pages of --limit) to the end, timed
//    per page and in total (server only: what the register's download costs the server, not IndexedDB);
// 4. --changed products get a new price (one UPDATE), then a delta sync from the first sync's cursor, timed;
//    it must answer at least every changed product;
// 5. writes bench/results/catalogue-sync.json, stops the server, drops the database.
import pg from 'pg';
import {
  apiClient,
  buildServer,
  createDatabase,
  LISTING_PRICE,
  loadAverage,
  option,
  setUpTenant,
  startServer,
  stats,
  writeResult,
} from './lib.mjs';

const PRODUCTS = option('products', 100_000);
const LIMIT = option('limit', 5000);
const CHANGED = option('changed', 100);
const PORT = Number(process.env.BENCH_PORT ?? 3993);

const database = await createDatabase();
let server;
try {
  if (!process.argv.includes('--no-build')) buildServer();
  server = await startServer({
    port: PORT,
    env: { DATABASE_URL: database.url, ADMIN_USERNAME: 'benchadmin', ADMIN_PASSWORD: 'Bench-Admin-Pass-1' },
  });
  const call = apiClient(PORT);
  const { cashierToken, company, branch } = await setUpTenant(call, {
    adminUsername: 'benchadmin',
    adminPassword: 'Bench-Admin-Pass-1',
  });

  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query(
    `insert into products (company_id, branch_id, name, sku, cost, price, stock_quantity)
     select $1::uuid, $2::uuid, 'Product ' || g, 'SKU-' || lpad(g::text, 7, '0'), 50, 80 + (g % 50), 1000
     from generate_series(1, $3::integer) g`,
    [company.id, branch.id, PRODUCTS],
  );
  await db.query('vacuum analyze products');
  await db.query('checkpoint');

  const page = async (cursor) => {
    const qs = new URLSearchParams({ branchId: branch.id, limit: String(LIMIT), ...(cursor && { cursor }) });
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/sync/catalogue?${qs}`, {
      headers: { authorization: `Bearer ${cashierToken}` },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`sync: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, data: body.data, bytes: JSON.stringify(body).length };
  };

  const fullStart = performance.now();
  const pageTimes = [];
  let cursor;
  let received = 0;
  let bytes = 0;
  for (let i = 0; i < 10_000; i++) {
    const p = await page(cursor);
    pageTimes.push(p.ms);
    received += p.data.products.length;
    bytes += p.bytes;
    cursor = p.data.nextCursor;
    if (!p.data.hasMore) break;
  }
  const fullMs = performance.now() - fullStart;
  if (received !== PRODUCTS) throw new Error(`first sync answered ${received} products, expected ${PRODUCTS}`);

  await db.query(
    `update products p set price = ${LISTING_PRICE} + 1 where company_id = $1 and branch_id = $2
       and id in (select id from products where company_id = $1 and branch_id = $2 order by sku limit $3)`,
    [company.id, branch.id, CHANGED],
  );
  const deltaStart = performance.now();
  const delta = [];
  for (let i = 0; i < 100; i++) {
    const p = await page(cursor);
    delta.push(...p.data.products);
    cursor = p.data.nextCursor;
    if (!p.data.hasMore) break;
  }
  const deltaMs = performance.now() - deltaStart;
  if (delta.length < CHANGED) throw new Error(`delta answered ${delta.length} products, expected ${CHANGED}`);
  await db.end();

  const result = {
    products: PRODUCTS,
    limit: LIMIT,
    firstSync: {
      totalMs: Math.round(fullMs),
      pages: pageTimes.length,
      perPageMs: stats(pageTimes),
      megabytes: +(bytes / 1e6).toFixed(1),
    },
    delta: { changed: CHANGED, answered: delta.length, ms: Math.round(deltaMs) },
    loadAverage: loadAverage(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('catalogue-sync', result);
} finally {
  await server?.stop();
  await database.drop();
}
