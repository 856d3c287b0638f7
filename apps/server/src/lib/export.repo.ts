import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Column, is, SQL } from 'drizzle-orm';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Db } from '../db/client';

/**
 * Reads a Drizzle select in batches without holding its result in memory (docs/architecture/imports-exports.md,
 * 'Exports'): on PostgreSQL a server-side cursor (pg-cursor, a portal on one pooled connection
 * for the read's lifetime); on PGlite (one session, shared by every request) a `WITH HOLD` cursor
 * fetched batch by batch, so other requests run between batches. Rows come out keyed like the select's
 * fields, each value decoded as Drizzle decodes it (timestamps to Date, numerics stay text).
 */

/** A flat Drizzle select (no limit/offset): its SQL and its fields in select order. */
export type ExportQuery<Row> = {
  toSQL(): { sql: string; params: unknown[] };
  _: { selectedFields: unknown; result: Row[] };
};

// Types the drivers must hand over as text, as Drizzle's own sessions ask (the columns decode them).
const RAW_TEXT_TYPES = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);

type Decoder = (value: unknown) => unknown;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return (v) => field.mapFromDriverValue(v);
  const inner = is(field, SQL.Aliased) ? field.sql : field;
  if (is(inner, SQL)) {
    const decoder = (inner as unknown as { decoder?: { mapFromDriverValue: Decoder } }).decoder;
    if (decoder) return (v) => decoder.mapFromDriverValue(v);
  }
  return (v) => v;
}

function rowMapper<Row>(query: ExportQuery<Row>): (values: unknown[]) => Row {
  const fields = Object.entries(query._.selectedFields as Record<string, unknown>);
  for (const [key, field] of fields) {
    if (!is(field, Column) && !is(field, SQL) && !is(field, SQL.Aliased)) {
      throw new Error(`An export needs a flat select (field ${key})`);
    }
  }
  const decoders = fields.map(([key, field]) => [key, decoderOf(field)] as const);
  return (values) => {
    const row: Record<string, unknown> = {};
    decoders.forEach(([key, decode], i) => {
      const value = values[i];
      row[key] = value === null || value === undefined ? null : decode(value);
    });
    return row as Row;
  };
}

export const EXPORT_BATCH_ROWS = 1000;

/** The query's rows, `batchSize` at a time. Stopping the iteration (return/throw) closes the cursor. */
export async function* selectInBatches<Row>(
  db: Db,
  query: ExportQuery<Row>,
  batchSize = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row[]> {
  const { sql: text, params } = query.toSQL();
  const toRow = rowMapper(query);
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;

  if (client instanceof PGlite) {
    const name = `csv_${randomUUID().replaceAll('-', '')}`;
    const parsers = Object.fromEntries([...RAW_TEXT_TYPES].map((oid) => [oid, (v: string) => v]));
    await client.query(`declare ${name} no scroll cursor with hold for ${text}`, params);
    try {
      for (;;) {
        // Nothing of a batch stays referenced once it is handed over (see the PostgreSQL loop below).
        let batch: Row[] | undefined = (
          await client.query<unknown[]>(`fetch ${batchSize} from ${name}`, [], { rowMode: 'array', parsers })
        ).rows.map(toRow);
        const size = batch.length;
        if (size === 0) return;
        yield batch;
        batch = undefined;
        if (size < batchSize) return;
      }
    } finally {
      await client.query(`close ${name}`).catch(() => undefined);
    }
  }

  const connection = await (client as pg.Pool).connect();
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      RAW_TEXT_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text')) as never,
  };
  const cursor = connection.query(new Cursor<unknown[]>(text, params, { rowMode: 'array', types }));
  let failed: Error | undefined;
  try {
    // Nothing of a batch stays referenced from here once it is handed over: the driver's arrays are
    // dropped as soon as they are decoded, and `batch` is cleared before the next read (a suspended
    // generator keeps its locals). Rows still referenced while the consumer writes them out and the next
    // batch is read survived the young generation's collections, were promoted, and grew the heap by
    // ~100 MB between full collections (bench/README.md, 'CSV import and export').
    let batch: Row[] | undefined;
    for (;;) {
      batch = (await cursor.read(batchSize)).map(toRow);
      const size = batch.length;
      if (size === 0) return;
      yield batch;
      batch = undefined;
      if (size < batchSize) return;
    }
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    await cursor.close().catch(() => undefined);
    // A connection whose read failed is dropped, not handed back to the pool.
    connection.release(failed);
  }
}
