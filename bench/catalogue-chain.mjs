#!/usr/bin/env node
// A chain's catalogue on PostgreSQL: --branches branches listing the same --variants variants (50 x 20,000:
// a million listings), then what a chain does with it.
//
//   node bench/catalogue-chain.mjs [--no-build] [--branches 50] [--variants 20000] [--registers 8] [--seconds 15]
//                                  [--keep]
//
// 1. a fresh database next to TEST_DATABASE_URL, the built server on it (built unless --no-build); a company,
//    its main branch and a cashier through the API; the other branches, the items (one variant each, an SKU
//    and an EAN-13 barcode) and every branch's listing of every variant with SQL (set-based), VACUUM ANALYZE;
// 2. a chain price change of every variant: one POST /api/variants/prices of --variants changes (one
//    transaction, every listing without an override follows), timed, with the listings it reached;
// 3. one branch's catalogue sync for an offline register (GET /api/sync/catalogue in pages of 5,000, no
//    cursor), timed; then the register's look-ups at the main branch: a scan by SKU, a scan by barcode
//    (GET /api/products?sku=) and a search, 300 of each, timed per request;
// 4. sale commits, after the price change's dead rows are vacuumed (timed): --registers cashiers at the first
//    branches post 3-line sales for --seconds (the load of bench/sales.mjs; compare with
//    `bench/sales.mjs --branches 8 --registers 8` in the same run);
// 5. writes bench/results/catalogue-chain.json, stops the server, drops the database (unless --keep).
import pg from 'pg';
import {
  addCashier,
  apiClient,
  buildServer,
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

const BRANCHES = option('branches', 50);
const VARIANTS = option('variants', 20_000);
const REGISTERS = option('registers', 8);
const SECONDS = option('seconds', 15);
const LOOKUPS = 300;
const PORT = Number(process.env.BENCH_PORT ?? 3994);
const log = (message) => console.error(`[catalogue-chain bench] ${message}`);

/** The EAN-13 of n: 12 digits (prefix 890, n) and the GS1 check digit. */
function ean13(n) {
  const body = `890${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const timed = async (fn) => {
  const t = performance.now();
  const value = await fn();
  return { ms: +(performance.now() - t).toFixed(1), value };
};

const database = await createDatabase();
let server;
let db;
const result = { branches: BRANCHES, variants: VARIANTS, listings: BRANCHES * VARIANTS, loadBefore: loadAverage() };
try {
  if (!process.argv.includes('--no-build')) buildServer();
  server = await startServer({
    port: PORT,
    env: { DATABASE_URL: database.url, ADMIN_USERNAME: 'benchadmin', ADMIN_PASSWORD: 'Bench-Admin-Pass-1' },
  });
  const call = apiClient(PORT);
  const tenant = await setUpTenant(call, { adminUsername: 'benchadmin', adminPassword: 'Bench-Admin-Pass-1' });
  const { adminToken, company, branch } = tenant;

  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const seeded = await timed(async () => {
    await db.query(
      `insert into branches (company_id, name, address, phone, is_main, timezone, tax_rate)
       select company_id, 'Bench Branch ' || g, address, phone, false, timezone, tax_rate
       from branches, generate_series(2, $2::integer) g where id = $1`,
      [branch.id, BRANCHES],
    );
    // Ids as the API makes them (version 4 uuids), one per item and variant.
    await db.query(
      `create temp table chain as
       select g, gen_random_uuid() as item_id, gen_random_uuid() as variant_id from generate_series(1, $1::integer) g`,
      [VARIANTS],
    );
    await db.query(
      `insert into items (company_id, id, name) select $1::uuid, item_id, 'Chain Product ' || g from chain`,
      [company.id],
    );
    await db.query(
      `insert into variants (company_id, id, item_id, name, sku, cost, price)
       select $1::uuid, variant_id, item_id, 'Chain Product ' || g, 'CH-' || lpad(g::text, 6, '0'), 50, 80 + (g % 50)
       from chain`,
      [company.id],
    );
    const codes = Array.from({ length: VARIANTS }, (_, i) => ean13(i + 1));
    await db.query(
      `insert into barcodes (company_id, variant_id, code, kind)
       select $1::uuid, variant_id, ($2::text[])[g], 'ean13' from chain`,
      [company.id, codes],
    );
    // Every branch lists every variant at the chain price: the listing copies the catalogue and stores no price
    // (as listVariant writes it).
    await db.query(
      `insert into products (company_id, branch_id, variant_id, name, sku, barcodes, cost, stock_quantity)
       select v.company_id, b.id, v.id, v.name, v.sku, array[bc.code], v.cost, 1000000
       from variants v join barcodes bc on bc.company_id = v.company_id and bc.variant_id = v.id
       cross join branches b where v.company_id = $1 and b.company_id = $1`,
      [company.id],
    );
    await db.query('vacuum analyze');
    await db.query('checkpoint');
  });
  result.seedSeconds = +(seeded.ms / 1000).toFixed(1);
  log(`${BRANCHES} branches x ${VARIANTS} variants listed in ${result.seedSeconds} s`);

  // A chain price change of every variant in one action.
  const { rows: variantRows } = await db.query(
    'select id, price::float8 as price from variants where company_id = $1',
    [company.id],
  );
  const changes = variantRows.map((v) => ({ variantId: v.id, price: +(v.price + 1.25).toFixed(2) }));
  const priceChange = await timed(() =>
    call('POST', '/variants/prices', { token: adminToken, body: { companyId: company.id, changes } }),
  );
  result.chainPriceChange = { ms: priceChange.ms, ...priceChange.value.data };
  log(
    `chain price change of ${changes.length} variants: ${priceChange.ms} ms, ${priceChange.value.data.listings} listings`,
  );
  if (priceChange.value.data.listings !== VARIANTS * BRANCHES) {
    throw new Error(`the price change reached ${priceChange.value.data.listings} listings`);
  }

  // One branch's full catalogue sync, as a register's first sync.
  const cashier = tenant.cashierToken;
  const newPrice = new Map(changes.map((c) => [c.variantId, c.price]));
  const variantOf = new Map(
    (await db.query('select id, variant_id from products where branch_id = $1', [branch.id])).rows.map((r) => [
      r.id,
      r.variant_id,
    ]),
  );
  const sync = await timed(async () => {
    let cursor;
    let received = 0;
    for (let i = 0; i < 1000; i++) {
      const qs = new URLSearchParams({ branchId: branch.id, limit: '5000', ...(cursor && { cursor }) });
      const page = (await call('GET', `/sync/catalogue?${qs}`, { token: cashier })).data;
      received += page.products.length;
      // Each listing syncs at its variant's new chain price.
      for (const product of page.products) {
        if (product.price !== newPrice.get(variantOf.get(product.id))) {
          throw new Error(`listing ${product.id} synced at ${product.price}`);
        }
      }
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    return received;
  });
  if (sync.value !== VARIANTS) throw new Error(`sync answered ${sync.value} products, not ${VARIANTS}`);
  result.branchSync = { ms: sync.ms, products: sync.value };
  log(`branch catalogue sync: ${sync.value} products in ${sync.ms} ms`);

  // The register's look-ups at the main branch.
  const lookups = async (query, expectOne) => {
    const times = [];
    for (let i = 0; i < LOOKUPS; i++) {
      const g = 1 + ((i * 7919) % VARIANTS);
      const { ms, value } = await timed(() =>
        call('GET', `/products?branchId=${branch.id}&${query(g)}`, { token: cashier }),
      );
      if (expectOne && value.data.length !== 1) throw new Error(`look-up ${query(g)} found ${value.data.length}`);
      times.push(ms);
    }
    return stats(times);
  };
  result.lookupsMs = {
    scanBySku: await lookups((g) => `sku=CH-${String(g).padStart(6, '0')}`, true),
    scanByBarcode: await lookups((g) => `sku=${ean13(g)}`, true),
    search: await lookups((g) => `search=${encodeURIComponent(`product ${g}`)}&limit=24`, false),
  };
  log(`look-ups (ms): ${JSON.stringify(result.lookupsMs)}`);

  // Sale commits at the first branches.
  const { rows: branchRows } = await db.query(
    'select id from branches where company_id = $1 order by is_main desc, name limit $2',
    [company.id, REGISTERS],
  );
  const registers = [];
  for (let i = 0; i < REGISTERS; i++) {
    const at = branchRows[i % branchRows.length];
    const { rows: listed } = await db.query(
      `select id, (${LISTING_PRICE})::float8 as price from products p where company_id = $1 and branch_id = $2
       order by id limit 1000`,
      [company.id, at.id],
    );
    const token =
      i === 0
        ? cashier
        : await addCashier(call, adminToken, {
            company,
            branch: { id: at.id },
            username: `chaincashier${String(i).padStart(2, '0')}`,
          });
    registers.push({ token, branchId: at.id, products: listed });
  }
  // A million listings updated leave a million dead rows: vacuum them (autovacuum would, within minutes)
  // so the sales below measure the catalogue, not the clean-up of the price change.
  result.vacuumAfterPriceChange = (await timed(() => db.query('vacuum analyze products'))).ms;
  await db.end();
  db = undefined;
  result.sales = await saleLoad({ port: PORT, registers, serverPid: server.pid, seconds: SECONDS });
  log(
    `sales: ${result.sales.salesPerSecond}/s, p50 ${result.sales.latencyMs.p50} ms, failures ${result.sales.failures}`,
  );
  result.loadAfter = loadAverage();
  writeResult('catalogue-chain', result);
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error(String(error).slice(0, 2000));
  process.exitCode = 1;
} finally {
  await db?.end();
  await server?.stop();
  if (process.argv.includes('--keep')) log(`kept database ${database.url}`);
  else await database.drop();
}
