#!/usr/bin/env node
// Live stock between registers (target: "two registers selling the last unit see it within a second"),
// on PostgreSQL, with two server processes on one database.
//
//   node bench/live-stock.mjs [--no-build] [--sales 200] [--rounds 20]
//
// 1. creates a fresh database next to TEST_DATABASE_URL, builds the server unless --no-build, starts
//    apps/server/dist/main.js twice on it (A and B, the same signing key); a company, its main branch, a
//    cashier and one product through A;
// 2. a stream on B (POST /api/events/ticket, then GET /api/events) and a stream on A;
// 3. --sales card sales of one unit through A, one after another; for each, the time from the sale's
//    answer (committed) to its `stock` event with the new figure arriving on B's stream (LISTEN/NOTIFY
//    across processes) and on A's own stream; also from the request being sent;
// 4. in the browser (headless Chromium through Playwright; the web app built too unless --no-build): register A
//    opens /dashboard/pos on server A as the cashier, register B on server B as a second cashier of the branch;
//    --rounds products with one unit each. Each round register A sells the last unit of one of them (barcode,
//    Payment, Card, Complete Payment) and register B, never reloaded nor touched, shows that product's tile
//    "Out of stock": the time from A's sale answer (the browser's own timing of the POST) to B's tile changing
//    (a MutationObserver in B), and from the Complete Payment click;
// 5. writes bench/results/live-stock.json, stops both servers, drops the database.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import {
  addCashier,
  apiClient,
  buildServer,
  buildWeb,
  createDatabase,
  loadAverage,
  option,
  root,
  setUpTenant,
  signedInContext,
  startServer,
  stats,
  taxOf,
  writeResult,
} from './lib.mjs';

const SALES = option('sales', 200);
const ROUNDS = option('rounds', 20);
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
  if (!process.argv.includes('--no-build')) {
    buildWeb();
    buildServer();
  }
  const env = {
    DATABASE_URL: database.url,
    ADMIN_USERNAME: 'benchadmin',
    ADMIN_PASSWORD: 'Bench-Admin-Pass-1',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    WEB_DIST: path.join(root, 'apps/web/dist'),
    LOGIN_RATE_MAX_PER_IP: '100000',
  };
  servers.push(await startServer({ port: PORT_A, env }));
  servers.push(await startServer({ port: PORT_B, env }));
  const call = apiClient(PORT_A);
  const { adminToken, cashierToken, company, branch } = await setUpTenant(call, {
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

  const browserPart = await registersInBrowsers({ call, adminToken, cashierToken, company, branch, db: database.url });

  const result = {
    sales: SALES,
    // Time from the sale's answer to the stock event on the other process's stream (0 when it came first).
    otherProcessAfterAnswerMs: stats(fromCommitB),
    sameProcessAfterAnswerMs: stats(fromCommitA),
    otherProcessFromRequestMs: stats(fromRequestB),
    browser: browserPart,
    loadAverage: loadAverage(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('live-stock', result);
} finally {
  for (const server of servers) await server.stop();
  await database.drop();
}

/**
 * Two registers in Chromium, A on server A and B on server B: A sells the last unit of a product, B's tile turns
 * "Out of stock" without a reload. Answers the times per round (ms).
 */
async function registersInBrowsers({ call, adminToken, cashierToken, company, branch, db: url }) {
  const secondToken = await addCashier(call, adminToken, {
    company,
    branch,
    username: 'benchcashier2',
    name: 'Bench Cashier Two',
  });

  // One unit each; the names sort first, so every tile is on register B's first page.
  const products = Array.from({ length: ROUNDS }, (_, i) => ({
    name: `A live ${String(i + 1).padStart(2, '0')}`,
    sku: `LIVE-${String(i + 1).padStart(2, '0')}`,
  }));
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  for (const p of products) {
    const {
      rows: [row],
    } = await db.query(
      `insert into products (company_id, branch_id, name, sku, cost, price, stock_quantity)
       values ($1, $2, $3, $4, 10, 30, 1) returning id`,
      [company.id, branch.id, p.name, p.sku],
    );
    await db.query(
      `insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                                    previous_quantity, new_quantity, reason)
       values ($1, $2, $3, 'initial_stock', 'in', 1, 0, 1, 'Bench data')`,
      [company.id, branch.id, row.id],
    );
  }
  await db.end();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const register = async (port, token) => {
      const { context } = await signedInContext(browser, port, token);
      const page = await context.newPage();
      await page.goto('/dashboard/pos');
      await page.waitForSelector('[data-testid="register-status"][data-catalogue="synced"]', { timeout: 60_000 });
      return { context, page };
    };
    const a = await register(PORT_A, cashierToken);
    const b = await register(PORT_B, secondToken);
    a.context.on('page', (popup) => void popup.close().catch(() => {})); // the printed receipts

    const prompt = a.page.getByRole('dialog', { name: 'Open a shift' });
    await prompt.getByLabel('Opening float').fill('0');
    await prompt.getByRole('button', { name: 'Open shift' }).click();
    await prompt.waitFor({ state: 'detached' });
    const tiles = b.page.getByTestId('product-tile');
    for (const p of products) await tiles.filter({ hasText: p.name }).getByText('Stock: 1').waitFor();

    const fromAnswer = [];
    const fromClick = [];
    for (const p of products) {
      // Register B notes when this product's tile says Out of stock; nothing in B is touched or reloaded.
      await b.page.evaluate((name) => {
        window.__outOfStockAt ??= {};
        const check = () => {
          const tile = [...document.querySelectorAll('[data-testid="product-tile"]')].find((t) =>
            t.textContent.includes(name),
          );
          if (!tile?.textContent.includes('Out of stock')) return false;
          window.__outOfStockAt[name] = Date.now();
          return true;
        };
        if (check()) return;
        const observer = new MutationObserver(() => check() && observer.disconnect());
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }, p.name);

      await a.page.getByLabel('Barcode').fill(p.sku);
      await a.page.getByLabel('Barcode').press('Enter');
      await a.page.getByTestId('cart-line').waitFor();
      await a.page.getByRole('button', { name: 'Payment', exact: true }).click();
      const dialog = a.page.getByRole('dialog', { name: 'Payment' });
      await dialog.getByText('Card', { exact: true }).click();
      const answered = a.page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/transactions',
      );
      const clickedAt = Date.now();
      await dialog.getByRole('button', { name: 'Complete Payment' }).click();
      const response = await answered;
      if (response.status() !== 201) throw new Error(`sale of ${p.sku}: ${response.status()}`);
      await response.finished();
      const timing = response.request().timing();
      const answeredAt = timing.startTime + (timing.responseEnd >= 0 ? timing.responseEnd : timing.responseStart);
      const seenAt = await b.page
        .waitForFunction((name) => window.__outOfStockAt?.[name], p.name, { timeout: 10_000 })
        .then((h) => h.jsonValue());
      fromAnswer.push(Math.max(0, seenAt - answeredAt));
      fromClick.push(seenAt - clickedAt);
      await a.page.getByText('Cart is empty').waitFor();
      await dialog.waitFor({ state: 'hidden' });
    }
    return {
      rounds: ROUNDS,
      // Register B's tile turning Out of stock, after register A's sale answer (0 when it came first).
      otherRegisterAfterAnswerMs: stats(fromAnswer),
      otherRegisterFromClickMs: stats(fromClick),
    };
  } finally {
    await browser.close();
  }
}
