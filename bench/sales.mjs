#!/usr/bin/env node
// Sale commit throughput and latency through the HTTP API: N concurrent registers posting 3-line sales.
//
//   node bench/sales.mjs [--engine postgresql|pglite] [--registers 32] [--seconds 15] [--products 1000]
//                        [--history 30000] [--rate N] [--branches 1] [--no-build] [--keep]
//
// A fresh database with a branch's history, the built server on it, then the load (closed loop, or open
// loop at --rate sales/s). PostgreSQL: afterwards what one API sale runs (the session look-up and the
// server's sale statement, COMMIT_PLAIN_SALE for its card sales) is run raw by pgbench with the same
// concurrency, for comparison.
// PGlite: the embedded database in a temporary DATA_DIR. Targets (DESIGN.md section 9): PostgreSQL
// >= 1,000 sales/s, p99 <= 50 ms, >= 0.5 x raw; PGlite >= 100 sales/s. Method and figures: bench/README.md.
// --branches N spreads the registers over N branches of the company (register i sells at branch i % N,
// each branch with its own --products; the history is the first branch's; no pgbench part).
// Every loop is bounded by --seconds; all traffic goes to 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import {
  addCashier,
  apiClient,
  buildServer,
  commitSaleStatement,
  createDatabase,
  LISTING_PRICE,
  loadAverage,
  option,
  saleLoad,
  setUpTenant,
  startServer,
  stats,
  writeResult,
} from './lib.mjs';

const args = process.argv.slice(2);
const ENGINE = option('engine', 'postgresql');
const REGISTERS = option('registers', 32);
const SECONDS = option('seconds', 15);
const PRODUCTS = option('products', 1000);
const HISTORY = option('history', 30000);
const BRANCHES = option('branches', 1);
// --rate N: open loop, N sales/s offered in all (each register on its own schedule), latency counted
// from when a sale was due, so a slow answer also delays the next ones; without it each register posts
// its next sale as soon as the last is answered (closed loop: the throughput the system can reach).
const RATE = option('rate', 0);
const PORT = Number(process.env.BENCH_PORT ?? 3988);
const log = (message) => console.error(`[sales bench] ${message}`);

/**
 * What one API sale runs, as pgbench runs it (-M prepared, like the server): the session check (the
 * query of access.repo.ts, with the user and role) and the sale statement, its parameters the same
 * kind of values the server sends: 3 products (one from each third of the catalogue, so never the
 * same twice), 1-3 units each at their price, new ids, a card payment of a made-up total.
 */
/**
 * The branch's past weeks, as a chain's database has them: HISTORY sales (one a minute back from now,
 * 3 lines each over the catalogue) written by SQL and rolled up into the kept totals, then VACUUM ANALYZE (what autovacuum does on a
 * production server; this machine's cluster runs with autovacuum off) and a CHECKPOINT (the load's
 * dirty pages written now, not in the middle of the measurement). Without it the registers' connections
 * plan their statements, and keep those plans, while the sales tables are empty.
 */
async function loadHistory(db, { companyId, branchId }) {
  const started = performance.now();
  await db.query(
    `create temp table history_products as
       select row_number() over (order by id) - 1 as n, id, name, sku, ${LISTING_PRICE} as price
         from products p where company_id = $1`,
    [companyId],
  );
  const n = Number((await db.query('select count(*) from history_products')).rows[0].count);
  const cashier = (await db.query(`select id from users where username = 'benchcashier'`)).rows[0].id;
  const saleId = (g) => `md5($1::text || 'history' || ${g})::uuid`;
  await db.query('begin');
  await db.query(
    `insert into sales (company_id, id, branch_id, receipt_number, cashier_id, payment_method, status, subtotal,
                        discount_type, discount_value, discount_amount, tax_rate, tax_amount, total, amount_paid,
                        change_amount, created_at, sold_at)
     select $1::uuid, ${saleId('g')}, $2::uuid, 'H-' || lpad(g::text, 7, '0'), $3::uuid, 'card', 'completed', 300,
            'amount', 0, 0, 5, 15, 315, 315, 0, now() - make_interval(mins => g), now() - make_interval(mins => g)
     from generate_series(1, $4::integer) g`,
    [companyId, branchId, cashier, HISTORY],
  );
  await db.query(
    `insert into sale_items (company_id, sale_id, product_id, product_name, product_sku, quantity, unit_price, subtotal,
                             tax_rate)
     select $1::uuid, ${saleId('g')}, p.id, p.name, p.sku, 1, p.price, p.price, 5
     from generate_series(1, $2::integer) g
     cross join generate_series(0, 2) k
     join history_products p on p.n = (g * 7 + k * 331) % $3::integer`,
    [companyId, HISTORY, n],
  );
  await db.query('commit');
  // History is rolled up into the kept totals in the server's batches (SALES_ROLLUP_BATCH), on analysed tables
  // as a live database has them: one call for all of it handed the totals' derivations an array of every sale,
  // and unanalysed tables were planned as empty (1.7 s a batch of 1,000 over 300,000 sales, 0.19 s analysed).
  await db.query('analyze');
  while (Number((await db.query('select pos_sales_rollup(1000) as n')).rows[0].n) > 0);
  await db.query('vacuum analyze');
  await db.query('checkpoint');
  return { sales: HISTORY, seconds: +((performance.now() - started) / 1000).toFixed(1) };
}

function pgbenchScript(nProducts) {
  const third = Math.floor(nProducts / 3);
  const cart = `(select array_agg(id order by id) from bench_products where n in (:p1, :p2, :p3))`;
  const values = {
    companyId: ':cid',
    branchId: ':bid',
    saleId: 'gen_random_uuid()',
    cashierId: ':uid',
    paymentMethod: `'card'`,
    subtotal: `'300.00'`,
    discountType: `'amount'`,
    discountValue: `'0.00'`,
    discountAmount: `'0.00'`,
    taxRate: `'5.00'`,
    taxAmount: `'15.00'`,
    total: `'315.00'`,
    amountPaid: `'315.00'`,
    changeAmount: `'0.00'`,
    idempotencyKey: 'gen_random_uuid()::text',
    requestHash: `'raw'`,
    productIds: cart,
    productQuantities: 'array[:q1, :q2, :q3]',
    productPrices: `(select array_agg(price order by id) from bench_products where n in (:p1, :p2, :p3))`,
    lineIds: 'array[gen_random_uuid(), gen_random_uuid(), gen_random_uuid()]',
    lineProductIds: cart,
    lineQuantities: 'array[:q1, :q2, :q3]',
    customerPhone: 'null',
    customerName: 'null',
    customerEmail: 'null',
    // The till's parameters: charged = catalogue price, online, sold now, no register, branch number,
    // no shift given, no flags.
    productCharged: `(select array_agg(price order by id) from bench_products where n in (:p1, :p2, :p3))`,
    // No tax class: every line at the sale's rate, added to its price.
    productTaxRates: 'array[null, null, null]::numeric[]',
    productTaxIncluded: 'array[false, false, false]',
    offline: 'false',
    soldAt: 'null',
    registerId: 'null',
    receiptNumber: 'null',
    shiftId: 'null',
    flags: `'{}'`,
    // Paid by card: one tender line of the total.
    tenderMethods: `array['card']`,
    tenderAmounts: `array['315.00']::numeric[]`,
    takesCash: 'false',
    // No account or gift voucher tender: nobody to approve, no voucher.
    accountApprovedBy: 'null',
    voucherId: 'null',
    // No POS service fee: the branch does not report to FBR.
    serviceFee: `'0.00'`,
  };
  const { text, names } = commitSaleStatement();
  const sale = text
    .replace(/\$(\d+)/g, (_, n) => `(${values[names[Number(n) - 1]]})`)
    // pgbench reads ':name' as a variable even inside a string literal: spell the refusal codes'
    // colon (pos_sale_check:stock) another way.
    .replace(/'(\w+):(\w+)'/g, "('$1' || chr(58) || '$2')")
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return `\\set p1 random(1, ${third})
\\set p2 random(${third + 1}, ${2 * third})
\\set p3 random(${2 * third + 1}, ${3 * third})
\\set q1 random(1, 3)
\\set q2 random(1, 3)
\\set q3 random(1, 3)
SELECT s.id AS sid, u.id AS uid, u.name, u.username, u.role_id, r.name AS role_name, r.permissions, u.is_super_user, u.company_id, u.branch_id FROM bench_sessions bs JOIN sessions s ON s.id = bs.session_id JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id WHERE bs.n = :client_id % ${REGISTERS} AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active LIMIT 1 \\gset
${sale};
`;
}

async function runPgbench({ databaseUrl, companyId, branchId }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `create table bench_products as select row_number() over (order by id) as n, id, (${LISTING_PRICE})::text as price
       from products p where company_id = $1`,
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
      '-M',
      'prepared',
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
  const serverOptions = {
    port: PORT,
    env: {
      ADMIN_USERNAME: 'benchadmin',
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO: 'never',
      // One secret for both starts on PGlite: the cashiers' tokens outlive the restart.
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // The bench signs in one cashier per register from one address.
      LOGIN_RATE_MAX_PER_IP: '10000',
      ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
    },
  };
  let server = await startServer(serverOptions);
  const result = {
    engine: ENGINE,
    registers: REGISTERS,
    offeredRate: RATE || 'closed loop',
    seconds: SECONDS,
    products: PRODUCTS,
    cores: os.cpus().length,
    // The server runs on this bench's Node (startServer spawns process.execPath): its CPU per sale depends on it.
    node: process.version,
    loadBefore: loadAverage(),
  };
  try {
    const call = apiClient(PORT);
    const tenant = await setUpTenant(call, { adminUsername: 'benchadmin', adminPassword });
    const branches = [tenant.branch];
    for (let b = 1; b < BRANCHES; b++) {
      const body = { name: `Bench Branch ${b + 1}`, address: `${b + 1} Bench Road, Lahore`, phone: '0300-1234567' };
      branches.push(
        (
          await call('POST', '/auth/branches', {
            token: tenant.adminToken,
            body: { ...body, companyId: tenant.company.id },
          })
        ).data,
      );
    }
    result.branches = BRANCHES;
    log(`tenant ready (${BRANCHES} branch${BRANCHES > 1 ? 'es' : ''}); creating products`);
    const productsOf = new Map();
    for (const branch of branches) {
      const list = [];
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
            branchId: branch.id,
          },
        });
        list.push({ id: created.data.id, price });
      }
      productsOf.set(branch.id, list);
    }
    log(`${PRODUCTS} products per branch; ${REGISTERS} registers for ${SECONDS} s (after a 2 s warm-up)`);
    // One cashier per register, as in a shop (a cashier works one till at a time), of the register's branch.
    const registers = [];
    for (let i = 0; i < REGISTERS; i++) {
      const branch = branches[i % BRANCHES];
      const token =
        i === 0
          ? tenant.cashierToken
          : await addCashier(call, tenant.adminToken, {
              company: tenant.company,
              branch,
              username: `benchcashier${String(i).padStart(2, '0')}`,
              name: `Bench Cashier ${i}`,
            });
      registers.push({ token, branchId: branch.id, products: productsOf.get(branch.id) });
    }
    if (database) {
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      result.history = await loadHistory(db, { companyId: tenant.company.id, branchId: tenant.branch.id }).finally(() =>
        db.end(),
      );
    } else {
      // The embedded database belongs to the server's process: load the history with the server stopped.
      await server.stop();
      const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
      result.history = await loadHistory(db, { companyId: tenant.company.id, branchId: tenant.branch.id }).finally(() =>
        db.close(),
      );
      server = await startServer(serverOptions);
    }
    log(`history: ${HISTORY} sales in ${result.history.seconds} s`);
    // One value from the bench database (PostgreSQL), on a connection of its own.
    const queryOne = async (text) => {
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        return Object.values((await db.query(text)).rows[0])[0];
      } finally {
        await db.end();
      }
    };
    // The WAL position before and after the load: bench/wal.mjs reads what the sales wrote between them.
    const walPosition = () => queryOne('select pg_current_wal_insert_lsn()');
    if (database) result.walFrom = await walPosition();
    result.api = await saleLoad({ port: PORT, registers, serverPid: server.pid, seconds: SECONDS, rate: RATE });
    if (database) result.walTo = await walPosition();
    result.loadAfterApi = loadAverage();
    await server.stop();
    // Every answered sale is in the database once.
    if (database) result.salesInDatabase = Number(await queryOne('select count(*) from sales'));
    if (database && BRANCHES === 1) {
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
