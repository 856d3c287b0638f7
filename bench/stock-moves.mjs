#!/usr/bin/env node
// Large stock moves on PostgreSQL: receiving a 1,000-line purchase order and applying a
// 10,000-product stock count, each through the API, end to end.
//
//   node bench/stock-moves.mjs [--products 10000] [--lines 1000] [--runs 5] [--no-build] [--keep]
//
// 1. a fresh PostgreSQL database next to TEST_DATABASE_URL; the built server on it (migrations at start);
// 2. through the API: the first admin signs in, creates a company and its main branch; with SQL: --products
//    products with stock 50 and their initial_stock movements (so stock = ledger from the start);
// 3. --runs times: through the API a supplier's purchase order of --lines lines (products taken in turn)
//    is drafted and ordered, then received in one request: the receive's time is measured (every line:
//    one `purchase` movement and a weighted-average cost);
// 4. --runs times: a count of every product is started through the API, --products counted lines are
//    written with SQL (entering 10,000 lines is the counters' work over hours, not the apply's), a sample
//    of 200 lines is entered through the API (its latency reported), then the apply request is measured
//    (10,000 `adjustment` movements where counted != expected: counted = stock - 1 + (i % 3));
// 5. afterwards stock = the signed sum of the ledger for every product, checked with SQL.
// Target (issue): each well under 2 s. Every loop is bounded; all traffic goes to 127.0.0.1.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import {
  apiClient,
  buildServer,
  createDatabase,
  loadAverage,
  option,
  setUpTenant,
  startServer,
  stats,
  writeResult,
} from './lib.mjs';

const args = process.argv.slice(2);
const PRODUCTS = option('products', 10_000);
const LINES = option('lines', 1000);
const RUNS = option('runs', 5);
const PORT = Number(process.env.BENCH_PORT ?? 3991);
const TARGET_MS = 2000;
const log = (message) => console.error(`[stock-moves bench] ${new Date().toISOString().slice(11, 19)} ${message}`);

async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { ms: +(performance.now() - t).toFixed(1), value };
}

async function main() {
  const keepAlive = setInterval(() => {}, 1000);
  if (!args.includes('--no-build')) buildServer();
  const adminPassword = randomBytes(12).toString('base64url');
  const database = await createDatabase();
  log(`database ${database.url}`);
  const result = { products: PRODUCTS, lines: LINES, runs: RUNS, cores: os.cpus().length, loadBefore: loadAverage() };
  const server = await startServer({
    port: PORT,
    env: {
      ADMIN_USERNAME: 'benchadmin',
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO: 'never',
      LOGIN_RATE_MAX_PER_IP: '10000',
      DATABASE_URL: database.url,
    },
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const call = apiClient(PORT);
    const tenant = await setUpTenant(call, { adminUsername: 'benchadmin', adminPassword });
    const token = tenant.adminToken;
    const companyId = tenant.company.id;
    const branchId = tenant.branch.id;
    await db.query('begin');
    await db.query(
      `insert into products (company_id, branch_id, name, sku, cost, price, stock_quantity)
       select $1::uuid, $2::uuid, 'Bench Product ' || p, 'SKU-' || lpad(p::text, 6, '0'), 10 + (p % 50) * 0.37,
              50 + p % 400, 50
       from generate_series(1, ${PRODUCTS}) p`,
      [companyId, branchId],
    );
    await db.query(
      `insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                                    previous_quantity, new_quantity, reference_type, reference_id, reason)
       select company_id, branch_id, id, 'initial_stock', 'in', stock_quantity, 0, stock_quantity, 'product', id,
              'Initial stock'
       from products where company_id = $1 and branch_id = $2`,
      [companyId, branchId],
    );
    await db.query('commit');
    await db.query('analyze');
    const productIds = (
      await db.query('select id from products where company_id = $1 and branch_id = $2 order by sku', [
        companyId,
        branchId,
      ])
    ).rows.map((r) => r.id);
    log(`${PRODUCTS} products ready`);

    const supplier = (await call('POST', '/suppliers', { token, body: { companyId, name: 'Bench Supplier' } })).data;
    result.loadBeforeMeasure = loadAverage();

    const receives = [];
    for (let run = 0; run < RUNS; run++) {
      const lines = Array.from({ length: LINES }, (_, i) => ({
        productId: productIds[(run * LINES + i) % productIds.length],
        quantity: 1 + ((run + i) % 24),
        unitCost: +(9 + ((run * 7 + i) % 300) / 100).toFixed(2),
      }));
      const po = (await call('POST', '/purchase-orders', { token, body: { branchId, supplierId: supplier.id, lines } }))
        .data;
      await call('POST', `/purchase-orders/${po.id}/order`, { token, body: {} });
      const body = {
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitCost: l.unitCost + 0.5 })),
      };
      const { ms, value } = await timed(() => call('POST', `/purchase-orders/${po.id}/receive`, { token, body }));
      if (value.data.status !== 'received') throw new Error(`receive: status ${value.data.status}`);
      receives.push(ms);
      log(`receive of ${LINES} lines: ${ms} ms`);
    }
    result.receivePurchaseOrderMs = stats(receives);

    const applies = [];
    const entries = [];
    for (let run = 0; run < RUNS; run++) {
      const count = (await call('POST', '/stock-counts', { token, body: { branchId } })).data;
      await db.query(
        `insert into stock_count_lines (company_id, stock_count_id, product_id, counted_quantity, expected_quantity, counted_at)
         select p.company_id, $3::uuid, p.id, greatest(p.stock_quantity - 1 + (row_number() over (order by p.id))::int % 3, 0),
                p.stock_quantity, now()
         from products p where p.company_id = $1 and p.branch_id = $2`,
        [companyId, branchId, count.id],
      );
      for (let i = 0; i < 200; i++) {
        const { ms } = await timed(() =>
          call('POST', `/stock-counts/${count.id}/lines`, {
            token,
            body: { sku: `SKU-${String(1 + ((run * 200 + i) % PRODUCTS)).padStart(6, '0')}`, quantity: 40 },
          }),
        );
        entries.push(ms);
      }
      const { ms, value } = await timed(() => call('POST', `/stock-counts/${count.id}/apply`, { token, body: {} }));
      applies.push(ms);
      log(`apply of ${PRODUCTS} counted products (${value.data.adjustedProducts} adjusted): ${ms} ms`);
    }
    result.countLineEntryMs = stats(entries);
    result.applyStockCountMs = stats(applies);

    const broken = await db.query(
      `select count(*)::int as n from products p
       where p.company_id = $1 and p.stock_quantity <> (
         select coalesce(sum(case when m.direction = 'in' then m.quantity else -m.quantity end), 0)
         from stock_movements m where m.company_id = p.company_id and m.product_id = p.id)`,
      [companyId],
    );
    result.productsWhereStockIsNotLedger = broken.rows[0].n;
    result.loadAfter = loadAverage();
    result.meetsTarget = result.receivePurchaseOrderMs.max < TARGET_MS && result.applyStockCountMs.max < TARGET_MS;
  } finally {
    await db.end().catch(() => {});
    await server.stop().catch(() => {});
    if (args.includes('--keep')) log(`kept database ${database.url}`);
    else await database.drop();
  }
  clearInterval(keepAlive);
  writeResult('stock-moves-postgresql', result);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
