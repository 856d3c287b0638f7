#!/usr/bin/env node
// Live stock between registers (issue 14: "two registers selling the last unit see it within a second"),
// on PostgreSQL, with two server processes on one database.
//
//   node bench/live-stock.mjs [--no-build] [--sales 200]
//
// 1. creates a fresh database next to TEST_DATABASE_URL, builds the server unless --no-build, starts
//    apps/server/dist/main.js twice on it (A and B, the same signing key); a company, its main branch, a
//    cashier and one product through A;
// 2. a stream on B (POST /api/events/ticket, then GET /api/events) and a stream on A;
// 3. --sales card sales of one unit through A, one after another; for each, the time from the sale's
//    answer (committed) to its `stock` event with the new figure arriving on B's stream (LISTEN/NOTIFY
//    across processes) and on A's own stream; also from the request being sent;
// 4. writes bench/results/live-stock.json, stops both servers, drops the database.
import { randomBytes } from 'node:crypto';
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
  taxOf,
  writeResult,
} from './lib.mjs';

const SALES = option('sales', 200);
const PORT_A = Number(process.env.BENCH_PORT ?? 3995);
const PORT_B = PORT_A + 1;

/** A server-sent event stream read with fetch: resolves waiters by predicate, stamping each event's arrival. */
async function openStream(port, token, branchId) {
  const call = apiClient(port);
  const { data } = await call('POST', '/events/ticket', { token, body: { branchId } });
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/events?ticket=${encodeURIComponent(data.ticket)}`, {
    signal: controller.signal,
  });
  if (!res.ok) throw new Error(`events on ${port}: ${res.status}`);
  const waiters = [];
  const seen = [];
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const json = /^data: (.+)$/m.exec(block)?.[1];
          if (!event || !json) continue;
          const e = { event, data: JSON.parse(json), at };
          const i = waiters.findIndex((w) => w.match(e));
          if (i >= 0) waiters.splice(i, 1)[0].resolve(e);
          else seen.push(e);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  const until = (match) => {
    const i = seen.findIndex(match);
    if (i >= 0) return Promise.resolve(seen.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event within 10 s on ${port}`)), 10_000);
      waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  };
  await until((e) => e.event === 'ready');
  return { until, close: () => controller.abort() };
}

const database = await createDatabase();
const servers = [];
try {
  if (!process.argv.includes('--no-build')) buildServer();
  const env = {
    DATABASE_URL: database.url,
    ADMIN_USERNAME: 'benchadmin',
    ADMIN_PASSWORD: 'Bench-Admin-Pass-1',
    JWT_SECRET: randomBytes(48).toString('base64url'),
  };
  servers.push(await startServer({ port: PORT_A, env }));
  servers.push(await startServer({ port: PORT_B, env }));
  const call = apiClient(PORT_A);
  const { cashierToken, company, branch } = await setUpTenant(call, {
    adminUsername: 'benchadmin',
    adminPassword: 'Bench-Admin-Pass-1',
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const {
    rows: [product],
  } = await db.query(
    `insert into products (company_id, branch_id, name, sku, cost, price, stock_quantity)
     values ($1, $2, 'Cola 1.5L', 'BEV-COLA-15', 120, 180, $3) returning id`,
    [company.id, branch.id, SALES],
  );
  await db.end();

  const onB = await openStream(PORT_B, cashierToken, branch.id);
  const onA = await openStream(PORT_A, cashierToken, branch.id);
  const subtotal = 18_000;
  const tax = taxOf(subtotal, 5);
  const sale = {
    branchId: branch.id,
    items: [{ product_id: product.id, quantity: 1, price: 180 }],
    subtotal: subtotal / 100,
    tax: tax / 100,
    tax_rate: 5,
    discount_type: 'amount',
    discount_value: 0,
    discount_amount: 0,
    total: (subtotal + tax) / 100,
    payment_method: 'card',
    amount_paid: (subtotal + tax) / 100,
    change: 0,
  };
  const fromCommitB = [];
  const fromCommitA = [];
  const fromRequestB = [];
  for (let i = 1; i <= SALES; i++) {
    const left = SALES - i;
    const isIt = (e) => e.event === 'stock' && e.data.productId === product.id && e.data.stockQuantity === left;
    const waitB = onB.until(isIt);
    const waitA = onA.until(isIt);
    const sent = performance.now();
    await call('POST', '/transactions', { token: cashierToken, body: sale });
    const answered = performance.now();
    const [b, a] = await Promise.all([waitB, waitA]);
    fromCommitB.push(Math.max(0, b.at - answered));
    fromCommitA.push(Math.max(0, a.at - answered));
    fromRequestB.push(b.at - sent);
  }
  onA.close();
  onB.close();

  const result = {
    sales: SALES,
    // Time from the sale's answer to the stock event on the other process's stream (0 when it came first).
    otherProcessAfterAnswerMs: stats(fromCommitB),
    sameProcessAfterAnswerMs: stats(fromCommitA),
    otherProcessFromRequestMs: stats(fromRequestB),
    loadAverage: loadAverage(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('live-stock', result);
} finally {
  for (const server of servers) await server.stop();
  await database.drop();
}
