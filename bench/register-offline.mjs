#!/usr/bin/env node
// The register offline in a real browser, on PostgreSQL with 100,000 products.
//
//   node bench/register-offline.mjs [--no-build] [--products 100000] [--lookups 200] [--sales 1000]
//
// 1. builds the web app and the server unless --no-build; creates a fresh database next to TEST_DATABASE_URL and
//    starts apps/server/dist/main.js on it serving apps/web/dist (port BENCH_PORT, default 3993); a company, a branch
//    and a cashier through the API; --products products with one SQL statement (names from four word lists, SKUs
//    SKU-000001 ...), then VACUUM ANALYZE;
// 2. headless Chromium (/usr/bin/chromium through Playwright), the cashier's session put in localStorage:
//    a. first catalogue sync: open /dashboard/pos, time from the register's first render to the status saying the
//       catalogue is in IndexedDB (data-catalogue="synced"). Target <= 20 s;
//    b. delta: 100 products' prices changed in SQL, the register reopened online; time to synced again. Target <= 1 s;
//    c. offline search and barcode: --lookups lookups each, in the page against the register's IndexedDB with the
//       register's own indexes (the multi-entry `words` prefix for a search, `[branchId+skuLower]` for a barcode),
//       a page of 24 like the tiles. Targets p95 <= 20 ms;
//    d. offline cold start: the context offline, reload /dashboard/pos, time to the first tile on screen. <= 1.5 s;
//    e. drain: --sales sales written into the outbox as the register writes them (cash, one line each, with offline
//       receipt numbers), then the register reopened online; time until the outbox is empty and the server holds
//       them all. Target <= 30 s;
//    BENCH_WEB_DIST=<dir> with --no-build serves another build of the web app (a comparison before a change);
// 3. prints the JSON result, writes bench/results/register-offline.json, stops the server, drops the database.
import path from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import {
  apiClient,
  buildServer,
  buildWeb,
  createDatabase,
  LISTING_PRICE,
  loadAverage,
  option,
  root,
  setUpTenant,
  signedInContext,
  startServer,
  stats,
  writeResult,
} from './lib.mjs';

const args = process.argv.slice(2);
const PRODUCTS = option('products', 100_000);
const LOOKUPS = option('lookups', 200);
const SALES = option('sales', 1000);
const PORT = Number(process.env.BENCH_PORT ?? 3993);
const log = (...m) => console.error('[register-offline bench]', ...m);
const WORDS = ['Crunchy', 'Fresh', 'Golden', 'Spicy', 'Sweet', 'Classic', 'Royal', 'Tangy', 'Smoky', 'Zesty', 'Creamy'];
const FLAVOURS = ['Mango', 'Lemon', 'Cheese', 'Masala', 'Orange', 'Mint', 'Chocolate', 'Vanilla', 'Garlic', 'Honey'];
const NOUNS = [
  'Biscuits',
  'Chips',
  'Juice',
  'Cola',
  'Noodles',
  'Tea',
  'Coffee',
  'Soap',
  'Rice',
  'Lentils',
  'Yogurt',
  'Butter',
  'Ketchup',
  'Cereal',
  'Candy',
  'Cookies',
  'Crackers',
  'Water',
  'Milk',
];
const SIZES = ['50g', '100g', '250g', '500g', '1kg', '1L', '1.5L'];
const sqlArray = (a) => `array[${a.map((w) => `'${w}'`).join(',')}]`;

if (!args.includes('--no-build')) {
  buildWeb();
  buildServer();
}

const result = { products: PRODUCTS, loadBefore: loadAverage() };
const database = await createDatabase();
const adminPassword = 'Bench-Admin-1';
const server = await startServer({
  port: PORT,
  env: {
    DATABASE_URL: database.url,
    ADMIN_USERNAME: 'benchadmin',
    ADMIN_PASSWORD: adminPassword,
    WEB_DIST: process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'),
    LOGIN_RATE_MAX_PER_IP: '100000',
  },
});
const call = apiClient(PORT);
let browser;
try {
  const { cashierToken, company, branch } = await setUpTenant(call, {
    adminUsername: 'benchadmin',
    adminPassword,
  });

  const db = new pg.Client({ connectionString: database.url });
  db.on('error', () => {});
  await db.connect();
  let t = performance.now();
  await db.query(
    `insert into products (company_id, branch_id, name, sku, cost, price, stock_quantity, low_stock_threshold, max_stock)
     select $1, $2,
            (${sqlArray(WORDS)})[1 + g % ${WORDS.length}] || ' ' || (${sqlArray(FLAVOURS)})[1 + (g * 7) % ${FLAVOURS.length}]
              || ' ' || (${sqlArray(NOUNS)})[1 + (g * 13) % ${NOUNS.length}] || ' ' || (${sqlArray(SIZES)})[1 + (g * 3) % ${SIZES.length}]
              || ' ' || g,
            'SKU-' || lpad(g::text, 6, '0'), 20, round((30 + (g % 500) * 1.3)::numeric, 2), 100000, 10, 1000000
     from generate_series(1, $3::int) g`,
    [company.id, branch.id, PRODUCTS],
  );
  await db.query(
    `insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                                  previous_quantity, new_quantity, reason)
     select company_id, branch_id, id, 'initial_stock', 'in', stock_quantity, 0, stock_quantity, 'Bench data'
     from products where branch_id = $1`,
    [branch.id],
  );
  await db.query('vacuum analyze');
  result.loadSeconds = +((performance.now() - t) / 1000).toFixed(1);
  log(`${PRODUCTS} products in ${result.loadSeconds} s`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const { context, user: cashier } = await signedInContext(browser, PORT, cashierToken);
  const page = await context.newPage();
  const status = page.getByTestId('register-status');
  const synced = () =>
    page.waitForSelector('[data-testid="register-status"][data-catalogue="synced"]', { timeout: 600_000 });

  // a. first sync
  await page.goto('/dashboard/pos');
  await status.waitFor();
  t = performance.now();
  await synced();
  result.firstSyncSeconds = +((performance.now() - t) / 1000).toFixed(2);
  log('first sync', result.firstSyncSeconds, 's');
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 60_000 });

  // b. delta of 100 changed products
  await db.query(
    `update products p set price = ${LISTING_PRICE} + 1, updated_at = now()
     where id in (select id from products where branch_id = $1 order by sku limit 100)`,
    [branch.id],
  );
  await page.reload();
  await status.waitFor();
  t = performance.now();
  await synced();
  result.deltaSeconds = +((performance.now() - t) / 1000).toFixed(2);
  log('delta', result.deltaSeconds, 's');

  // c. offline search and barcode against IndexedDB, with the register's indexes
  await context.setOffline(true);
  const lookups = await page.evaluate(
    async ({ n, products, branchId, words }) => {
      const open = () =>
        new Promise((resolve, reject) => {
          const r = indexedDB.open('pos-register');
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      const idb = await open();
      const req = (r) =>
        new Promise((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      const search = async (term) => {
        const store = idb.transaction('products').objectStore('products');
        const rows = await req(store.index('words').getAll(IDBKeyRange.bound(term, `${term}\uffff`), 25));
        return rows.filter((p) => p.branchId === branchId).length;
      };
      const barcode = async (sku) => {
        const store = idb.transaction('products').objectStore('products');
        return req(store.index('[branchId+skuLower]').get([branchId, sku.toLowerCase()]));
      };
      const out = { search: [], barcode: [], misses: 0 };
      for (let i = 0; i < n; i++) {
        const word = words[i % words.length].toLowerCase();
        const term = i % 2 ? word.slice(0, 3) : word;
        let s = performance.now();
        await search(term);
        out.search.push(performance.now() - s);
        const sku = `SKU-${String(1 + ((i * 7919) % products)).padStart(6, '0')}`;
        s = performance.now();
        if (!(await barcode(sku))) out.misses++;
        out.barcode.push(performance.now() - s);
      }
      return out;
    },
    { n: LOOKUPS, products: PRODUCTS, branchId: branch.id, words: [...WORDS, ...FLAVOURS, ...NOUNS] },
  );
  result.offlineSearchMs = stats(lookups.search);
  result.offlineBarcodeMs = stats(lookups.barcode);
  result.barcodeMisses = lookups.misses;
  log('search', result.offlineSearchMs, 'barcode', result.offlineBarcodeMs);

  // d. offline cold start
  t = performance.now();
  await page.reload();
  await page
    .getByRole('button', { name: /^Add .* to cart/ })
    .first()
    .waitFor({ timeout: 30_000 });
  result.offlineColdStartSeconds = +((performance.now() - t) / 1000).toFixed(2);
  log('offline cold start', result.offlineColdStartSeconds, 's');

  // e. drain SALES queued sales
  const queued = await page.evaluate(
    async ({ n, branchId, cashierId }) => {
      const idb = await new Promise((resolve, reject) => {
        const r = indexedDB.open('pos-register');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const req = (r) =>
        new Promise((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      const meta = idb.transaction('meta').objectStore('meta');
      const register = (await req(meta.get(`register:${branchId}`)))?.value;
      if (!register) return { error: 'not enrolled' };
      const products = await req(
        idb
          .transaction('products')
          .objectStore('products')
          .index('[branchId+nameLower]')
          .getAll(IDBKeyRange.bound([branchId], [branchId, []]), n),
      );
      const tx = idb.transaction(['outbox', 'meta'], 'readwrite');
      const seqKey = `receiptSeq:${register.registerId}`;
      let seq = (await req(tx.objectStore('meta').get(seqKey)))?.value ?? 0;
      for (let i = 0; i < n; i++) {
        const p = products[i % products.length];
        const id = crypto.randomUUID();
        seq++;
        const receiptNumber = `${register.code}-${String(seq).padStart(6, '0')}`;
        const soldAt = new Date().toISOString();
        tx.objectStore('outbox').add({
          id,
          idempotencyKey: id,
          branchId,
          registerId: register.registerId,
          receiptNumber,
          cashierId,
          cashierName: 'Bench Cashier',
          soldAt,
          status: 'waiting',
          attempts: 0,
          lastError: null,
          payload: {
            id,
            branchId,
            items: [{ product_id: p.id, quantity: 1, price: p.price, unit_price: p.price }],
            subtotal: p.price,
            tax: 0,
            tax_rate: 0,
            discount_type: 'percentage',
            discount_value: 0,
            discount_amount: 0,
            total: p.price,
            payment_method: 'card',
            amount_paid: p.price,
            change: 0,
            offline: true,
            sold_at: soldAt,
            register_id: register.registerId,
            receipt_number: receiptNumber,
            cashier_id: cashierId,
          },
        });
      }
      tx.objectStore('meta').put({ key: seqKey, value: seq });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      return { queued: n };
    },
    { n: SALES, branchId: branch.id, cashierId: cashier.id },
  );
  if (queued.error) throw new Error(queued.error);
  await context.setOffline(false);
  t = performance.now();
  await page.reload();
  const outboxCount = () =>
    page.evaluate(async () => {
      const idb = await new Promise((resolve, reject) => {
        const r = indexedDB.open('pos-register');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const n = await new Promise((resolve) => {
        const r = idb.transaction('outbox').objectStore('outbox').count();
        r.onsuccess = () => resolve(r.result);
      });
      idb.close();
      return n;
    });
  for (let i = 0; i < 2400 && (await outboxCount()) > 0; i++) await new Promise((r) => setTimeout(r, 250));
  result.drainSeconds = +((performance.now() - t) / 1000).toFixed(2);
  result.outboxAfter = await page.evaluate(async () => {
    const idb = await new Promise((resolve, reject) => {
      const r = indexedDB.open('pos-register');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const rows = await new Promise((resolve) => {
      const r = idb.transaction('outbox').objectStore('outbox').getAll();
      r.onsuccess = () => resolve(r.result);
    });
    return {
      left: rows.length,
      errors: rows.filter((r) => r.status === 'error').length,
      firstError: rows[0]?.lastError ?? null,
    };
  });
  const { rows } = await db.query(
    'select count(*)::int n, count(distinct receipt_number)::int d from sales where offline',
  );
  result.drained = rows[0];
  log('drain', result.drainSeconds, 's', rows[0]);
  await db.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  result.loadAfter = loadAverage();
  await browser?.close();
  await server.stop();
  await database.drop();
}
result.targets = {
  firstSyncSeconds: 20,
  deltaSeconds: 1,
  offlineSearchP95Ms: 20,
  offlineBarcodeP95Ms: 20,
  offlineColdStartSeconds: 1.5,
  drainSeconds: 30,
};
console.log(JSON.stringify(result, null, 2));
writeResult('register-offline', result);
