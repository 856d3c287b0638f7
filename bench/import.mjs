#!/usr/bin/env node
// CSV import of a 50,000-product catalogue on PostgreSQL: preview, apply (creates), apply
// again with every price and stock changed (updates, adjustment movements).
//
//   node bench/import.mjs [--rows 50000] [--no-build]
//
// A fresh PostgreSQL database next to TEST_DATABASE_URL, the built server on it; the file is made here
// (BOM, CRLF, quoted names with commas) and sent as the request body, as the web app sends it. Client
// wall time per step and the server's peak resident memory (VmHWM) after each. Targets: preview and
// apply <= 30 s each, the server's memory bounded (batches of 1,000 rows, no whole-file arrays).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import {
  apiClient,
  buildServer,
  createDatabase,
  loadAverage,
  option,
  setUpTenant,
  startServer,
  writeResult,
} from './lib.mjs';

const args = process.argv.slice(2);
const ROWS = option('rows', 50_000);
const PORT = Number(process.env.BENCH_PORT ?? 3991);
const TARGET_S = 30;
const log = (message) => console.error(`[import bench] ${new Date().toISOString().slice(11, 19)} ${message}`);

/** The server's peak and current resident memory (MB), from /proc (Linux). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { peakMb: Math.round(kb('VmHWM') / 1024), rssMb: Math.round(kb('VmRSS') / 1024) };
}

function catalogue(rows, { priceShift }) {
  const lines = ['Name,SKU,Category,Brand,Price,Cost,Stock,Low stock threshold,Description'];
  for (let i = 1; i <= rows; i++) {
    const price = (20 + (i % 500) + priceShift).toFixed(2);
    lines.push(
      `"Bench item ${i}, size ${i % 9}",BENCH-${i},Category ${i % 40},Brand ${i % 120},${price},${(10 + (i % 300)).toFixed(2)},${(i + priceShift) % 50},5,"Imported, row ${i}"`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function send(step, body, { token, branchId }) {
  const t = performance.now();
  const res = await fetch(
    `http://127.0.0.1:${PORT}/api/import/products/${step}?branchId=${branchId}&createMissing=true`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body,
    },
  );
  const json = await res.json();
  const seconds = +((performance.now() - t) / 1000).toFixed(2);
  if (!res.ok) throw new Error(`${step}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  const { rows, toCreate, toUpdate, errorCount } = json.data;
  return { seconds, rows, toCreate, toUpdate, errorCount };
}

async function main() {
  const keepAlive = setInterval(() => {}, 1000);
  if (!args.includes('--no-build')) buildServer();
  const adminPassword = randomBytes(12).toString('base64url');
  const database = await createDatabase();
  const result = { rows: ROWS, cores: os.cpus().length, loadBefore: loadAverage(), targetSeconds: TARGET_S };
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
  try {
    const call = apiClient(PORT);
    const tenant = await setUpTenant(call, { adminUsername: 'benchadmin', adminPassword });
    const ctx = { token: tenant.adminToken, branchId: tenant.branch.id };
    result.memoryAtStart = memoryOf(server.pid);
    const first = catalogue(ROWS, { priceShift: 0 });
    result.fileMb = +(Buffer.byteLength(first) / 1024 / 1024).toFixed(1);
    log(`file: ${ROWS} rows, ${result.fileMb} MB`);
    result.preview = { ...(await send('preview', first, ctx)), memory: memoryOf(server.pid) };
    log(`preview: ${JSON.stringify(result.preview)}`);
    result.applyCreates = { ...(await send('apply', first, ctx)), memory: memoryOf(server.pid) };
    log(`apply (creates): ${JSON.stringify(result.applyCreates)}`);
    const second = catalogue(ROWS, { priceShift: 1 });
    result.previewUpdates = { ...(await send('preview', second, ctx)), memory: memoryOf(server.pid) };
    log(`preview (updates): ${JSON.stringify(result.previewUpdates)}`);
    result.applyUpdates = { ...(await send('apply', second, ctx)), memory: memoryOf(server.pid) };
    log(`apply (updates): ${JSON.stringify(result.applyUpdates)}`);
    result.loadAfter = loadAverage();
    const steps = [result.preview, result.applyCreates, result.previewUpdates, result.applyUpdates];
    result.pass = steps.every((s) => s.seconds <= TARGET_S && s.errorCount === 0);
    writeResult('import', result);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    await database.drop();
    clearInterval(keepAlive);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
