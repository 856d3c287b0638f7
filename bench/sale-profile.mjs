#!/usr/bin/env node
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { commitSaleStatement, LISTING_PRICE, option } from './lib.mjs';

const url = process.argv.slice(2).find((a) => a.startsWith('postgres'));
if (!url) throw new Error('usage: node bench/sale-profile.mjs <database url> [--sales 2000] [--explain]');
const SALES = option('sales', 2000);

const statement = commitSaleStatement();

const db = new pg.Client({ connectionString: url });
await db.connect();
await db.query('set synchronous_commit = off');
await db.query(`set track_functions = 'pl'`);
// As the server's connections (PLAN_ONCE in apps/server/src/db/client.ts): the statement's generic plan, planned once.
await db.query('set plan_cache_mode = force_generic_plan');
const pid = (await db.query('select pg_backend_pid() as pid')).rows[0].pid;
const branch = (await db.query('select company_id, id from branches order by created_at limit 1')).rows[0];
const cashier = (await db.query(`select id from users where username = 'benchcashier'`)).rows[0].id;
const products = (
  await db.query(`select id, (${LISTING_PRICE})::text as price from products p where branch_id = $1 order by id`, [
    branch.id,
  ])
).rows;

/** The backend's CPU time so far (user + system), ms, from /proc (clock ticks of 10 ms). */
function backendCpu() {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function sale(explain = false) {
  const picked = new Set();
  while (picked.size < 3) picked.add(Math.floor(Math.random() * products.length));
  const cart = [...picked].sort((a, b) => a - b).map((i) => products[i]);
  const quantities = cart.map(() => 1 + Math.floor(Math.random() * 3));
  const values = {
    companyId: branch.company_id,
    branchId: branch.id,
    saleId: randomUUID(),
    cashierId: cashier,
    paymentMethod: 'card',
    subtotal: '300.00',
    discountType: 'amount',
    discountValue: '0.00',
    discountAmount: '0.00',
    taxRate: '5.00',
    taxAmount: '15.00',
    total: '315.00',
    amountPaid: '315.00',
    changeAmount: '0.00',
    idempotencyKey: randomUUID(),
    requestHash: 'profile',
    productIds: cart.map((p) => p.id),
    productQuantities: quantities,
    productPrices: cart.map((p) => p.price),
    productCharged: cart.map((p) => p.price),
    productTaxRates: cart.map(() => null),
    productTaxIncluded: cart.map(() => false),
    lineIds: cart.map(() => randomUUID()),
    lineProductIds: cart.map((p) => p.id),
    lineQuantities: quantities,
    customerPhone: null,
    customerName: null,
    customerEmail: null,
    offline: false,
    soldAt: null,
    registerId: null,
    receiptNumber: null,
    shiftId: null,
    flags: [],
    tenderMethods: ['card'],
    tenderAmounts: ['315.00'],
    takesCash: false,
    accountApprovedBy: null,
    voucherId: null,
    serviceFee: '0.00',
  };
  const params = statement.names.map((n) => values[n]);
  if (!explain) return db.query({ name: statement.name, text: statement.text, values: params });
  const plan = await db.query({ text: `explain (analyze, buffers, timing) ${statement.text}`, values: params });
  return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
}

for (let i = 0; i < 200; i++) await sale(); // plans cached, caches warm
if (process.argv.includes('--explain')) {
  // One sale's plan with its timings, in a transaction rolled back.
  await db.query('begin');
  console.log(await sale(true));
  await db.query('rollback');
  await db.end();
  process.exit(0);
}
const stats = async () =>
  (
    await db.query(
      `select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'products'`,
    )
  ).rows[0];
const functions = async () =>
  new Map(
    (await db.query('select funcname, calls::int, self_time from pg_stat_xact_user_functions')).rows.map((r) => [
      r.funcname,
      r,
    ]),
  );
await db.query('begin'); // pg_stat_xact_* count this transaction only: a first pass inside one, rolled back
const fBefore = await functions();
for (let i = 0; i < 200; i++) await sale();
const fAfter = await functions();
await db.query('rollback');
const triggers = [...fAfter.values()]
  .map((f) => ({
    function: f.funcname,
    callsPerSale: +((f.calls - (fBefore.get(f.funcname)?.calls ?? 0)) / 200).toFixed(2),
    selfMsPerSale: +((f.self_time - (fBefore.get(f.funcname)?.self_time ?? 0)) / 200).toFixed(4),
  }))
  .sort((a, b) => b.selfMsPerSale - a.selfMsPerSale);

const hotBefore = await stats();
const cpuBefore = backendCpu();
const started = performance.now();
for (let i = 0; i < SALES; i++) await sale();
const wall = performance.now() - started;
const cpu = backendCpu() - cpuBefore;
await new Promise((r) => setTimeout(r, 600)); // table statistics are flushed at most every 500 ms
const hotAfter = await stats();
await db.end();
const result = {
  sales: SALES,
  backendCpuPerSaleMs: +(cpu / SALES).toFixed(3),
  wallPerSaleMs: +(wall / SALES).toFixed(3),
  triggerSelfMsPerSale: +triggers.reduce((s, t) => s + t.selfMsPerSale, 0).toFixed(4),
  triggers,
  productUpdates: { total: hotAfter.upd - hotBefore.upd, hot: hotAfter.hot - hotBefore.hot },
};
console.log(JSON.stringify(result, null, 2));
