import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, can } from './access';

/**
 * CSV exports (docs/ARCHITECTURE.md, 'CSV in and out'). Every list route has an export twin,
 * `GET <list path>/export.csv?<the list's filters>`: the service resolves access and the filters as
 * for the list, then hands over its rows as batches (`selectInBatches` of `csv-export.repo.ts`: a
 * server-side cursor, never the whole result in memory) and the columns; the route answers them with
 * `sendCsv`. Each batch is turned into CSV text (csv-stringify) only when the client has taken the
 * previous one (a pull stream), so a slow download holds one batch, and a dropped one closes the cursor.
 */

/** One CSV column: its header and how a row gives its cell. `cost`: only for users with view_cost. */
export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
  cost?: boolean;
};

/** The columns this actor may see: cost and stock value columns only with view_cost. */
export function columnsFor<Row>(actor: Actor, columns: CsvColumn<Row>[]): CsvColumn<Row>[] {
  const withCost = can(actor, 'view_cost');
  return columns.filter((c) => withCost || !c.cost);
}

/** An export as a service hands it to the route. */
export type CsvExport<Row> = {
  /** The download's name, without the extension (a date is added). */
  filename: string;
  columns: CsvColumn<Row>[];
  batches: AsyncIterable<Row[]>;
};

/**
 * Turns each batch of rows into something else (e.g. adds counts read per batch). Neither batch stays
 * referenced from here while the result waits for the consumer or the next batch is read (see csvText).
 */
export async function* mapBatches<In, Out>(
  batches: AsyncIterable<In[]>,
  map: (rows: In[]) => Promise<Out[]> | Out[],
): AsyncGenerator<Out[]> {
  const source = batches[Symbol.asyncIterator]();
  let rows: In[] | undefined;
  let mapped: Out[] | undefined;
  try {
    for (;;) {
      rows = await nextBatch(source);
      if (!rows) return;
      mapped = await map(rows);
      rows = undefined;
      yield mapped;
      mapped = undefined;
    }
  } finally {
    // Stopped early (a dropped download): the source's cursor is closed.
    await source.return?.();
  }
}

/** The next batch, without its iterator result lingering in the caller's suspended frame. */
async function nextBatch<Row>(rows: AsyncIterator<Row[]>): Promise<Row[] | undefined> {
  const next = await rows.next();
  return next.done ? undefined : next.value;
}

/**
 * A text cell that starts with = + - @, a tab or a carriage return is a formula to a spreadsheet
 * ('+1-1' shows 0, '=HYPERLINK(...)' is a link): it gets a leading ' so it stays text (OWASP "CSV
 * injection"). Every export's cells pass here (csvText), so no export can miss it; phone numbers
 * (+92 300 ...) included, since '+1-1' is phone-like too. Numbers are not text and keep their sign: a
 * number value, or a string that is only a decimal number (a money column written with toFixed(2):
 * '-5.00'), is left as it is. lib/csv-import.ts takes the ' off again, so an export imports back.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function cellOf(value: string | number | boolean | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) return `'${value}`;
  return value;
}

/**
 * The file's text, batch by batch. Nothing of a batch is referenced once its text is made: not while the
 * text waits for the socket, nor while the next batch is read. Rows kept across those waits outlived
 * the young generation's collections and were promoted, so the heap grew by ~100 MB of dead rows between
 * full collections (bench/README.md, 'CSV import and export').
 */
async function* csvText<Row>(
  columns: CsvColumn<Row>[],
  first: { rows?: Row[] },
  rest: AsyncIterator<Row[]>,
): AsyncGenerator<string> {
  try {
    // A byte order mark first, so Excel reads the file as UTF-8 (names in Urdu, accents).
    yield stringify([], { header: true, columns: columns.map((c) => c.header), bom: true });
    // `batch` is cleared by hand: a suspended generator keeps its locals, block-scoped or not.
    let batch = first.rows;
    first.rows = undefined;
    while (batch) {
      const text = batch.length > 0 ? stringify(batch.map((row) => columns.map((c) => cellOf(c.value(row))))) : '';
      batch = undefined;
      if (text) yield text;
      batch = await nextBatch(rest);
    }
  } finally {
    // A dropped download stops the rows' iteration, which closes the cursor.
    await rest.return?.();
  }
}

/** `products-2026-11-22.csv`: letters, digits and dashes only, so the header needs no quoting rules. */
export function csvFilename(name: string, now = new Date()): string {
  const safe = name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Answers the export as a streamed `text/csv` attachment. The first batch is read before anything is
 * sent, so a query that fails at once is an ordinary error answer; a later failure cuts the download
 * short (the client sees an incomplete transfer, not a file passed off as whole) and is logged.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  { filename, columns, batches }: CsvExport<Row>,
): Promise<FastifyReply> {
  const rows = batches[Symbol.asyncIterator]();
  const first = await rows.next();
  const body = Readable.from(csvText(columns, { rows: first.done ? undefined : first.value }, rows), {
    objectMode: false,
  });
  body.on('error', (error) => reply.log.error({ err: error }, 'CSV export failed'));
  // However the body ends (done, dropped before its first read, failed), the rows' cursor is closed.
  body.once('close', () => void rows.return?.().catch(() => undefined));
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFilename(filename)}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The route options every export shares: documented as a text/csv body. */
export const csvResponse = {
  produces: ['text/csv'],
  response: { 200: z.string().describe('CSV file (UTF-8 with a byte order mark), one header line') },
};
