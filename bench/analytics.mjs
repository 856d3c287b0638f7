#!/usr/bin/env node
// Dashboard, transaction and customer analytics latency with a year of sales in one branch.
//
//   node bench/analytics.mjs [--sales 1000000] [--products 2000] [--customers 20000] [--requests 100]
//                            [--batch 100000] [--movements 1000000] [--audit 1000000] [--only <case substring>]
//                            [--no-build] [--keep]
//
// 1. a fresh PostgreSQL database next to TEST_DATABASE_URL; the built server on it (migrations at start);
// 2. through the API: the first admin signs in, creates a company, a main branch and a cashier;
// 3. with SQL (generate_series): products, customers, --sales sales spread evenly over the last 365 days
//    (1-3 lines each, 1 in 200 voided, 1 in 4 with a customer, 2 cashiers, cash/card), a return of one unit
//    of the first line for 1 sale in 50. Inserted in batches of --batch sales with the daily-totals
//    triggers of migrations 0003, 0024 and 0025 on (statement triggers with transition tables, one run per batch);
//    afterwards the daily and report totals are checked against pos_rebuild_daily_totals' figures. --movements stock
//    movements spread over the year for the movements list (generated rows, not a ledger: stock is out of
//    scope here). Then VACUUM ANALYZE;
// 4. after warm-up, --requests sequential requests per case (varying dates, pages, customers); client-side
//    p50/p95/p99 over loopback, and the server's own time when a Server-Timing header is present.
// Targets: every case p95 <= 100 ms, every deep page included; reports p95 <= 200 ms. Every loop is bounded; all traffic goes to 127.0.0.1.
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
const SALES = option('sales', 1_000_000);
const PRODUCTS = option('products', 2000);
const CUSTOMERS = option('customers', 20_000);
const REQUESTS = option('requests', 100);
const BATCH = option('batch', 100_000);
// Stock movements for the movements list's deep pages: generated rows, not a ledger (stock is
// out of scope here). 0 to skip.
const MOVEMENTS = option('movements', 1_000_000);
// Audit entries for the audit log's deep pages: spread over the year, 8 actions, 2 users, the
// branch or none. 0 to skip.
const AUDIT = option('audit', 1_000_000);
// `--only <substring>`: measure only the cases whose name contains it (e.g. --only report).
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const WARMUP = 10;
const PORT = Number(process.env.BENCH_PORT ?? 3989);
const TARGET_MS = 100;
// Reports: every report p95 <= 200 ms at 1,000,000 sales.
const REPORT_TARGET_MS = 200;
const log = (message) => console.error(`[analytics bench] ${new Date().toISOString().slice(11, 19)} ${message}`);

// Deterministic ids (pg_temp.bench_id: md5 of the company and a tag, shaped as a v4 uuid) so that lines,
// returns and customers can name their parents without a join. Line k (1..3) of sale g sells product
// 1 + (g*7 + k*13) % P, quantity 1 + (g+k) % 3, at that product's price 50 + p % 400 + (p % 7) * 0.25.
const price = (p) => `(50 + (${p}) % 400 + ((${p}) % 7) * 0.25)::numeric(14,2)`;
const productOf = (g, k) => `(1 + ((${g}) * 7 + (${k}) * 13) % ${PRODUCTS})`;
const qtyOf = (g, k) => `(1 + ((${g}) + (${k})) % 3)`;
// Sale g's instant: evenly over the 365 days before the load started ($2), oldest first. History is loaded
// as offline sales and card refunds: no register shifts exist (migration 0016 wants one for cash online).
const saleAt = (g) =>
  `($2::timestamptz - ((${SALES} - (${g}))::float8 * ${(365 * 86400) / SALES} * interval '1 second'))`;
const isReturned = (g) => `((${g}) % 50 = 25)`;
const isVoided = (g) => `((${g}) % 200 = 0)`;

async function generate(db, { companyId, branchId, adminId, cashierId }) {
  const timings = {};
  const time = async (label, fn) => {
    const t = performance.now();
    await fn();
    timings[label] = +((performance.now() - t) / 1000).toFixed(1);
    log(`${label}: ${timings[label]} s`);
  };
  const loadStart = new Date();
  // A version-4-shaped uuid from an md5 (the API validates ids as RFC 4122 uuids).
  await db.query(`create function pg_temp.bench_id(t text) returns uuid language sql immutable as
    $$ select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid from md5(t) h $$`);
  await time('products', () =>
    db.query(
      `insert into products (company_id, id, branch_id, name, sku, cost, price, stock_quantity)
       select $1::uuid, pg_temp.bench_id($1::text || 'p' || p), $2::uuid, 'Bench Product ' || p, 'SKU-' || lpad(p::text, 6, '0'),
              10, ${price('p')}, 1000
       from generate_series(1, ${PRODUCTS}) p`,
      [companyId, branchId],
    ),
  );
  await time('customers', () =>
    db.query(
      `insert into customers (company_id, id, branch_id, name, phone, email, created_at)
       select $1::uuid, pg_temp.bench_id($1::text || 'c' || c), $3::uuid, 'Customer ' || c, '03' || lpad(c::text, 9, '0'),
              'customer' || c || '@bench.example', $2::timestamptz - interval '400 days'
       from generate_series(1, ${CUSTOMERS}) c`,
      [companyId, loadStart.toISOString(), branchId],
    ),
  );
  const lines = (g) =>
    `(select sum(${qtyOf(g, 'k')} * ${price(productOf(g, 'k'))}) from generate_series(1, 1 + (${g}) % 3) k)`;
  const batches = { sales: 0, items: 0, returns: 0, returnItems: 0 };
  await time('sales, lines and returns', async () => {
    for (let lo = 1; lo <= SALES; lo += BATCH) {
      const hi = Math.min(SALES, lo + BATCH - 1);
      const range = `generate_series(${lo}, ${hi}) g`;
      let t = performance.now();
      await db.query('begin');
      await db.query(
        `insert into sales (company_id, id, branch_id, receipt_number, cashier_id, customer_id, payment_method, status,
                            subtotal, discount_type, discount_value, discount_amount, tax_rate, tax_amount, total,
                            amount_paid, change_amount, created_at, sold_at, offline)
         select $1::uuid, pg_temp.bench_id($1::text || 's' || g), $3::uuid, 'B-' || lpad(g::text, 7, '0'),
                case when g % 3 = 0 then $4::uuid else $5::uuid end,
                case when g % 4 = 1 then pg_temp.bench_id($1::text || 'c' || (1 + (g::bigint * 7919) % ${CUSTOMERS})) end,
                case when g % 5 < 2 then 'card' else 'cash' end,
                case when ${isVoided('g')} then 'voided' else 'completed' end,
                st, 'amount', 0, 0, 5, round(st * 0.05, 2), st + round(st * 0.05, 2), st + round(st * 0.05, 2), 0,
                ${saleAt('g')}, ${saleAt('g')}, true
         from ${range}, lateral ${lines('g')} s(st)`,
        [companyId, loadStart.toISOString(), branchId, adminId, cashierId],
      );
      batches.sales += performance.now() - t;
      t = performance.now();
      await db.query(
        `insert into sale_items (company_id, id, sale_id, product_id, product_name, product_sku, quantity, unit_price,
                                 subtotal, returned_quantity, tax_rate)
         select $1::uuid, pg_temp.bench_id($1::text || 'i' || g || '-' || k), pg_temp.bench_id($1::text || 's' || g),
                pg_temp.bench_id($1::text || 'p' || ${productOf('g', 'k')}), 'Bench Product ' || ${productOf('g', 'k')},
                'SKU-' || lpad(${productOf('g', 'k')}::text, 6, '0'), ${qtyOf('g', 'k')}, ${price(productOf('g', 'k'))},
                ${qtyOf('g', 'k')} * ${price(productOf('g', 'k'))},
                case when k = 1 and ${isReturned('g')} and not ${isVoided('g')} then 1 else 0 end, 5
         from ${range}, generate_series(1, 1 + g % 3) k`,
        [companyId],
      );
      batches.items += performance.now() - t;
      t = performance.now();
      const returned = `${range} where ${isReturned('g')} and not ${isVoided('g')}`;
      await db.query(
        `insert into returns (company_id, id, branch_id, return_number, original_sale_id, processed_by, status,
                              refund_amount, refund_method, reason, created_at)
         select $1::uuid, pg_temp.bench_id($1::text || 'r' || g), $3::uuid, 'R-' || lpad(g::text, 7, '0'),
                pg_temp.bench_id($1::text || 's' || g), $4::uuid, 'completed', ${price(productOf('g', 1))},
                'card_refund', 'defective', least(${saleAt('g')} + interval '2 hours', $2::timestamptz)
         from ${returned}`,
        [companyId, loadStart.toISOString(), branchId, adminId],
      );
      batches.returns += performance.now() - t;
      t = performance.now();
      await db.query(
        `insert into return_items (company_id, return_id, sale_item_id, product_id, product_name, product_sku, quantity,
                                   unit_price, reason, total_amount, goods)
         select $1::uuid, pg_temp.bench_id($1::text || 'r' || g), pg_temp.bench_id($1::text || 'i' || g || '-1'),
                pg_temp.bench_id($1::text || 'p' || ${productOf('g', 1)}), 'Bench Product ' || ${productOf('g', 1)},
                'SKU-' || lpad(${productOf('g', 1)}::text, 6, '0'), 1, ${price(productOf('g', 1))}, 'defective',
                ${price(productOf('g', 1))}, ${price(productOf('g', 1))}
         from ${returned}`,
        [companyId],
      );
      batches.returnItems += performance.now() - t;
      await db.query('commit');
      log(`  ${hi.toLocaleString('en')} / ${SALES.toLocaleString('en')} sales`);
    }
  });
  for (const [k, v] of Object.entries(batches)) timings[`insert ${k} (triggers included)`] = +(v / 1000).toFixed(1);
  if (MOVEMENTS > 0) {
    await time('stock movements', () =>
      db.query(
        `insert into stock_movements (company_id, id, branch_id, product_id, movement_type, direction, quantity,
                                      previous_quantity, new_quantity, user_id, created_at)
         select $1::uuid, pg_temp.bench_id($1::text || 'm' || m), $3::uuid, pg_temp.bench_id($1::text || 'p' || (1 + m % ${PRODUCTS})),
                'sale', 'out', 1, 1000, 999, $4::uuid,
                $2::timestamptz - ((${MOVEMENTS} - m)::float8 * ${(365 * 86400) / Math.max(1, MOVEMENTS)} * interval '1 second')
         from generate_series(1, ${MOVEMENTS}) m`,
        [companyId, loadStart.toISOString(), branchId, cashierId],
      ),
    );
  }
  if (AUDIT > 0) {
    await time('audit entries', () =>
      db.query(
        `insert into audit_logs (company_id, id, branch_id, user_id, action, entity_type, entity_id, after, created_at)
         select $1::uuid, pg_temp.bench_id($1::text || 'a' || a), case when a % 5 = 0 then null else $3::uuid end,
                case when a % 3 = 0 then $5::uuid else $4::uuid end,
                (array['auth.sign_in', 'product.update', 'stock.adjust', 'sale.void', 'return.create', 'shift.open',
                       'shift.close', 'user.update'])[1 + a % 8],
                'product', 'entity-' || a, jsonb_build_object('n', a),
                $2::timestamptz - ((${AUDIT} - a)::float8 * ${(365 * 86400) / Math.max(1, AUDIT)} * interval '1 second')
         from generate_series(1, ${AUDIT}) a`,
        [companyId, loadStart.toISOString(), branchId, adminId, cashierId],
      ),
    );
  }
  // Server receipts continue after the generated ones (they use their own prefix anyway).
  await db.query(`select setval(pos_receipt_sequence($1::uuid), $2)`, [branchId, SALES]);
  // The triggers' running totals must equal a rebuild from the rows.
  await time('daily totals check (rebuild and compare)', async () => {
    const snapshot = async () =>
      (
        await db.query(
          `select (select json_agg(t order by day, cashier_id, payment_method)
                     from (select day, cashier_id, payment_method, sales_count, transactions, revenue, subtotal, tax,
                                  discounts, items_sold from sales_daily where company_id = $1 and branch_id = $2) t) as s,
                  (select json_agg(t order by day)
                     from (select day, returns_count, refunded, items_returned, returned_subtotal
                           from returns_daily where company_id = $1 and branch_id = $2) t) as r,
                  (select json_agg(t order by day, product_id, product_name)
                     from (select day, product_id, product_name, sale_lines, quantity, goods, return_lines,
                                  returned_quantity, returned_goods
                           from sales_daily_products where company_id = $1 and branch_id = $2) t) as p,
                  (select json_agg(t order by day, hour, cashier_id, payment_method)
                     from (select day, hour, cashier_id, payment_method, transactions, revenue
                           from sales_hourly where company_id = $1 and branch_id = $2) t) as h`,
          [companyId, branchId],
        )
      ).rows[0];
    const before = JSON.stringify(await snapshot());
    await db.query('begin');
    await db.query('select pos_rebuild_daily_totals($1, $2)', [companyId, branchId]);
    await db.query('commit');
    const after = JSON.stringify(await snapshot());
    if (before !== after)
      throw new Error('daily and report totals from the triggers differ from pos_rebuild_daily_totals');
  });
  await time('vacuum analyze', () => db.query('vacuum analyze'));
  const counts = (
    await db.query(
      `select (select count(*) from sales) as sales, (select count(*) from sale_items) as sale_items,
              (select count(*) from returns) as returns, (select count(*) from return_items) as return_items,
              (select count(*) from products) as products, (select count(*) from customers) as customers,
              (select count(*) from sales_daily) as sales_daily_rows,
              (select count(*) from sales_daily_products) as sales_daily_products_rows,
              (select count(*) from sales_hourly) as sales_hourly_rows,
              (select count(*) from stock_movements) as stock_movements,
              (select count(*) from audit_logs) as audit_logs, (select count(*) from audit_logs_daily) as audit_logs_daily_rows,
              (select min(created_at) from sales) as first_sale, (select max(created_at) from sales) as last_sale,
              pg_size_pretty(pg_database_size(current_database())) as database_size`,
    )
  ).rows[0];
  return { timings, counts };
}

const day = (d) => d.toISOString().slice(0, 10);
const pick = (array) => array[Math.floor(Math.random() * array.length)];

/** Cases: a name and a function answering the next route (varying its parameters). */
function cases({ branchId, companyId, customerIds, lastPage, lastPages }) {
  const b = `branchId=${branchId}`;
  const today = new Date();
  const daysAgo = (n) => new Date(today.getTime() - n * 86400_000);
  const randomWeek = () => {
    const start = daysAgo(7 + Math.floor(Math.random() * 355));
    return `startDate=${day(start)}&endDate=${day(new Date(start.getTime() + 6 * 86400_000))}`;
  };
  const lastMonth = () => {
    const shift = Math.floor(Math.random() * 5); // a few different end days
    return `startDate=${day(daysAgo(30 + shift))}&endDate=${day(daysAgo(shift))}`;
  };
  return [
    ['dashboard sales-summary', () => `/dashboard/sales-summary?${b}`],
    ['dashboard inventory-summary', () => `/dashboard/inventory-summary?${b}`],
    ['dashboard returns-summary', () => `/dashboard/returns-summary?${b}`],
    ['dashboard recent-transactions', () => `/dashboard/recent-transactions?${b}`],
    ['transactions analytics, no dates', () => `/transactions/analytics?${b}`],
    ['transactions analytics, last month', () => `/transactions/analytics?${b}&${lastMonth()}`],
    ['transactions analytics, random week', () => `/transactions/analytics?${b}&${randomWeek()}`],
    ['transactions list, page 1', () => `/transactions?${b}&page=1&limit=10`],
    // OFFSET paging: a page n reads the n x 10 newest sales before its own.
    [
      'transactions list, page 100-1,000',
      () => `/transactions?${b}&page=${100 + Math.floor(Math.random() * 901)}&limit=10`,
    ],
    [
      'transactions list, deep page (last half)',
      () => `/transactions?${b}&page=${Math.floor(lastPage * (0.5 + Math.random() * 0.5))}&limit=10`,
    ],
    ['transactions list, cashierName', () => `/transactions?${b}&page=1&limit=10&cashierName=cashier`],
    ['transactions list, random week', () => `/transactions?${b}&page=1&limit=10&${randomWeek()}`],
    [
      'transactions list, cashierName + week',
      () => `/transactions?${b}&page=1&limit=10&cashierName=${pick(['cashier', 'admin', 'bench'])}&${randomWeek()}`,
    ],
    ['customers list, page 1', () => `/customers?${b}&page=1&limit=10`],
    [
      'customers list, search',
      () =>
        `/customers?${b}&page=1&limit=10&search=${pick(['Customer 1', `Customer ${1 + Math.floor(Math.random() * CUSTOMERS)}`, '0300001', 'customer42'])}`,
    ],
    ['customer analytics', () => `/customers/${pick(customerIds)}/analytics`],
    ['customer transactions', () => `/customers/${pick(customerIds)}/transactions?page=1&limit=10`],
    // Deep pages (lib/keyset.repo.ts): the worst page is the middle one (read from either end).
    [
      'transactions list, middle pages',
      () => `/transactions?${b}&page=${Math.floor(lastPage * (0.45 + Math.random() * 0.1))}&limit=10`,
    ],
    ['transactions list, last page', () => `/transactions?${b}&page=${lastPage}&limit=10`],
    [
      'transactions list, card, deep page',
      () =>
        `/transactions?${b}&page=${Math.floor(lastPages.card * (0.3 + Math.random() * 0.4))}&limit=10&paymentMethod=card`,
    ],
    [
      'movements list, any page',
      () => `/inventory/movements?${b}&page=${1 + Math.floor(Math.random() * lastPages.movements)}&limit=10`,
    ],
    [
      'movements list, middle pages',
      () => `/inventory/movements?${b}&page=${Math.floor(lastPages.movements * (0.45 + Math.random() * 0.1))}&limit=10`,
    ],
    [
      'returns list, any page',
      () => `/returns?${b}&page=${1 + Math.floor(Math.random() * lastPages.returns)}&limit=10`,
    ],
    [
      'customers list, any page',
      () => `/customers?${b}&page=${1 + Math.floor(Math.random() * lastPages.customers)}&limit=10`,
    ],
    [
      'customers list, middle pages',
      () => `/customers?${b}&page=${Math.floor(lastPages.customers * (0.45 + Math.random() * 0.1))}&limit=10`,
    ],
    ['audit list, company, page 1', () => `/audit-logs?companyId=${companyId}&page=1&limit=10`],
    [
      'audit list, company, any page',
      () => `/audit-logs?companyId=${companyId}&page=${1 + Math.floor(Math.random() * lastPages.audit)}&limit=10`,
    ],
    [
      'audit list, company, middle pages',
      () =>
        `/audit-logs?companyId=${companyId}&page=${Math.floor(lastPages.audit * (0.45 + Math.random() * 0.1))}&limit=10`,
    ],
    [
      'audit list, branch, any page',
      () => `/audit-logs?${b}&page=${1 + Math.floor(Math.random() * lastPages.auditBranch)}&limit=10`,
    ],
    [
      'audit list, action, any page',
      () =>
        `/audit-logs?companyId=${companyId}&action=stock.adjust&page=${1 + Math.floor(Math.random() * lastPages.auditAction)}&limit=10`,
    ],
    // Reports: a month, and the whole year (every sale) for the row-based ones.
    ...REPORTS.map((r) => [`report ${r}, last month`, () => `/reports/${r}?${b}&${lastMonth()}`]),
    ...[
      'sales-by-hour',
      'sales-by-product',
      'sales-by-category',
      'sales-by-brand',
      'margin-by-product',
      'margin-by-category',
      'sales-by-day',
      'returns-by-reason',
    ].map((r) => [
      `report ${r}, whole year`,
      () => `/reports/${r}?${b}&startDate=${day(daysAgo(365))}&endDate=${day(today)}`,
    ]),
    ['report sales-by-hour, company, last month', () => `/reports/sales-by-hour?companyId=${companyId}&${lastMonth()}`],
    [
      'report margin-by-category, company, whole year',
      () => `/reports/margin-by-category?companyId=${companyId}&startDate=${day(daysAgo(365))}&endDate=${day(today)}`,
    ],
  ];
}

const REPORTS = [
  'sales-by-day',
  'sales-by-hour',
  'sales-by-product',
  'sales-by-category',
  'sales-by-brand',
  'sales-by-cashier',
  'sales-by-payment-method',
  'returns-by-reason',
  'margin-by-product',
  'margin-by-category',
];

async function measure(port, token, route) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api${route}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`GET ${route}: ${res.status} ${body.slice(0, 300)}`);
  const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  return { ms, serverMs: timing ? Number(timing[1]) : undefined, bytes: body.length };
}

async function main() {
  // undici leaves its sockets unreferenced: without this, Node may exit while requests are still pending.
  const keepAlive = setInterval(() => {}, 1000);
  if (!args.includes('--no-build')) buildServer();
  const adminPassword = randomBytes(12).toString('base64url');
  const database = await createDatabase();
  log(`database ${database.url}`);
  const result = {
    sales: SALES,
    products: PRODUCTS,
    customers: CUSTOMERS,
    auditEntries: AUDIT,
    requestsPerCase: REQUESTS,
    cores: os.cpus().length,
    loadBefore: loadAverage(),
  };
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
    const users = (await db.query(`select id, username from users where username in ('benchadmin', 'benchcashier')`))
      .rows;
    const adminId = users.find((u) => u.username === 'benchadmin').id;
    const cashierId = users.find((u) => u.username === 'benchcashier').id;
    const companyId = tenant.company.id;
    const branchId = tenant.branch.id;
    log(`tenant ready; generating ${SALES.toLocaleString('en')} sales`);
    const t = performance.now();
    const generated = await generate(db, { companyId, branchId, adminId, cashierId });
    result.loadSeconds = +((performance.now() - t) / 1000).toFixed(1);
    result.load = generated;
    log(`loaded in ${result.loadSeconds} s: ${JSON.stringify(generated.counts)}`);

    // Customers with sales (3 in 4 customers have some: 1 in 4 sales has one of the 20,000).
    const customerIds = (
      await db.query(
        `select id from customers where company_id = $1 and branch_id = $2 order by md5(id::text) limit 500`,
        [companyId, branchId],
      )
    ).rows.map((r) => r.id);
    const lastPage = Math.ceil(SALES / 10);
    const countOf = async (sql) => Number((await db.query(sql, [companyId, branchId])).rows[0].n);
    const lastPages = {
      card: Math.ceil(
        (await countOf(
          `select count(*) n from sales where company_id = $1 and branch_id = $2 and payment_method = 'card'`,
        )) / 10,
      ),
      movements: Math.max(1, Math.ceil(MOVEMENTS / 10)),
      returns: Math.ceil(
        (await countOf('select count(*) n from returns where company_id = $1 and branch_id = $2')) / 10,
      ),
      customers: Math.ceil(CUSTOMERS / 10),
      audit: Math.max(1, Math.ceil(AUDIT / 10)),
      auditBranch: Math.max(
        1,
        Math.ceil((await countOf('select count(*) n from audit_logs where company_id = $1 and branch_id = $2')) / 10),
      ),
      auditAction: Math.max(
        1,
        Math.ceil(
          Number(
            (
              await db.query(`select count(*) n from audit_logs where company_id = $1 and action = 'stock.adjust'`, [
                companyId,
              ])
            ).rows[0].n,
          ) / 10,
        ),
      ),
    };
    result.loadBeforeMeasure = loadAverage();
    const token = tenant.adminToken;
    result.cases = {};
    for (const [name, next] of cases({ branchId, companyId, customerIds, lastPage, lastPages })) {
      if (ONLY && !name.includes(ONLY)) continue;
      if (MOVEMENTS === 0 && name.startsWith('movements')) continue;
      if (AUDIT === 0 && name.startsWith('audit')) continue;
      const target = name.startsWith('report ') ? REPORT_TARGET_MS : TARGET_MS;
      for (let i = 0; i < WARMUP; i++) await measure(PORT, token, next());
      const client = [];
      const serverTimes = [];
      let bytes = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const m = await measure(PORT, token, next());
        client.push(m.ms);
        if (m.serverMs !== undefined) serverTimes.push(m.serverMs);
        bytes += m.bytes;
      }
      const entry = { clientMs: stats(client), ...(serverTimes.length && { serverMs: stats(serverTimes) }) };
      entry.avgBytes = Math.round(bytes / REQUESTS);
      entry.targetMs = target;
      entry.meetsTarget = entry.clientMs.p95 <= target;
      result.cases[name] = entry;
      log(
        `${name.padEnd(40)} p50 ${entry.clientMs.p50} p95 ${entry.clientMs.p95} p99 ${entry.clientMs.p99} ms` +
          `${entry.serverMs ? ` (server p95 ${entry.serverMs.p95})` : ''}${entry.meetsTarget ? '' : '  MISSES'}`,
      );
    }
    result.loadAfter = loadAverage();
    result.allMeetTarget = Object.values(result.cases).every((c) => c.meetsTarget);
  } finally {
    await db.end().catch(() => {});
    await server.stop().catch(() => {});
    if (args.includes('--keep')) log(`kept database ${database.url}`);
    else await database.drop();
  }
  clearInterval(keepAlive);
  writeResult('analytics-postgresql', result);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
