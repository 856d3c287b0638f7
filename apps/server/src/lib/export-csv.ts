import { stringify } from 'csv-stringify/sync';
import { type CellMakers, cellMaker, type ExportColumn, isoInZone, nextBatch } from './export-columns';

/**
 * A text cell that starts with = + - @, a tab or a carriage return is a formula to a spreadsheet
 * ('+1-1' shows 0, '=HYPERLINK(...)' is a link): it gets a leading ' so it stays text (OWASP "CSV
 * injection"). Every text cell of every CSV export passes here (csvText), so no export can miss it;
 * phone numbers (+92 300 ...) included, since '+1-1' is phone-like too. Numbers and money are not text
 * and keep their sign, and so does a text that is only a decimal number ('-5'). lib/csv-import.ts takes
 * the ' off again, so an export imports back.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function guardFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** CSV cells: dates in the export's time zone with the offset, money with 2 decimals. */
const CSV_CELLS: CellMakers<string | number> = {
  text: guardFormula,
  day: (v: string) => v,
  number: (v: number) => v,
  money: (v: number) => v.toFixed(2),
  date: isoInZone,
  boolean: (v: boolean) => (v ? 'true' : 'false'),
  empty: '',
};

/** A row's CSV cells, each column's maker chosen once. */
export function csvCells<Row>(
  columns: ExportColumn<Row>[],
  timeZone: string | null,
): (row: Row) => (string | number)[] {
  const cells = columns.map((c) => cellMaker(c, timeZone, CSV_CELLS));
  return (row) => cells.map((cell) => cell(row));
}

/**
 * The file's text, batch by batch. Nothing of a batch is referenced once its text is made: not while the
 * text waits for the socket, nor while the next batch is read. Rows kept across those waits outlived
 * the young generation's collections and were promoted, so the heap grew by ~100 MB of dead rows between
 * full collections (bench/README.md, 'CSV import and export').
 */
export async function* csvText<Row>(
  columns: ExportColumn<Row>[],
  cells: (row: Row) => (string | number)[],
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
      const text = batch.length > 0 ? stringify(batch.map(cells)) : '';
      batch = undefined;
      if (text) yield text;
      batch = await nextBatch(rest);
    }
  } finally {
    // A dropped download stops the rows' iteration, which closes the cursor.
    await rest.return?.();
  }
}
