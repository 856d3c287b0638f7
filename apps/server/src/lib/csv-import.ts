import { pipeline, Readable } from 'node:stream';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MSG } from '@pos/shared';
import * as chardet from 'chardet';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { AppError, badRequest, payloadTooLarge } from './errors';

/**
 * Reading an uploaded CSV file (docs/architecture/imports-exports.md) with csv-parse, streaming: the
 * request body is decoded and parsed as it arrives and handed over in batches, so a 50,000-row file
 * never becomes one array. What real files bring is handled here once: their text encoding (UTF-8 with
 * or without a byte order mark, UTF-16 LE/BE with one, else a legacy 8-bit code page such as Excel's
 * plain "CSV" on Windows, Windows-1252: detected by `detectEncoding`, decoded by iconv-lite), `;` or
 * tab separators (detected from the header line; Excel writes `;` where the decimal mark is a comma,
 * so `;` files also read 12,50 as 12.50), quoted fields with separators, quotes and newlines, CRLF line
 * ends, blank lines. Rows are numbered as a spreadsheet shows them: the header is row 1. Bytes that do
 * not decode become U+FFFD here, never a stored value: the import makes each such cell a row error.
 */

export type CsvRecord = { row: number; values: string[] };
export type CsvFile = {
  /** The header line's cells, as written. */
  header: string[];
  /** The encoding the file was read in ('UTF-8', 'UTF-16LE', 'windows-1252', ...). */
  encoding: string;
  decimalComma: boolean;
  batches: AsyncGenerator<CsvRecord[]>;
};

/** What replaces a byte sequence that does not decode (iconv-lite, TextDecoder). */
export const UNDECODABLE = '\uFFFD';

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

/** How many bytes of the file decide its encoding (and hold its header line). */
const SAMPLE_BYTES = 64 * 1024;

/** The 8-bit code pages read as Windows-1252, its superset for text (WHATWG reads them so too). */
const WESTERN = new Set(['ISO-8859-1', 'windows-1252', 'ASCII']);

/**
 * The text encoding of a file from its first bytes. A byte order mark decides (UTF-8, UTF-16 LE/BE);
 * else bytes that are UTF-8 are UTF-8 (plain ASCII included), and so are bytes with more valid UTF-8
 * characters beyond ASCII than invalid sequences (a UTF-8 file with a stray byte: that cell is a row
 * error, the rest reads right; a Windows-1252 'Café' is one invalid sequence and no valid one); else
 * chardet's best guess among the legacy code pages iconv-lite decodes: Windows-1252 (Excel's "CSV" on
 * a Western Windows) unless another page is clearly likelier (chardet's confidence 10 points or more
 * above it: Windows-1256 for Urdu). A sample cut mid-character (`complete` false) is still UTF-8.
 */
export function detectEncoding(sample: Buffer, complete = true): { encoding: string; label: string } {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: 'utf8', label: 'UTF-8' };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf16le', label: 'UTF-16LE' };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf16be', label: 'UTF-16BE' };
  const text = new TextDecoder('utf-8').decode(sample, { stream: !complete });
  let invalid = 0;
  let valid = 0;
  for (const ch of text) {
    if (ch === UNDECODABLE) invalid++;
    else if (ch.charCodeAt(0) > 0x7f) valid++;
  }
  if (invalid === 0 || valid > invalid) return { encoding: 'utf8', label: 'UTF-8' };
  const candidates = chardet.analyse(sample).filter((c) => !c.name.startsWith('UTF-') && iconv.encodingExists(c.name));
  const western = Math.max(-1, ...candidates.filter((c) => WESTERN.has(c.name)).map((c) => c.confidence));
  const best = candidates[0];
  if (best && !WESTERN.has(best.name) && best.confidence >= western + 10) {
    return { encoding: best.name, label: best.name };
  }
  return { encoding: 'windows1252', label: 'windows-1252' };
}

/** A request body as the chunks of an uploaded file: a stream (text/csv), text or bytes; a JSON or form body is not one. */
export function uploadedFile(raw: unknown): AsyncIterable<Buffer | string> | Iterable<Buffer | string> {
  if (raw === undefined || raw === null) return [];
  if (typeof raw === 'string' || Buffer.isBuffer(raw)) return [raw];
  if (typeof (raw as AsyncIterable<Buffer>)[Symbol.asyncIterator] === 'function') return raw as AsyncIterable<Buffer>;
  throw badRequest(IMPORT_MSG.notCsvBody);
}

/**
 * The body's text, refusing a body over the limit (counted in bytes as they arrive): the first 64 KB
 * are read ahead to detect the encoding and find the header line, then everything is decoded as it comes.
 */
async function readHead(body: AsyncIterable<Buffer | string> | Iterable<Buffer | string>) {
  const iterator = Readable.from(body)[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  let bytes = 0;
  const head: Buffer[] = [];
  const count = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > IMPORT_MAX_BYTES) throw payloadTooLarge(IMPORT_MSG.tooLarge);
    return buffer;
  };
  let done = false;
  while (bytes < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(count(next.value));
  }
  const sample = Buffer.concat(head);
  const { encoding, label } = detectEncoding(sample.subarray(0, SAMPLE_BYTES), done);
  // iconv-lite takes the byte order mark off (UTF-8 and UTF-16) and keeps a character cut between chunks.
  const decoder = iconv.getDecoder(encoding);
  const first = decoder.write(sample);
  async function* text(): AsyncGenerator<string> {
    if (first) yield first;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const part = decoder.write(count(next.value));
      if (part) yield part;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
  return { headerLine: first.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '', encoding: label, text: text() };
}

/**
 * A cell as it was before an export guarded it (lib/csv-export.ts writes '+92 300 ... for +92 300 ...,
 * so a spreadsheet keeps it as text; Shopify's exports do the same to phones): the ' comes off again,
 * so an exported file imports back as it was.
 */
const unquoteFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Decodes and parses `body` (the request's stream) into its header and batches of records (the cells of
 * a line, in the header's order). Errors of the CSV syntax itself are a 400 naming the line.
 */
export async function readCsv(body: unknown, batchSize = 1000): Promise<CsvFile> {
  const { headerLine, encoding, text } = await readHead(uploadedFile(body));
  if (headerLine.trim() === '') throw badRequest(IMPORT_MSG.emptyFile);
  const delimiter = detectSeparator(headerLine);
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: false, trim: true });
  // pipeline, not pipe: an error of the body (over the size limit, a dropped upload) must reach the
  // parser, whose iteration below rejects with it. With pipe() it was an 'error' event nobody listened
  // to, which ends the whole process. The callback has nothing left to do: the iteration reports it.
  pipeline(Readable.from(text), parser, () => undefined);
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
  const header = first.value;

  async function* batches(): AsyncGenerator<CsvRecord[]> {
    let row = 1;
    let rows = 0;
    let batch: CsvRecord[] = [];
    try {
      for (let record = await next(); !record.done; record = await next()) {
        row++;
        if (record.value.every((cell) => cell === '')) continue; // a blank line
        if (++rows > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooManyRows);
        batch.push({ row, values: record.value.map(unquoteFormula) });
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
  return { header, encoding, decimalComma: delimiter === ';', batches: batches() };
}
