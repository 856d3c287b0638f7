import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type CellMakers, type ColumnType, cellMaker, type ExportColumn, nextBatch, wallClock } from './export-columns';

/**
 * XLSX exports (docs/architecture/imports-exports.md): exceljs's streaming writer, one worksheet, each
 * row written out (committed) as soon as it is made, so only a batch is ever held. Cells are typed
 * values, never formulas: text stays text whatever it starts with (a phone `0315...`, `=cmd`), with the
 * text format (`@`) so an edit keeps it text; dates are real dates at the branch's wall clock (exceljs
 * writes a Date's UTC fields, so the instant is moved by the zone's offset first); money is a number
 * shown with 2 decimals.
 */

/** The most characters an XLSX cell holds (Excel's limit; a longer text makes the file unreadable to it). */
const MAX_TEXT = 32_767;

type XlsxValue = string | number | boolean | Date | null;

const XLSX_CELLS: CellMakers<XlsxValue> = {
  text: (v) => (v.length > MAX_TEXT ? v.slice(0, MAX_TEXT) : v),
  day: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : v),
  number: (v) => v,
  money: (v) => v,
  date: wallClock,
  boolean: (v) => v,
  empty: null,
};

/** One style object per kind, shared by every cell of it (exceljs looks a style up by its identity). */
const STYLES: Record<ColumnType, Partial<ExcelJS.Style>> = {
  text: { numFmt: '@' },
  number: { numFmt: 'General' },
  money: { numFmt: '#,##0.00' },
  date: { numFmt: 'yyyy-mm-dd hh:mm:ss' },
  day: { numFmt: 'yyyy-mm-dd' },
  boolean: { numFmt: 'General' },
};
const HEADER_STYLE: Partial<ExcelJS.Style> = { font: { bold: true }, numFmt: '@' };

function widthOf(column: ExportColumn<unknown>): number {
  const type = column.type ?? 'text';
  const least = type === 'date' ? 20 : type === 'text' ? 16 : 12;
  return Math.max(least, column.header.length + 2);
}

/**
 * How much sheet XML exceljs holds that the zip has not compressed yet. exceljs (4.4.0) writes a sheet
 * into its own buffer stream, which hands each 64 KB to the zip's entry stream without waiting for it:
 * made faster than deflate takes it, the XML would pile up in memory (a 1,000,000-row export is ~500 MB
 * of XML). Read from its fields, as no API says it; each is checked, so another version reads as 0.
 */
type Pending = { length?: unknown; _writableState?: { length?: unknown } } & NodeJS.EventEmitter;
function sheetBacklog(sheet: ExcelJS.Worksheet): { bytes: number; pipe?: Pending } {
  const stream = (sheet as unknown as { stream?: { buffers?: Pending[]; pipes?: Pending[] } }).stream;
  let bytes = 0;
  for (const buffer of stream?.buffers ?? []) bytes += typeof buffer.length === 'number' ? buffer.length : 0;
  const pipe = stream?.pipes?.[0];
  const queued = pipe?._writableState?.length;
  if (typeof queued === 'number') bytes += queued;
  return { bytes, pipe };
}

const MAX_BACKLOG = 1 << 20;

/** Waits until the download and the zip have taken most of what was written (or the download is gone). */
async function room(sheet: ExcelJS.Worksheet, out: Writable, signal: AbortSignal): Promise<void> {
  for (;;) {
    // Destroyed at once by a dropped download; its 'close' (the signal) comes a tick later.
    if (out.destroyed) throw new Error('The download was closed');
    signal.throwIfAborted();
    if (out.writableNeedDrain) {
      await once(out, 'drain', { signal });
      continue;
    }
    const { bytes, pipe } = sheetBacklog(sheet);
    if (bytes <= MAX_BACKLOG) return;
    // The entry stream says 'drain' once it has handed everything on; before the zip reaches the sheet
    // (it writes the files before it first), the next turn of the event loop.
    if (pipe && typeof pipe._writableState?.length === 'number' && pipe._writableState.length > 0) {
      await once(pipe, 'drain', { signal });
    } else {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Writes the workbook to `out`, batch by batch; ends `out` when done. Stops (and closes the rows) on abort. */
async function writeXlsx<Row>({
  out,
  sheetName,
  columns,
  timeZone,
  first,
  rest,
  signal,
}: {
  out: Writable;
  sheetName: string;
  columns: ExportColumn<Row>[];
  timeZone: string | null;
  first: { rows?: Row[] };
  rest: AsyncIterator<Row[]>;
  signal: AbortSignal;
}): Promise<void> {
  try {
    const cells = columns.map((c) => cellMaker(c, timeZone, XLSX_CELLS));
    const styles = columns.map((c) => STYLES[c.type ?? 'text']);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({ width: widthOf(c as ExportColumn<unknown>) }));
    const header = sheet.addRow(columns.map((c) => c.header));
    header.eachCell((cell) => {
      cell.style = HEADER_STYLE;
    });
    header.commit();

    // `batch` is cleared by hand: a suspended function keeps its locals (see csvText).
    let batch = first.rows;
    first.rows = undefined;
    while (batch) {
      for (const row of batch) {
        const line = sheet.addRow(cells.map((cell) => cell(row)));
        for (let i = 0; i < styles.length; i++) {
          // biome-ignore lint/style/noNonNullAssertion: one style per column
          line.getCell(i + 1).style = styles[i]!;
        }
        line.commit();
      }
      batch = undefined;
      await room(sheet, out, signal);
      batch = await nextBatch(rest);
    }
    sheet.commit();
    await workbook.commit();
  } finally {
    // A dropped download stops the rows' iteration, which closes the cursor.
    await rest.return?.();
  }
}

/**
 * The workbook as a stream to answer with: written batch by batch as the download takes it. However the
 * stream ends (done, dropped, failed), the writer stops and the rows' iteration is closed (the cursor);
 * a failure while writing ends the stream with the error (an incomplete transfer) and is reported.
 */
export function xlsxBody<Row>({
  sheetName,
  columns,
  timeZone,
  first,
  rest,
  onError,
}: {
  sheetName: string;
  columns: ExportColumn<Row>[];
  timeZone: string | null;
  first: { rows?: Row[] };
  rest: AsyncIterator<Row[]>;
  onError: (error: unknown) => void;
}): PassThrough {
  const body = new PassThrough();
  const stop = new AbortController();
  body.once('close', () => {
    stop.abort();
    void rest.return?.().catch(() => undefined);
  });
  writeXlsx({ out: body, sheetName, columns, timeZone, first, rest, signal: stop.signal }).catch((error: unknown) => {
    if (!stop.signal.aborted && !body.destroyed) onError(error);
    body.destroy(error as Error);
  });
  return body;
}
