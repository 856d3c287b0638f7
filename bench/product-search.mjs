#!/usr/bin/env node
// Product search and barcode lookup with 100,000 products in one branch, on PostgreSQL.
//
//   node bench/product-search.mjs [--no-build] [--keep] [--products 100000] [--requests 400] [--settle 15]
//
// 1. creates a fresh database next to TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// 2. builds the server (npm run build -w apps/server) unless --no-build, and starts apps/server/dist/main.js on it
//    (migrations run at start; ADMIN_USERNAME/ADMIN_PASSWORD create the first Super Admin),
// 3. creates a company and a branch through the API, then generates the products with one SQL statement
//    (generate_series), plus categories and brands, then VACUUM ANALYZE, a CHECKPOINT (the bulk load's dirty pages
//    written out before measuring, not during) and --settle seconds of rest (the load average of the load decays),
// 4. measures, as a cashier of the branch, GET /api/products?search=... (the register's search) with varied terms,
//    and barcode-style exact SKU lookups (search=<sku>&limit=1, the price check; and sku=<sku>), one request at a
//    time over loopback,
// 5. prints p50/p95/p99/max of the server's own time (Server-Timing: app;dur=..., from Fastify's request start to
//    the reply, token check included) and of the client-side round trip, writes bench/results/product-search.json,
//    stops the server and drops the database.
//
// Every loop is bounded; all traffic goes to 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const PRODUCTS = option('products', 100_000);
const SEARCHES = option('requests', 400);
const SETTLE_SECONDS = option('settle', 15);
const BARCODES = Math.max(50, Math.floor(SEARCHES / 2));
const PORT = Number(process.env.BENCH_PORT ?? 3987);
const BASE = `http://127.0.0.1:${PORT}/api`;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ADJECTIVES = [
  'Fresh',
  'Organic',
  'Golden',
  'Crunchy',
  'Classic',
  'Premium',
  'Spicy',
  'Creamy',
  'Light',
  'Smoky',
  'Sweet',
  'Roasted',
  'Zesty',
  'Rich',
  'Tangy',
  'Crispy',
  'Natural',
  'Royal',
  'Country',
  'Gourmet',
  'Wild',
  'Pure',
  'Family',
];
const FLAVOURS = [
  'Mango',
  'Vanilla',
  'Chocolate',
  'Lemon',
  'Masala',
  'Garlic',
  'Honey',
  'Strawberry',
  'Mint',
  'Cardamom',
  'Tomato',
  'Cheese',
  'Pepper',
  'Coconut',
  'Orange',
  'Almond',
  'Saffron',
];
const NOUNS = [
  'Biscuits',
  'Cookies',
  'Chips',
  'Crackers',
  'Juice',
  'Yogurt',
  'Milk',
  'Tea',
  'Coffee',
  'Cereal',
  'Noodles',
  'Pasta',
  'Rice',
  'Lentils',
  'Flour',
  'Sugar',
  'Salt',
  'Ketchup',
  'Mayonnaise',
  'Jam',
  'Butter',
  'Cheese',
  'Bread',
  'Cake',
  'Wafers',
  'Candy',
  'Chocolate',
  'Soda',
  'Water',
  'Syrup',
  'Honey',
  'Oil',
  'Ghee',
  'Vinegar',
  'Sauce',
  'Pickle',
  'Chutney',
  'Spice Mix',
  'Soup',
  'Oats',
  'Cornflakes',
  'Popcorn',
  'Nuts',
  'Dates',
  'Raisins',
  'Shampoo',
  'Soap',
  'Detergent',
  'Toothpaste',
  'Lotion',
  'Tissues',
  'Napkins',
  'Foil',
  'Batteries',
  'Bulbs',
  'Candles',
  'Matches',
  'Sponges',
  'Bleach',
  'Polish',
  'Cleaner',
  'Freshener',
  'Diapers',
  'Wipes',
  'Formula',
  'Vermicelli',
  'Custard',
  'Jelly',
  'Ice Cream',
  'Paneer',
  'Sausages',
  'Nuggets',
  'Kebabs',
  'Samosas',
  'Parathas',
  'Rusks',
  'Muffins',
  'Donuts',
  'Lassi',
];
const SIZES = ['50g', '100g', '250g', '500g', '1kg', '2kg', '250ml', '500ml', '1L', '1.5L', 'Family Pack'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sqlArray = (words) => `array[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(',')}]`;

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
function summarise(samples) {
  const server = samples.map((s) => s.server).sort((x, y) => x - y);
  const client = samples.map((s) => s.client).sort((x, y) => x - y);
  const stats = (v) => ({
    p50: +percentile(v, 50).toFixed(2),
    p95: +percentile(v, 95).toFixed(2),
    p99: +percentile(v, 99).toFixed(2),
    max: +v[v.length - 1].toFixed(2),
  });
  return {
    requests: samples.length,
    // The real number of matches (counted in SQL after measuring): meta.total stops at its cap.
    meanMatches: Math.round(samples.reduce((n, s) => n + (s.matches ?? s.total), 0) / samples.length),
    // Answers whose meta.total was capped (meta.totalCapped: "more than meta.total").
    cappedTotals: samples.filter((s) => s.capped).length,
    serverMs: stats(server),
    clientMs: stats(client),
  };
}

async function main() {
  const dbName = `pos_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  let server;

  try {
    if (!args.includes('--no-build')) {
      const built = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
      if (built.status !== 0) throw new Error('server build failed');
    }
    const adminPassword = randomBytes(12).toString('base64url');
    server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATABASE_URL: databaseUrl,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        ADMIN_USERNAME: 'benchadmin',
        ADMIN_PASSWORD: adminPassword,
        WEB_DIST: path.join(os.tmpdir(), 'pos-bench-no-web'),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let isReady = false;
    for (let i = 0; i < 150 && !isReady; i++) {
      await sleep(200);
      isReady = await fetch(`${BASE}/health`).then(
        (r) => r.ok,
        () => false,
      );
    }
    if (!isReady) throw new Error('server did not start within 30 s');

    const call = async (method, route, token, body) => {
      const res = await fetch(`${BASE}${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const { access_token: token } = await call('POST', '/auth/login', undefined, {
      username: 'benchadmin',
      password: adminPassword,
    });
    const company = (
      await call('POST', '/auth/companies', token, {
        name: 'Bench Mart',
        address: '1 Bench Road',
        phone: '0300-1234567',
        email: 'bench@example.com',
      })
    ).data;
    const branch = (
      await call('POST', '/auth/branches', token, {
        name: 'Bench Branch',
        address: '1 Bench Road, Lahore',
        phone: '0300-1234567',
        companyId: company.id,
        isMain: true,
      })
    ).data;

    // The register's user: a cashier of the branch (the fewest queries to resolve, and no cost in the answers).
    const cashierPassword = randomBytes(12).toString('base64url');
    await call('POST', '/users', token, {
      name: 'Bench Cashier',
      email: 'cashier@bench.example',
      username: 'benchcashier',
      password: cashierPassword,
      roleIds: [3],
      companyId: company.id,
      branchId: branch.id,
    });
    const { access_token: cashierToken } = await call('POST', '/auth/login', undefined, {
      username: 'benchcashier',
      password: cashierPassword,
    });

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const started = performance.now();
    await db.query('begin');
    await db.query(
      `with cats as (
         insert into categories (company_id, name, description)
         select $1, 'Category ' || g, 'Aisle ' || g from generate_series(1, 40) g returning id)
       insert into category_branches (company_id, category_id, branch_id) select $1, id, $2 from cats`,
      [company.id, branch.id],
    );
    await db.query(
      `insert into brands (company_id, branch_id, name) select $1, $2, 'Brand ' || g from generate_series(1, 60) g`,
      [company.id, branch.id],
    );
    // Four word lists of prime lengths (23, 17, 79, 11): every name up to 339,779 products is distinct.
    await db.query(
      `with c as (select array_agg(id order by name) a from categories where company_id = $1),
            b as (select array_agg(id order by name) a from brands where company_id = $1)
       insert into products (company_id, branch_id, name, sku, category_id, brand_id, cost, price,
                             stock_quantity, low_stock_threshold, max_stock)
       select $1, $2,
              (${sqlArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' ||
              (${sqlArray(FLAVOURS)})[1 + (g * 7) % ${FLAVOURS.length}] || ' ' ||
              (${sqlArray(NOUNS)})[1 + (g * 13) % ${NOUNS.length}] || ' ' ||
              (${sqlArray(SIZES)})[1 + (g * 3) % ${SIZES.length}],
              'SKU-' || lpad(g::text, 6, '0'),
              c.a[1 + g % 40], b.a[1 + g % 60],
              round((20 + (g % 500))::numeric, 2), round((30 + (g % 500) * 1.3)::numeric, 2),
              g % 200, 10, 1000
       from generate_series(1, $3::int) g, c, b`,
      [company.id, branch.id, PRODUCTS],
    );
    // The ledger invariant: every product that starts with stock has its initial_stock movement.
    await db.query(
      `insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                                    previous_quantity, new_quantity, reason)
       select company_id, branch_id, id, 'initial_stock', 'in', stock_quantity, 0, stock_quantity, 'Bench data'
       from products where company_id = $1 and stock_quantity > 0`,
      [company.id],
    );
    await db.query('commit');
    // The steady state autovacuum reaches on its own: statistics and visibility map up to date.
    await db.query('vacuum analyze');
    const loadSeconds = (performance.now() - started) / 1000;
    // Steady state, not the tail of a bulk load: write the load's dirty pages out now (a checkpoint during the
    // measurement stalls it), then let the machine settle. CHECKPOINT needs a superuser or pg_checkpoint.
    await db.query('checkpoint').catch((error) => console.warn(`checkpoint skipped: ${error.message}`));
    await db.end();
    console.log(`Loaded ${PRODUCTS} products in ${loadSeconds.toFixed(1)} s; settling ${SETTLE_SECONDS} s.`);
    await sleep(SETTLE_SECONDS * 1000);

    // Deterministic pseudo-random terms (no Math.random: reruns compare like with like).
    let seed = 42;
    const next = (n) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const pick = (list) => list[next(list.length)];
    const kinds = {
      word: () => pick([...ADJECTIVES, ...FLAVOURS, ...NOUNS]).toLowerCase(),
      partial: () =>
        pick(NOUNS)
          .slice(0, 3 + next(3))
          .toLowerCase(),
      phrase: () => `${pick(FLAVOURS)} ${pick(NOUNS)}`,
      skuPrefix: () =>
        `SKU-0${String(next(Math.min(PRODUCTS, 99_999)))
          .padStart(5, '0')
          .slice(0, 4)}`,
    };
    const kindNames = Object.keys(kinds);
    const timed = async (query, search) => {
      const t0 = performance.now();
      const res = await fetch(`${BASE}/products?${query}`, { headers: { authorization: `Bearer ${cashierToken}` } });
      const json = await res.json();
      const client = performance.now() - t0;
      if (!res.ok) throw new Error(`GET /products?${query}: ${res.status} ${JSON.stringify(json)}`);
      const server = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
      return {
        server,
        client,
        total: json.meta.total,
        capped: json.meta.totalCapped === true,
        search,
        first: json.data[0],
      };
    };
    const branchQuery = `branchId=${branch.id}`;

    const loadBefore = os.loadavg();
    // Warm-up: the first requests pay for connection set-up and cold caches.
    for (let i = 0; i < 30; i++) {
      await timed(`${branchQuery}&search=${encodeURIComponent(kinds[kindNames[i % kindNames.length]]())}`);
    }

    const search = {};
    for (const kind of kindNames) search[kind] = [];
    for (let i = 0; i < SEARCHES; i++) {
      const kind = kindNames[i % kindNames.length];
      const term = kinds[kind]();
      search[kind].push(await timed(`${branchQuery}&page=1&limit=10&search=${encodeURIComponent(term)}`, term));
    }
    const barcodeSearch = [];
    const barcodeSku = [];
    for (let i = 0; i < BARCODES; i++) {
      const sku = `SKU-${String(1 + next(PRODUCTS)).padStart(6, '0')}`;
      const bySearch = await timed(`${branchQuery}&search=${sku}&limit=1`, sku);
      if (bySearch.first?.sku !== sku) throw new Error(`barcode ${sku} did not come first`);
      barcodeSearch.push(bySearch);
      barcodeSku.push(await timed(`${branchQuery}&sku=${sku.toLowerCase()}&limit=1`));
    }
    const unfiltered = [];
    for (let i = 0; i < 50; i++) unfiltered.push(await timed(`${branchQuery}&page=${1 + next(100)}&limit=10`, ''));

    const loadAfter = os.loadavg();
    // The real number of matches of every term (the search's own condition), after measuring.
    const counter = new pg.Client({ connectionString: databaseUrl });
    await counter.connect();
    const matchesOf = new Map();
    for (const sample of [...Object.values(search).flat(), ...barcodeSearch, ...unfiltered]) {
      if (!matchesOf.has(sample.search)) {
        const pattern = `%${sample.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        const { rows } = await counter.query(
          'select count(*)::int as n from products where branch_id = $1 and deleted_at is null and search_key like lower($2)',
          [branch.id, pattern],
        );
        matchesOf.set(sample.search, rows[0].n);
      }
      sample.matches = matchesOf.get(sample.search);
    }
    await counter.end();
    const allSearches = Object.values(search).flat();
    const result = {
      benchmark: 'product-search',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
      // Other work on the machine skews latency; the 1/5/15-minute load averages before and after measuring.
      loadAverage: { before: loadBefore.map((x) => +x.toFixed(2)), after: loadAfter.map((x) => +x.toFixed(2)) },
      products: PRODUCTS,
      loadSeconds: +loadSeconds.toFixed(1),
      settleSeconds: SETTLE_SECONDS,
      search: summarise(allSearches),
      searchByKind: Object.fromEntries(kindNames.map((k) => [k, summarise(search[k])])),
      barcodeViaSearchLimit1: summarise(barcodeSearch),
      barcodeViaSkuParam: summarise(barcodeSku),
      listWithoutSearch: summarise(unfiltered),
      target: 'p95 <= 10 ms at the server (DESIGN.md section 9)',
    };
    const targetMet = result.search.serverMs.p95 <= 10 && result.barcodeViaSearchLimit1.serverMs.p95 <= 10;
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `search p95 ${result.search.serverMs.p95} ms, barcode p95 ${result.barcodeViaSearchLimit1.serverMs.p95} ms at the server: target ${targetMet ? 'met' : 'NOT met'}`,
    );
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/product-search.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      for (let i = 0; i < 50 && server.exitCode === null; i++) await sleep(100);
    }
    if (args.includes('--keep')) {
      console.log(`Kept database ${dbName} (drop it with: drop database ${dbName})`);
    } else {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
