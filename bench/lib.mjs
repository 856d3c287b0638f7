// Shared pieces of the benchmarks: a fresh database, the built server on it, API calls, percentiles.
// Every loop is bounded; all traffic goes to 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A listing's price in SQL over products aliased p: its branch's own, or else its variant's chain price, which a
 * listing that follows it does not store (listingPriceSql in apps/server/src/domain/catalog.repo.ts).
 */
export const LISTING_PRICE =
  'coalesce(p.price, (select lv.price from variants lv where lv.company_id = p.company_id and lv.id = p.variant_id))';

/** `--name value` from the command line, else the fallback; a number when the fallback is one. */
export function option(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i < 0 || !args[i + 1]) return fallback;
  return typeof fallback === 'number' ? Number(args[i + 1]) : args[i + 1];
}

/**
 * The sale statement as the server runs it ({ name, names, text }) for a card sale without a customer (the
 * plain variant, COMMIT_PLAIN_SALE), imported from the server's source (through tsx, so the fragments it is
 * assembled from, the receipt number and the ledger rows, are expanded): pgbench and the profile run exactly
 * the API's SQL.
 */
export function commitSaleStatement() {
  const repo = path.join(root, 'apps/server/src/features/transactions/transactions.repo.ts');
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(pathToFileURL(repo).href)}); process.stdout.write(JSON.stringify(m.COMMIT_PLAIN_SALE));`,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0 || !result.stdout) throw new Error(`COMMIT_PLAIN_SALE not read: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Tax on an amount in minor units, rounded as packages/shared/src/money.ts does (half up). */
export const taxOf = (minor, percent) => Math.floor((minor * Math.round(percent * 100) + 5000) / 10000);

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function stats(values) {
  const v = [...values].sort((a, b) => a - b);
  const round = (n) => +n.toFixed(2);
  return {
    n: v.length,
    p50: round(percentile(v, 50)),
    p95: round(percentile(v, 95)),
    p99: round(percentile(v, 99)),
    max: round(v.at(-1) ?? 0),
  };
}

export async function createDatabase() {
  const name = `pos_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function buildWeb() {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('web build failed');
}

export function buildServer() {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
}

/** Starts apps/server/dist/main.js with the given env; resolves once /api/health answers. */
export async function startServer({ port, env }) {
  // BENCH_SERVER_NODE_ARGS: extra flags for the server's node only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      WEB_DIST: path.join(os.tmpdir(), 'pos-bench-no-web'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Never leave a server behind (it would answer the next run's health check on the same port).
  process.once('exit', () => server.kill('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      server.kill('SIGKILL');
      process.exit(130);
    });
  }
  server.once('exit', (code) => {
    if (code) console.error(`server exited with code ${code}`);
  });
  for (let i = 0; i < 300; i++) {
    await sleep(200);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      // Safe to call twice: a server that already exited resolves at once.
      const stop = () =>
        new Promise((resolve) => {
          if (server.exitCode !== null || server.signalCode !== null) return resolve();
          server.once('exit', resolve);
          server.kill('SIGTERM');
        });
      return { stop, pid: server.pid };
    }
  }
  server.kill('SIGKILL');
  throw new Error('server did not start within 60 s');
}

export function apiClient(port) {
  const base = `http://127.0.0.1:${port}/api`;
  return async function call(method, route, { token, body, headers } = {}) {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        ...(body && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Signs in as the first admin, creates a company, its main branch and a cashier; answers tokens and ids. */
export async function setUpTenant(call, { adminUsername, adminPassword }) {
  const { access_token: adminToken } = await call('POST', '/auth/login', {
    body: { username: adminUsername, password: adminPassword },
  });
  const company = (
    await call('POST', '/auth/companies', {
      token: adminToken,
      body: { name: 'Bench Mart', address: '1 Bench Road', phone: '0300-1234567', email: 'bench@example.com' },
    })
  ).data;
  const branch = (
    await call('POST', '/auth/branches', {
      token: adminToken,
      body: {
        name: 'Bench Branch',
        address: '1 Bench Road, Lahore',
        phone: '0300-1234567',
        companyId: company.id,
        isMain: true,
      },
    })
  ).data;
  const cashierToken = await addCashier(call, adminToken, { company, branch, username: 'benchcashier' });
  return { adminToken, cashierToken, company, branch };
}

/** A cashier of the branch with a random password, signed in: answers the session token. */
export async function addCashier(call, adminToken, { company, branch, username, name = 'Bench Cashier' }) {
  const password = randomBytes(12).toString('base64url');
  await call('POST', '/users', {
    token: adminToken,
    body: {
      name,
      email: `${username}@bench.example`,
      username,
      password,
      roleIds: [3],
      companyId: company.id,
      branchId: branch.id,
    },
  });
  const { access_token: token } = await call('POST', '/auth/login', { body: { username, password } });
  return token;
}

/**
 * A browser context at the server on `port`, signed in as the token's user the way the web app keeps a session
 * (localStorage 'user-storage'); answers the context and the user.
 */
export async function signedInContext(browser, port, token) {
  const me = await apiClient(port)('GET', '/auth/me', { token });
  const user = me.data ?? me.user ?? me;
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  await context.addInitScript(
    ([session]) => {
      if (!localStorage.getItem('user-storage')) localStorage.setItem('user-storage', session);
    },
    [JSON.stringify({ state: { user, token }, version: 0 })],
  );
  return { context, user };
}

export function writeResult(name, data) {
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
}

export function loadAverage() {
  return os.loadavg().map((n) => +n.toFixed(2));
}

/** CPU time (user + system, ms) of one process, from /proc (Linux); 0 where unreadable. */
function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/**
 * Where the CPU goes: the server process, every PostgreSQL process (backends included), this bench
 * process, and the machine. Subtract two snapshots to get the time spent in between.
 */
export function cpuSnapshot(serverPid) {
  let postgres = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += processCpuMs(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  const usage = process.cpuUsage();
  const machine = os.cpus().reduce((n, c) => n + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
  return {
    server: serverPid ? processCpuMs(serverPid) : 0,
    postgres,
    bench: (usage.user + usage.system) / 1000,
    machine,
    at: performance.now(),
  };
}

/** CPU ms per unit of work between two snapshots, and how busy the machine's cores were. */
export function cpuPerUnit(before, after, units) {
  const per = (k) => +((after[k] - before[k]) / units).toFixed(3);
  const wallMs = after.at - before.at;
  return {
    serverMs: per('server'),
    postgresMs: per('postgres'),
    benchMs: per('bench'),
    machineBusy: +((after.machine - before.machine) / (wallMs * os.cpus().length)).toFixed(2),
  };
}

/** A card sale of 3 different products of the register's list, 1-3 units each, 5 % tax. */
export function salePayload(branchId, products) {
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

/**
 * POST /api/transactions over node:http with kept-alive connections (`sockets` of them), like a till: cheaper per
 * request than fetch, so the load generator takes less of the cores the server and the database share with it.
 * Answers { status, text, replayed } or, when no answer came (a refused connection, `timeoutMs` passed),
 * { error }: a failed request is a result to count, never a thrown error.
 */
export function saleSender(base, { sockets, timeoutMs = 0 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const send = (token, body, key = randomUUID()) =>
    new Promise((resolve) => {
      const req = http.request(
        `${base}/api/transactions`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
            'idempotency-key': key,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode, text, replayed: res.headers['idempotent-replayed'] === 'true' }),
          );
          res.on('error', (error) => resolve({ error: error.code ?? error.message }));
        },
      );
      if (timeoutMs > 0)
        req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      req.on('error', (error) => resolve({ error: error.code ?? error.message }));
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/**
 * The sale load: each register (a cashier's token, its branch and the products it sells) posts 3-line card
 * sales (1-3 units each, 5 % tax) after a 2 s warm-up, for `seconds`: as soon as the last is answered (closed
 * loop), or at `rate` sales/s in all (open loop, latency counted from when a sale was due). Answers the
 * throughput, latency, failures and the server's CPU per sale.
 */
export async function saleLoad({ port, registers, serverPid, seconds, rate = 0 }) {
  const REGISTERS = registers.length;
  const SECONDS = seconds;
  const RATE = rate;
  const latencies = [];
  let failures = 0;
  let created = 0;
  const failureSamples = [];
  const sender = saleSender(`http://127.0.0.1:${port}`, { sockets: REGISTERS });
  const post = async (register, due = performance.now()) => {
    const started = due;
    const res = await sender.send(register.token, JSON.stringify(salePayload(register.branchId, register.products)));
    if (res.status === 201) {
      created++;
      return performance.now() - started;
    }
    failures++;
    if (failureSamples.length < 3) failureSamples.push(res.error ?? `${res.status} ${res.text.slice(0, 200)}`);
    return undefined;
  };
  // Warm-up: JIT, connection pool, plan caches.
  const warmUntil = performance.now() + 2000;
  await Promise.all(
    Array.from({ length: REGISTERS }, async (_, i) => {
      while (performance.now() < warmUntil) await post(registers[i]);
    }),
  );
  failures = 0;
  const cpuBefore = cpuSnapshot(serverPid);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: REGISTERS }, async (_, i) => {
      const interval = RATE > 0 ? (1000 * REGISTERS) / RATE : 0;
      let due = started + (interval * i) / REGISTERS;
      while (due < deadline) {
        if (interval > 0) await sleep(due - performance.now());
        const ms = await post(registers[i], interval > 0 ? due : performance.now());
        if (ms !== undefined) latencies.push(ms);
        due = interval > 0 ? due + interval : performance.now();
      }
    }),
  );
  sender.close();
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
