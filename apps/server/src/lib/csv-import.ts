import { pipeline, Readable } from 'node:stream';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MSG, type ImportColumn, normalizeHeader } from '@pos/shared';
import { parse } from 'csv-parse';
import { AppError, badRequest, payloadTooLarge } from './errors';

/**
 * Reading an uploaded CSV file (docs/ARCHITECTURE.md, 'CSV in and out') with csv-parse, streaming: the
 * request body is parsed as it arrives and handed over in batches, so a 50,000-row file never becomes
 * one array. What real files bring is handled here once: a byte order mark (Excel's "CSV UTF-8"), `;`
 * or tab separators (detected from the header line; Excel writes `;` where the decimal mark is a
 * comma, so `;` files also read 12,50 as 12.50), quoted fields with separators, quotes and newlines,
 * CRLF line ends, blank lines. Rows are numbered as a spreadsheet shows them: the header is row 1.
 */

export type CsvRow = { row: number; cells: Record<string, string> };
export type CsvBatches = {
  /** Which of the documented columns the file has (keys). */
  present: Set<string>;
  decimalComma: boolean;
  batches: AsyncGenerator<CsvRow[]>;
};

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator of a header line: the most frequent of , ; and tab outside quotes (',' when none). */
export function detectSeparator(headerLine: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const s of SEPARATORS) if ((counts.get(s) ?? 0) > (counts.get(best) ?? 0)) best = s;
  return best;
}

/** A request body as the chunks of an uploaded file: a stream (text/csv), text or bytes; a JSON or form body is not one. */
export function uploadedFile(raw: unknown): AsyncIterable<Buffer | string> | Iterable<Buffer | string> {
  if (raw === undefined || raw === null) return [];
  if (typeof raw === 'string' || Buffer.isBuffer(raw)) return [raw];
  if (typeof (raw as AsyncIterable<Buffer>)[Symbol.asyncIterator] === 'function') return raw as AsyncIterable<Buffer>;
  throw badRequest(IMPORT_MSG.notCsvBody);
}

/** The body's chunks, refusing a body over the limit, with the first line (header) read ahead. */
async function readHead(body: AsyncIterable<Buffer | string> | Iterable<Buffer | string>) {
  const iterator = Readable.from(body)[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  let bytes = 0;
  const head: Buffer[] = [];
  let text = '';
  const count = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > IMPORT_MAX_BYTES) throw payloadTooLarge(IMPORT_MSG.tooLarge);
    return buffer;
  };
  // Up to the first line end (or 64 KB): enough to see the header's separators.
  while (!text.includes('\n') && text.length < 65_536) {
    const next = await iterator.next();
    if (next.done) break;
    const buffer = count(next.value);
    head.push(buffer);
    text += buffer.toString('utf8');
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield count(next.value);
  }
  return { headerLine: text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '', rest: rest() };
}

/**
 * A cell as it was before an export guarded it (lib/csv-export.ts writes '+92 300 ... for +92 300 ...,
 * so a spreadsheet keeps it as text): the ' comes off again, so an exported file imports back as it was.
 */
const unquoteFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Maps the header cells to the documented columns' keys (headers and aliases; case, spaces, _ and - ignored). */
function mapHeader(header: string[], columns: readonly ImportColumn[]): (string | undefined)[] {
  const byName = new Map<string, ImportColumn>();
  for (const c of columns) {
    byName.set(normalizeHeader(c.header), c);
    byName.set(normalizeHeader(c.key), c);
    for (const alias of c.aliases ?? []) byName.set(normalizeHeader(alias), c);
  }
  const seen = new Set<string>();
  const keys = header.map((h) => {
    const column = byName.get(normalizeHeader(h));
    if (!column) return undefined;
    if (seen.has(column.key)) throw badRequest(IMPORT_MSG.duplicateColumn(column.header));
    seen.add(column.key);
    return column.key;
  });
  for (const c of columns) if (c.required && !seen.has(c.key)) throw badRequest(IMPORT_MSG.missingColumn(c.header));
  return keys;
}

/**
 * Parses `body` (the request's stream) into batches of rows keyed by the documented columns' keys.
 * The header is checked before the first batch is answered (400 for a missing required column);
 * unknown columns are ignored. Errors of the CSV syntax itself are a 400 naming the line.
 */
export async function readCsv(body: unknown, columns: readonly ImportColumn[], batchSize = 1000): Promise<CsvBatches> {
  const { headerLine, rest } = await readHead(uploadedFile(body));
  if (headerLine.trim() === '') throw badRequest(IMPORT_MSG.emptyFile);
  const delimiter = detectSeparator(headerLine);
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: false, trim: true });
  // pipeline, not pipe: an error of the body (over the size limit, a dropped upload) must reach the
  // parser, whose iteration below rejects with it. With pipe() it was an 'error' event nobody listened
  // to, which ends the whole process. The callback has nothing left to do: the iteration reports it.
  pipeline(Readable.from(rest), parser, () => undefined);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const next = async () => {
    try {
      return await records.next();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badRequest(`${IMPORT_MSG.notCsv}: ${(error as Error).message}`);
    }
  };
  const first = await next();
  if (first.done) throw badRequest(IMPORT_MSG.noHeader);
  const keys = mapHeader(first.value, columns);
  const present = new Set(keys.filter((k): k is string => k !== undefined));

  async function* batches(): AsyncGenerator<CsvRow[]> {
    let row = 1;
    let rows = 0;
    let batch: CsvRow[] = [];
    try {
      for (let record = await next(); !record.done; record = await next()) {
        row++;
        if (record.value.every((cell) => cell === '')) continue; // a blank line
        if (++rows > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooManyRows);
        const cells: Record<string, string> = {};
        keys.forEach((key, i) => {
          if (key) cells[key] = unquoteFormula(record.value[i] ?? '');
        });
        batch.push({ row, cells });
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      parser.destroy();
    }
  }
  return { present, decimalComma: delimiter === ';', batches: batches() };
}
