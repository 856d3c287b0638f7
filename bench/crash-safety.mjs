#!/usr/bin/env node
// Crash safety of the sale (DESIGN.md section 9: 0 lost and 0 duplicated sales across repeated SIGKILLs
// under load with client retries), on PostgreSQL.
//
//   node bench/crash-safety.mjs [--no-build] [--registers 8] [--kills 5] [--kill-every 3000]
//
// The built server on a fresh database, a branch with 50 products; --registers registers post sales, each
// with its own Idempotency-Key, and retry the same sale (same key, same body) after any failure (connection
// refused or reset, a 5xx) until it is answered 201, as the register does. Meanwhile the server is killed
// with SIGKILL every --kill-every ms and started again, --kills times. Afterwards: every sale answered 201
// is in the database exactly once, nothing else is, and every product's stock equals its initial stock
// plus its movements. Every loop is bounded; all traffic goes to 127.0.0.1.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  apiClient,
  buildServer,
  createDatabase,
  loadAverage,
  option,
  setUpTenant,
  sleep,
  startServer,
  taxOf,
  writeResult,
} from './lib.mjs';

const args = process.argv.slice(2);
const REGISTERS = option('registers', 8);
const KILLS = option('kills', 5);
const KILL_EVERY = option('kill-every', 3000);
const PORT = Number(process.env.BENCH_PORT ?? 3992);
const log = (message) => console.error(`[crash bench] ${message}`);

async function main() {
  if (!args.includes('--no-build')) buildServer();
  const adminPassword = randomBytes(12).toString('base64url');
  const database = await createDatabase();
  const options = {
    port: PORT,
    env: {
      DATABASE_URL: database.url,
      ADMIN_USERNAME: 'crashadmin',
      ADMIN_PASSWORD: adminPassword,
      // One secret for every start: the registers' tokens outlive the kills.
      JWT_SECRET: randomBytes(48).toString('base64url'),
    },
  };
  let server = await startServer(options);
  const result = { registers: REGISTERS, kills: KILLS, killEveryMs: KILL_EVERY, loadBefore: loadAverage() };
  try {
    const call = apiClient(PORT);
    const tenant = await setUpTenant(call, { adminUsername: 'crashadmin', adminPassword });
    const products = [];
    for (let i = 0; i < 50; i++) {
      const price = 20 + i;
      const created = await call('POST', '/products', {
        token: tenant.adminToken,
        body: {
          name: `Crash Product ${i}`,
          sku: `CRASH-${i}`,
          cost: 5,
          price,
          stockQuantity: 1_000_000,
          branchId: tenant.branch.id,
        },
      });
      products.push({ id: created.data.id, price });
    }

    const acknowledged = new Set();
    let attempts = 0;
    let retries = 0;
    let replays = 0;
    let stopping = false;
    const sell = async () => {
      const product = products[Math.floor(Math.random() * products.length)];
      const quantity = 1 + Math.floor(Math.random() * 3);
      const subtotal = product.price * quantity * 100;
      const total = (subtotal + taxOf(subtotal, 5)) / 100;
      const body = JSON.stringify({
        branchId: tenant.branch.id,
        items: [{ product_id: product.id, quantity, price: product.price }],
        subtotal: subtotal / 100,
        tax: total - subtotal / 100,
        tax_rate: 5,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total,
        payment_method: 'card',
        amount_paid: total,
        change: 0,
      });
      const key = randomUUID();
      for (let attempt = 0; attempt < 600; attempt++) {
        attempts++;
        if (attempt > 0) retries++;
        try {
          const res = await fetch(`http://127.0.0.1:${PORT}/api/transactions`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tenant.cashierToken}`,
              'idempotency-key': key,
            },
            body,
            signal: AbortSignal.timeout(5000),
          });
          await res.arrayBuffer();
          if (res.status === 201) {
            if (res.headers.get('idempotent-replayed') === 'true') replays++;
            acknowledged.add(key);
            return;
          }
          if (res.status < 500) throw new Error(`sale refused with ${res.status}`);
        } catch (error) {
          if (String(error?.message).startsWith('sale refused')) throw error;
        }
        await sleep(100);
      }
      throw new Error(`sale ${key} never answered`);
    };
    const registers = Array.from({ length: REGISTERS }, async () => {
      while (!stopping) await sell();
    });

    for (let k = 0; k < KILLS; k++) {
      await sleep(KILL_EVERY);
      process.kill(server.pid, 'SIGKILL');
      log(`kill ${k + 1}/${KILLS} (${acknowledged.size} sales answered so far)`);
      await sleep(300);
      server = await startServer(options);
    }
    await sleep(KILL_EVERY);
    stopping = true;
    await Promise.all(registers);
    await server.stop();

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const keys = (
      await db.query('select idempotency_key from sales where branch_id = $1', [tenant.branch.id])
    ).rows.map((r) => r.idempotency_key);
    const inDatabase = new Set(keys);
    const ledger = await db.query(
      `select count(*) filter (where p.stock_quantity <> coalesce(m.signed, 0)) as off
       from products p
       left join (select product_id, sum(case when direction = 'in' then quantity else -quantity end) as signed
                  from stock_movements group by product_id) m on m.product_id = p.id
       where p.company_id = $1`,
      [tenant.company.id],
    );
    await db.end();
    Object.assign(result, {
      salesAnswered: acknowledged.size,
      salesInDatabase: keys.length,
      lost: [...acknowledged].filter((k) => !inDatabase.has(k)).length,
      duplicated: keys.length - inDatabase.size,
      inDatabaseButNeverAnswered: [...inDatabase].filter((k) => !acknowledged.has(k)).length,
      productsWhoseLedgerDisagrees: Number(ledger.rows[0].off),
      requests: attempts,
      retries,
      answeredAsReplay: replays,
      loadAfter: loadAverage(),
    });
  } finally {
    await server.stop().catch(() => {});
    await database.drop();
  }
  writeResult('crash-safety', result);
  console.log(JSON.stringify(result, null, 2));
  const ok = result.lost === 0 && result.duplicated === 0 && result.inDatabaseButNeverAnswered === 0;
  if (!ok || result.productsWhoseLedgerDisagrees !== 0) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
