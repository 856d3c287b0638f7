#!/usr/bin/env node
// Export of 1,000,000 transactions on PostgreSQL, as CSV and as XLSX:
// GET /api/transactions/export.csv[?format=xlsx] streams every sale of the branch from a server-side cursor.
//
//   node bench/export.mjs [--sales 1000000] [--batch 100000] [--formats csv,xlsx] [--no-build]
//
// A fresh PostgreSQL database next to TEST_DATABASE_URL, the built server on it; --sales completed sales
// spread over the last year inserted with SQL (generate_series, --batch per statement, the daily-totals
// triggers on), then VACUUM ANALYZE. Each format is exported in turn by the same server, its peak memory
// (VmHWM) reset before each (/proc/<pid>/clear_refs). The CSV is read by this process as it streams
// (lines counted, nothing kept); the XLSX is written to a temporary file as it streams, then its rows are
// counted with exceljs's streaming reader (not part of the export's time). The server's resident memory
// is sampled every 100 ms and its peak read at the end of each export. Targets: the whole export streamed,
// the server's memory under 200 MB throughout.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
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
const SALES = option('sales', 1_000_000);
const BATCH = option('batch', 100_000);
const FORMATS = option('formats', 'csv,xlsx')
  .split(',')
  .filter((f) => f === 'csv' || f === 'xlsx');
const PORT = Number(process.env.BENCH_PORT ?? 3992);
const MEMORY_TARGET_MB = 200;
const log = (message) => console.error(`[export bench] ${new Date().toISOString().slice(11, 19)} ${message}`);

function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { peakMb: Math.round(kb('VmHWM') / 1024), rssMb: Math.round(kb('VmRSS') / 1024) };
}

async function generate(db, { companyId, branchId, cashierId }) {
  const start = new Date();
  for (let from = 1; from <= SALES; from += BATCH) {
    const to = Math.min(SALES, from + BATCH - 1);
    await db.query(
      `insert into sales (company_id, branch_id, receipt_number, cashier_id, payment_method, status, subtotal,
                          discount_type, discount_value, discount_amount, tax_rate, tax_amount, total, amount_paid,
                          change_amount, created_at, sold_at, offline)
       select $1::uuid, $2::uuid, 'B-' || lpad(g::text, 7, '0'), $3::uuid,
              case when g % 3 = 0 then 'card' else 'cash' end, 'completed',
              (100 + g % 900)::numeric(14,2), 'amount', 0, 0, 0, 0, (100 + g % 900)::numeric(14,2),
              (100 + g % 900)::numeric(14,2), 0, t, t, true
       from generate_series($4::int, $5::int) g,
            lateral (select $6::timestamptz - ((${SALES} - g)::float8 * ${(365 * 86400) / SALES} * interval '1 second') as t) x`,
      [companyId, branchId, cashierId, from, to, start],
    );
    log(`sales: ${to.toLocaleString('en')}`);
  }
  await db.query('vacuum analyze');
}

/** Resets the process's peak resident size (VmHWM), so each export's peak is its own. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Counts an XLSX file's data rows with exceljs's streaming reader (the header row left out). */
async function xlsxRows(file) {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  for await (const sheet of reader) {
    for await (const _row of sheet) rows++;
  }
  return rows - 1;
}

async function exportOnce({ format, server, tenant }) {
  const peakReset = resetPeak(server.pid);
  const before = memoryOf(server.pid);
  let sampledMaxMb = 0;
  const sampler = setInterval(() => {
    sampledMaxMb = Math.max(sampledMaxMb, memoryOf(server.pid).rssMb);
  }, 100);
  const t = performance.now();
  const query = format === 'xlsx' ? '&format=xlsx' : '';
  const res = await fetch(`http://127.0.0.1:${PORT}/api/transactions/export.csv?branchId=${tenant.branch.id}${query}`, {
    headers: { authorization: `Bearer ${tenant.adminToken}` },
  });
  if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByteSeconds;
  const file = format === 'xlsx' ? path.join(os.tmpdir(), `bench-export-${process.pid}.xlsx`) : undefined;
  const out = file ? fs.createWriteStream(file) : undefined;
  for await (const chunk of res.body) {
    firstByteSeconds ??= +((performance.now() - t) / 1000).toFixed(2);
    bytes += chunk.length;
    if (out) {
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    } else {
      for (const b of chunk) if (b === 10) lines++;
    }
  }
  const seconds = +((performance.now() - t) / 1000).toFixed(1);
  clearInterval(sampler);
  const serverPeak = memoryOf(server.pid);
  let rows = lines - 1;
  if (out && file) {
    await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
    log(`${format}: counting the workbook's rows`);
    rows = await xlsxRows(file);
    fs.rmSync(file, { force: true });
  }
  return {
    format,
    seconds,
    firstByteSeconds,
    rows,
    mb: +(bytes / 1024 / 1024).toFixed(1),
    serverRssBeforeMb: before.rssMb,
    serverRssMaxSampledMb: sampledMaxMb,
    serverPeak,
    peakReset,
  };
}

async function main() {
  const keepAlive = setInterval(() => {}, 1000);
  if (!args.includes('--no-build')) buildServer();
  const adminPassword = randomBytes(12).toString('base64url');
  const database = await createDatabase();
  const result = { sales: SALES, cores: os.cpus().length, loadBefore: loadAverage(), memoryTargetMb: MEMORY_TARGET_MB };
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
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const call = apiClient(PORT);
    const tenant = await setUpTenant(call, { adminUsername: 'benchadmin', adminPassword });
    const [cashier] = (await db.query(`select id from users where username = 'benchcashier'`)).rows;
    const t0 = performance.now();
    await generate(db, { companyId: tenant.company.id, branchId: tenant.branch.id, cashierId: cashier.id });
    result.loadSeconds = +((performance.now() - t0) / 1000).toFixed(1);
    result.memoryBefore = memoryOf(server.pid);

    result.exports = [];
    for (const format of FORMATS) {
      log(`${format}: exporting`);
      const run = await exportOnce({ format, server, tenant });
      run.loadAfter = loadAverage();
      run.pass = run.rows === SALES && run.serverPeak.peakMb < MEMORY_TARGET_MB;
      result.exports.push(run);
      log(JSON.stringify(run));
    }
    result.loadAfter = loadAverage();
    result.pass = result.exports.every((run) => run.pass);
    writeResult('export', result);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await db.end();
    await server.stop();
    await database.drop();
    clearInterval(keepAlive);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
