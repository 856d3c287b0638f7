// Generated bad input at volume: 10,000+ malformed requests built
// from the OpenAPI description of a started server (the same zod schemas the routes validate with),
// by the generator of apps/server/test/api/fuzz.test.ts (apps/server/test/helpers/fuzz.ts), then the
// data invariants (apps/server/test/helpers/invariants.ts) on its database.
//
//   node bench/fuzz.mjs [--no-build] [--requests 10000] [--concurrency 4] [--seed N]
//   node bench/fuzz.mjs --url http://127.0.0.1:3000 --database-url postgres://.../pos   (a server already running)
//
// Without --url: builds the server (unless --no-build), makes a fresh PostgreSQL database next to
// TEST_DATABASE_URL, starts apps/server/dist/main.js on it (port BENCH_PORT or 3991) and drops it at the end.
// Figures: requests sent, answers by status, answers >= 500 and 4xx outside the error envelope (both
// must be 0), invariant violations (must be 0); written to bench/results/fuzz.json.
import { randomBytes } from 'node:crypto';
import { register } from 'tsx/esm/api';
import { buildServer, createDatabase, loadAverage, option, startServer, writeResult } from './lib.mjs';

register();
const fc = (await import('fast-check')).default;
const fuzz = await import('../apps/server/test/helpers/fuzz.ts');
const factories = await import('../apps/server/test/helpers/factories.ts');
const { checkInvariants } = await import('../apps/server/test/helpers/invariants.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');

const total = option('requests', 10_000);
const concurrency = option('concurrency', 4);
const seed = option('seed', Math.floor(Math.random() * 2 ** 31));
const givenUrl = option('url', '');
const givenDatabaseUrl = option('database-url', '');

let base = givenUrl;
let stopServer = async () => {};
let dropDatabase = async () => {};
let databaseUrl = givenDatabaseUrl;
if (!givenUrl) {
  if (!process.argv.includes('--no-build')) buildServer();
  const created = await createDatabase();
  databaseUrl = created.url;
  dropDatabase = created.drop;
  const port = Number(process.env.BENCH_PORT ?? 3991);
  const server = await startServer({
    port,
    env: {
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: 'fuzzadmin',
      ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
      LOGIN_RATE_MAX_PER_IP: '1000000',
      LOGIN_RATE_MAX_PER_USERNAME: '1000000',
    },
  });
  stopServer = server.stop;
  base = `http://127.0.0.1:${port}`;
} else if (!databaseUrl) {
  throw new Error('--url needs --database-url (the invariants are checked on the database)');
}

const database = await openDatabase({ databaseUrl, onIdleError: () => {} });
const db = database.db;
const startedAt = Date.now();
const loadBefore = loadAverage();
try {
  // Fixtures: two companies, a user of each role in the first, catalogue rows and one real sale.
  const a = await factories.createTenant(db);
  const b = await factories.createTenant(db);
  const loginAs = async (username) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: factories.PASSWORD }),
    });
    if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    return (await res.json()).access_token;
  };
  const tokens = {
    admin: await loginAs(a.admin.username),
    cashier: await loginAs(a.cashier.username),
    none: undefined,
    forged: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub3QtYS11dWlkIiwic2lkIjoiMSJ9.c2lnbmF0dXJl',
  };
  const product = await factories.createProduct(db, {
    companyId: a.company.id,
    branchId: a.main.id,
    price: '19.99',
    stockQuantity: 100_000,
  });
  const category = await factories.createCategory(db, { companyId: a.company.id, branchIds: [a.main.id] });
  const brand = await factories.createBrand(db, { companyId: a.company.id, branchId: a.main.id });
  const customer = await factories.createCustomer(db, { companyId: a.company.id, branchId: a.main.id });
  const sold = await fetch(`${base}/api/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` },
    body: JSON.stringify({
      branchId: a.main.id,
      items: [{ product_id: product.id, quantity: 5, price: 19.99 }],
      subtotal: 99.95,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: 99.95,
      payment_method: 'card',
      amount_paid: 99.95,
      change: 0,
    }),
  });
  if (sold.status !== 201) throw new Error(`sale: ${sold.status} ${await sold.text()}`);
  const sale = (await sold.json()).data;
  const ids = [a.company.id, a.main.id, a.second.id, b.main.id, product.id, category.id, brand.id, customer.id];
  ids.push(sale.id, ...sale.items.map((i) => i.id));

  const doc = await (await fetch(`${base}/api/docs/json`)).json();
  const operations = fuzz.operationsFromOpenApi(doc);
  const requestArb = fc.constantFrom(...operations).chain((op) => fuzz.requestFor(op, ids));

  const byStatus = {};
  const byOperation = {};
  const problems = [];
  let sent = 0;
  const chunk = 200;
  for (let offset = 0; offset < total; offset += chunk) {
    // Generated in chunks (some bodies are 300 KB), reproducible from --seed.
    const batch = fc.sample(requestArb, { numRuns: Math.min(chunk, total - offset), seed: seed + offset });
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const req = batch[next++];
        const who = req.operation === 'POST /api/auth/logout' && req.auth !== 'none' ? 'forged' : req.auth;
        const token = tokens[who];
        let status = 0;
        let text = '';
        try {
          const res = await fetch(`${base}${req.url}`, {
            method: req.method,
            headers: { ...req.headers, ...(token && { authorization: `Bearer ${token}` }) },
            ...(req.body !== undefined && { body: req.body }),
          });
          status = res.status;
          text = await res.text();
        } catch (error) {
          problems.push(`${req.method} ${req.url.slice(0, 200)} (${req.kind}): no answer: ${error.message}`);
          continue;
        }
        sent += 1;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        byOperation[req.operation] = (byOperation[req.operation] ?? 0) + 1;
        const problem = fuzz.checkAnswer(status, text);
        if (problem) problems.push(`${req.method} ${req.url.slice(0, 200)} (${req.kind}, ${who}): ${problem}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  const violations = await checkInvariants(db);
  const result = {
    date: new Date().toISOString(),
    seed,
    operations: operations.length,
    requestsSent: sent,
    answersByStatus: byStatus,
    answers5xx: Object.entries(byStatus)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0),
    problems: problems.length,
    problemSamples: problems.slice(0, 20),
    invariantViolations: violations.length,
    violationSamples: violations.slice(0, 20),
    requestsPerOperation: {
      min: Math.min(...Object.values(byOperation)),
      max: Math.max(...Object.values(byOperation)),
    },
    seconds: +((Date.now() - startedAt) / 1000).toFixed(1),
    loadAverage: { before: loadBefore, after: loadAverage() },
  };
  writeResult('fuzz', result);
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = result.answers5xx === 0 && problems.length === 0 && violations.length === 0 ? 0 : 1;
} finally {
  await database.close();
  await stopServer();
  await dropDatabase();
}
