import { tzOffset } from '@date-fns/tz';
import { type Actor, can } from './access';

/**
 * What an export is made of (docs/architecture/imports-exports.md): its columns, each declaring once
 * what kind of value it holds, and its rows in batches. The writers (export-csv.ts, export-xlsx.ts)
 * turn each kind into the format's cell: a text cell stays text (phones, SKUs and barcodes keep their
 * leading zeros), a date is the branch's wall clock (CSV: ISO 8601 with the offset; XLSX: a real date),
 * money has 2 decimals, numbers stay numbers.
 */

type Cell<T> = T | null | undefined;

/** One column: its header, its kind and how a row gives its value. `cost`: only for users with view_cost. */
export type ExportColumn<Row> = { header: string; cost?: boolean } & (
  | { type?: 'text'; value: (row: Row) => Cell<string> }
  /** A calendar day as `yyyy-mm-dd` (a report's day): a date without a time in a spreadsheet. */
  | { type: 'day'; value: (row: Row) => Cell<string> }
  | { type: 'number' | 'money'; value: (row: Row) => Cell<number> }
  | { type: 'date'; value: (row: Row) => Cell<Date> }
  | { type: 'boolean'; value: (row: Row) => Cell<boolean> }
);

export type ColumnType = NonNullable<ExportColumn<unknown>['type']>;

/** The columns this actor may see: cost and stock value columns only with view_cost. */
export function columnsFor<Row>(actor: Actor, columns: ExportColumn<Row>[]): ExportColumn<Row>[] {
  const withCost = can(actor, 'view_cost');
  return columns.filter((c) => withCost || !c.cost);
}

/** An export as a service hands it to the route. */
export type ListExport<Row> = {
  /** The download's name, without the extension (a date is added). */
  filename: string;
  columns: ExportColumn<Row>[];
  /**
   * The time zone its dates are read in: the branch's (a company-wide export: the company's, its main
   * branch's). Null only for an export without date columns.
   */
  timeZone: string | null;
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
export async function nextBatch<Row>(rows: AsyncIterator<Row[]>): Promise<Row[] | undefined> {
  const next = await rows.next();
  return next.done ? undefined : next.value;
}

/** The UTC offset of the time zone at that instant, in minutes (@date-fns/tz: the runtime's zone data). */
function offsetMinutes(date: Date, timeZone: string): number {
  const offset = tzOffset(timeZone, date);
  if (Number.isNaN(offset)) throw new Error(`Unknown time zone ${timeZone}`);
  return offset;
}

/**
 * The instant as the zone's wall clock, to the second (as the CSV), in a Date's UTC fields: what a
 * spreadsheet date holds.
 */
export function wallClock(date: Date, timeZone: string): Date {
  const local = date.getTime() + offsetMinutes(date, timeZone) * 60_000;
  return new Date(local - (((local % 1000) + 1000) % 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 in the zone with its offset, to the second: `2026-11-26T16:54:00+05:00`. */
export function isoInZone(date: Date, timeZone: string): string {
  const offset = offsetMinutes(date, timeZone);
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${local}${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** How a format writes each kind of value (export-csv.ts, export-xlsx.ts); `empty` for a missing one. */
export type CellMakers<Out> = {
  text: (value: string) => Out;
  day: (value: string) => Out;
  number: (value: number) => Out;
  money: (value: number) => Out;
  date: (value: Date, timeZone: string) => Out;
  boolean: (value: boolean) => Out;
  empty: Out;
};

/**
 * A column's cell maker for one format, chosen once per column, not per cell. A date column without a
 * time zone is a mistake in the export's definition: it fails before anything is sent (sendExport
 * makes the cells before it reads the first batch).
 */
export function cellMaker<Row, Out>(
  column: ExportColumn<Row>,
  timeZone: string | null,
  make: CellMakers<Out>,
): (row: Row) => Out {
  const { empty } = make;
  if (column.type === 'date') {
    if (!timeZone) throw new Error(`Export column ${column.header}: a date needs the export's time zone`);
    const value = column.value;
    return (row) => {
      const v = value(row);
      return v ? make.date(v, timeZone) : empty;
    };
  }
  // The union pairs each kind with its value's type where the columns are declared.
  const to = make[column.type ?? 'text'] as (value: unknown) => Out;
  const value = column.value as (row: Row) => unknown;
  return (row) => {
    const v = value(row);
    return v === null || v === undefined ? empty : to(v);
  };
}
