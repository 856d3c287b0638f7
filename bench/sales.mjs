#!/usr/bin/env node
// Sale commit throughput and latency through the HTTP API: N concurrent registers posting 3-line sales.
//
//   node bench/sales.mjs [--engine postgresql|pglite] [--registers 32] [--seconds 15] [--products 1000] [--no-build]
//
// PostgreSQL: a fresh database next to TEST_DATABASE_URL; afterwards the same statements the sale runs
// (auth look-ups, idempotency lock and check, products FOR UPDATE, 3 stock updates, receipt counter,
// sale, lines, movements, read-back) are run raw by pgbench with the same concurrency, for comparison.
// PGlite: the embedded database in a temporary DATA_DIR. Targets (DESIGN.md section 9): PostgreSQL
// >= 1,000 sales/s, p99 <= 50 ms, >= 0.5 x raw; PGlite >= 100 sales/s.
// Every loop is bounded by --seconds; all traffic goes to 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  apiClient,
  buildServer,
  cpuPerUnit,
  cpuSnapshot,
  createDatabase,
  loadAverage,
  setUpTenant,
  startServer,
  stats,
  writeResult,
} from './lib.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const ENGINE = option('engine', 'postgresql');
const REGISTERS = Number(option('registers', 32));
const SECONDS = Number(option('seconds', 15));
const PRODUCTS = Number(option('products', 1000));
const PORT = Number(process.env.BENCH_PORT ?? 3988);
const log = (message) => console.error(`[sales bench] ${message}`);

// Same rounding as packages/shared/src/money.ts percentOf (half up on minor units).
const taxOf = (minor, percent) => Math.floor((minor * Math.round(percent * 100) + 5000) / 10000);

function salePayload(branchId, products) {
  const picked = new Set();
  while (picked.size < 3) picked.add(Math.floor(Math.random() * products.length));
  const items = [...picked].map((i) => ({
    product_id: products[i].id,
    quantity: 1 + Math.floor(Math.random() * 3),
    price: products[i].price,
  }));
  const subtotal = items.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0);
  const tax = taxOf(subtotal, 5);
  const total = subtotal + tax;
  return {
    branchId,
    items,
    subtotal: subtotal / 100,
    tax: tax / 100,
    tax_rate: 5,
    discount_type: 'amount',
    discount_value: 0,
    discount_amount: 0,
    total: total / 100,
    payment_method: 'card',
    amount_paid: total / 100,
    change: 0,
  };
}

async function runLoad({ port, tokens, branchId, products, serverPid }) {
  const url = `http://127.0.0.1:${port}/api/transactions`;
  const latencies = [];
  let failures = 0;
  let created = 0;
  const failureSamples = [];
  const post = async (token) => {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(salePayload(branchId, products)),
    });
    const body = await res.text();
    if (res.status === 201) {
      created++;
      return performance.now() - started;
    }
    failures++;
    if (failureSamples.length < 3) failureSamples.push(`${res.status} ${body.slice(0, 200)}`);
    return undefined;
  };
  // Warm-up: JIT, connection pool, plan caches.
  const warmUntil = performance.now() + 2000;
  await Promise.all(
    Array.from({ length: REGISTERS }, async (_, i) => {
      while (performance.now() < warmUntil) await post(tokens[i % tokens.length]);
    }),
  );
  failures = 0;
  const cpuBefore = cpuSnapshot(serverPid);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: REGISTERS }, async (_, i) => {
      while (performance.now() < deadline) {
        const ms = await post(tokens[i % tokens.length]);
        if (ms !== undefined) latencies.push(ms);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuPerUnit(cpuBefore, cpuSnapshot(serverPid), latencies.length + failures);
  return {
    salesPerSecond: +(latencies.length / elapsed).toFixed(1),
    sales: latencies.length,
    createdIncludingWarmUp: created,
    failures,
    failureSamples,
    latencyMs: stats(latencies),
    cpuPerSaleMs: cpu,
  };
}

function pgbenchScript(nProducts) {
  return `\\set p1 random(1, ${nProducts})
\\set p2 random(1, ${nProducts})
\\set p3 random(1, ${nProducts})
SELECT s.id AS sid, s.user_id AS uid FROM bench_sessions bs JOIN sessions s ON s.id = bs.session_id JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id WHERE bs.n = :client_id % (SELECT count(*) FROM bench_sessions) AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active \\gset
SELECT id, company_id, timezone FROM branches WHERE id = ':bid';
SELECT gen_random_uuid() AS sale_id \\gset
BEGIN;
SELECT pg_advisory_xact_lock(hashtextextended(':bid' || ':sale_id', 0));
SELECT id, request_hash FROM sales WHERE company_id = ':cid' AND branch_id = ':bid' AND idempotency_key = ':sale_id';
SELECT p.id, p.name, p.sku, p.price, p.stock_quantity FROM products p JOIN bench_products b ON b.id = p.id WHERE p.company_id = ':cid' AND p.branch_id = ':bid' AND b.n IN (:p1, :p2, :p3) AND p.deleted_at IS NULL ORDER BY p.id FOR UPDATE OF p;
UPDATE products SET stock_quantity = stock_quantity - 1, updated_at = now() WHERE company_id = ':cid' AND id = (SELECT id FROM bench_products WHERE n = :p1);
UPDATE products SET stock_quantity = stock_quantity - 1, updated_at = now() WHERE company_id = ':cid' AND id = (SELECT id FROM bench_products WHERE n = :p2);
UPDATE products SET stock_quantity = stock_quantity - 1, updated_at = now() WHERE company_id = ':cid' AND id = (SELECT id FROM bench_products WHERE n = :p3);
SELECT nextval(pos_receipt_sequence(':bid')) AS rn \\gset
INSERT INTO sales (company_id, id, branch_id, receipt_number, cashier_id, payment_method, status, subtotal, discount_type, discount_value, discount_amount, tax_rate, tax_amount, total, amount_paid, change_amount, idempotency_key, request_hash) VALUES (':cid', ':sale_id', ':bid', 'RAW-' || :rn, ':uid', 'card', 'completed', 300, 'amount', 0, 0, 5, 15, 315, 315, 0, ':sale_id', 'raw');
INSERT INTO sale_items (company_id, sale_id, product_id, product_name, product_sku, quantity, unit_price, subtotal) SELECT ':cid', ':sale_id', p.id, p.name, p.sku, 1, p.price, p.price FROM products p JOIN bench_products b ON b.id = p.id WHERE p.company_id = ':cid' AND b.n IN (:p1, :p2, :p3);
INSERT INTO stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity, previous_quantity, new_quantity, user_id, reference_type, reference_id) SELECT ':cid', ':bid', p.id, 'sale', 'out', 1, p.stock_quantity + 1, p.stock_quantity, ':uid', 'sale', ':sale_id' FROM products p JOIN bench_products b ON b.id = p.id WHERE p.company_id = ':cid' AND b.n IN (:p1, :p2, :p3);
COMMIT;
SELECT s.*, u.name, b.name FROM sales s JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id LEFT JOIN users u ON u.id = s.cashier_id WHERE s.id = ':sale_id' AND s.company_id = ':cid';
SELECT * FROM sale_items WHERE company_id = ':cid' AND sale_id = ':sale_id' ORDER BY product_name;
`;
}

async function runPgbench({ databaseUrl, companyId, branchId }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `create table bench_products as select row_number() over (order by id) as n, id from products where company_id = $1`,
    [companyId],
  );
  await db.query('create unique index on bench_products (n)');
  await db.query('create unique index on bench_products (id)');
  const n = Number((await db.query('select count(*) from bench_products')).rows[0].count);
  // One cashier per pgbench client, as in the API run: the latest live session of each bench cashier.
  await db.query(
    `create table bench_sessions as
       select (row_number() over (order by u.username)) - 1 as n, s.id as session_id
       from users u join lateral (select id from sessions where user_id = u.id and revoked_at is null
                                  order by created_at desc limit 1) s on true
       where u.username like 'benchcashier%'`,
  );
  await db.end();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-pgbench-'));
  const script = path.join(dir, 'sale.sql');
  fs.writeFileSync(script, pgbenchScript(n));
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(REGISTERS),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      '-f',
      script,
      '-l',
      '--log-prefix',
      path.join(dir, 'log'),
      '-D',
      `cid=${companyId}`,
      '-D',
      `bid=${branchId}`,
      databaseUrl,
    ],
    { encoding: 'utf8', timeout: (SECONDS + 60) * 1000 },
  );
  if (result.status !== 0)
    throw new Error(`pgbench failed (${result.status} ${result.signal}): ${result.stderr}\n${result.stdout}`);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1]);
  // Per-transaction log lines: client_id transaction_no time(us) script_no epoch us
  const latencies = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('log'))) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (Number.isFinite(us) && us > 0) latencies.push(us / 1000);
    }
  }
  if (args.includes('--keep')) log(`kept the pgbench script in ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  return { salesPerSecond: +tps.toFixed(1), latencyMs: stats(latencies) };
}

async function main() {
  // undici leaves its sockets unreferenced: without this, Node may exit while requests are still pending.
  const keepAlive = setInterval(() => {}, 1000);
  if (!args.includes('--no-build')) buildServer();
  const adminPassword = randomBytes(12).toString('base64url');
  const database = ENGINE === 'postgresql' ? await createDatabase() : undefined;
  const dataDir = ENGINE === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-pglite-')) : undefined;
  const server = await startServer({
    port: PORT,
    env: {
      ADMIN_USERNAME: 'benchadmin',
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO: 'never',
      // The bench signs in one cashier per register from one address.
      LOGIN_RATE_MAX_PER_IP: '10000',
      ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
    },
  });
  const result = {
    engine: ENGINE,
    registers: REGISTERS,
    seconds: SECONDS,
    products: PRODUCTS,
    cores: os.cpus().length,
    loadBefore: loadAverage(),
  };
  try {
    const call = apiClient(PORT);
    const tenant = await setUpTenant(call, { adminUsername: 'benchadmin', adminPassword });
    log('tenant ready; creating products');
    const products = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const price = 50 + (i % 400) + (i % 7) * 0.25;
      const created = await call('POST', '/products', {
        token: tenant.adminToken,
        body: {
          name: `Bench Product ${i}`,
          sku: `BENCH-${i}`,
          cost: 10,
          price,
          stockQuantity: 10_000_000,
          branchId: tenant.branch.id,
        },
      });
      products.push({ id: created.data.id, price });
    }
    log(`${products.length} products; ${REGISTERS} registers for ${SECONDS} s (after a 2 s warm-up)`);
    // One cashier per register, as in a shop (a cashier works one till at a time).
    const tokens = [tenant.cashierToken];
    for (let i = 1; i < REGISTERS; i++) {
      const password = randomBytes(12).toString('base64url');
      const username = `benchcashier${String(i).padStart(2, '0')}`;
      await call('POST', '/users', {
        token: tenant.adminToken,
        body: {
          name: `Bench Cashier ${i}`,
          email: `${username}@bench.example`,
          username,
          password,
          roleIds: [3],
          companyId: tenant.company.id,
          branchId: tenant.branch.id,
        },
      });
      tokens.push((await call('POST', '/auth/login', { body: { username, password } })).access_token);
    }
    if (database) {
      // What autovacuum does on a production server (this machine's cluster runs with autovacuum off):
      // statistics for the freshly filled tables, so the planner picks their indexes.
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      await db.query('analyze');
      await db.end();
    }
    result.api = await runLoad({ port: PORT, tokens, branchId: tenant.branch.id, products, serverPid: server.pid });
    result.loadAfterApi = loadAverage();
    await server.stop();
    if (database) {
      // Every answered sale is in the database once.
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      result.salesInDatabase = Number((await db.query('select count(*) from sales')).rows[0].count);
      await db.end();
      log('pgbench, the same statements raw');
      result.raw = await runPgbench({
        databaseUrl: database.url,
        companyId: tenant.company.id,
        branchId: tenant.branch.id,
      });
      result.ratioToRaw = +(result.api.salesPerSecond / result.raw.salesPerSecond).toFixed(2);
    }
  } finally {
    await server.stop().catch(() => {});
    if (args.includes('--keep')) log(`kept database ${database?.url}`);
    else await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  clearInterval(keepAlive);
  writeResult(`sales-${ENGINE}`, result);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
