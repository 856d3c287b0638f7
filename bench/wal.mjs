#!/usr/bin/env node
// What the sales wrote to the WAL, by relation: pg_waldump over the LSN range a kept sales bench recorded.
//
//   node bench/sales.mjs --no-build --keep        (records walFrom, walTo in bench/results/sales-postgresql.json)
//   node bench/wal.mjs --database-url URL [--result bench/results/sales-postgresql.json] [--top 30]
//
// Reads the local cluster's pg_wal (pg_waldump from the server's bin directory, run as a user who can read
// the data directory), counts records and bytes per relation (an index, a table, a TOAST table; records with
// no block, such as commits, by resource manager and kind), and divides by the sales the database gained
// over the range. The kept database maps file nodes to names. Method and figures: bench/README.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { option } from './lib.mjs';

const databaseUrl = option('database-url', '');
const resultFile = option('result', 'bench/results/sales-postgresql.json');
const TOP = option('top', 30);
if (!databaseUrl) throw new Error('--database-url of the kept bench database is required');

const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
if (!result.walFrom || !result.walTo) throw new Error(`${resultFile} has no walFrom/walTo: run sales.mjs again`);

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const { rows: settings } = await db.query(
  `select current_setting('data_directory') as data, current_setting('server_version_num') as version`,
);
const { rows: relations } = await db.query(
  `select pg_relation_filenode(c.oid)::text as node, coalesce(t.relname || ' (toast)', c.relname) as name
     from pg_class c left join pg_class t on t.reltoastrelid = c.oid
    where pg_relation_filenode(c.oid) is not null`,
);
await db.end();
// The sales the range holds: those the API answered, the warm-up's included (counted before pgbench's own).
const sales = result.salesInDatabase - result.history.sales;
const names = new Map(relations.map((r) => [r.node, r.name]));

const major = Math.floor(Number(settings[0].version) / 10000);
const waldump = `/usr/lib/postgresql/${major}/bin/pg_waldump`;
const output = execFileSync(
  waldump,
  ['--path', path.join(settings[0].data, 'pg_wal'), '--start', result.walFrom, '--end', result.walTo],
  { maxBuffer: 1 << 30, encoding: 'utf8' },
);

const byKey = new Map();
let records = 0;
let bytes = 0;
let images = 0;
for (const line of output.split('\n')) {
  const m = /^rmgr: (\S+)\s+len \(rec\/tot\):\s+\d+\/\s*(\d+), .*desc: (\S+)(.*)$/.exec(line);
  if (!m) continue;
  const [, rmgr, total, kind, rest] = m;
  const rel = /blkref #0: rel \d+\/\d+\/(\d+)/.exec(rest);
  const key = rel ? (names.get(rel[1]) ?? `filenode ${rel[1]}`) : `${rmgr} ${kind}`;
  const entry = byKey.get(key) ?? { records: 0, bytes: 0, images: 0, kinds: new Map() };
  entry.records += 1;
  // A full-page image: the first change of a page after a checkpoint writes the whole page.
  if (/ FPW/.test(rest)) {
    entry.images += 1;
    images += 1;
  }
  entry.bytes += Number(total);
  const kindKey = `${rmgr} ${kind}`;
  entry.kinds.set(kindKey, (entry.kinds.get(kindKey) ?? 0) + 1);
  byKey.set(key, entry);
  records += 1;
  bytes += Number(total);
}

const perSale = (n) => (n / sales).toFixed(2);
console.log(
  `${sales} sales, ${records} WAL records (${images} full-page images), ${bytes} bytes: ` +
    `${perSale(records)} records (${perSale(images)} images), ${perSale(bytes)} bytes per sale`,
);
console.log('relation or record | records / sale | full-page images / sale | bytes / sale | kinds');
for (const [key, entry] of [...byKey].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, TOP)) {
  const kinds = [...entry.kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${perSale(n)}`);
  console.log(
    `${key} | ${perSale(entry.records)} | ${perSale(entry.images)} | ${perSale(entry.bytes)} | ${kinds.join(', ')}`,
  );
}
