import { Readable } from 'node:stream';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@pos/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ListExport } from './export-columns';
import { csvCells, csvText } from './export-csv';
import { xlsxBody } from './export-xlsx';

/**
 * List exports (docs/architecture/imports-exports.md). Every list route has an export twin,
 * `GET <list path>/export.csv?<the list's filters>[&format=xlsx]`: the service resolves access and the
 * filters as for the list, then hands over its rows as batches (`selectInBatches` of `export.repo.ts`:
 * a server-side cursor, never the whole result in memory), the columns with their kinds, and the time
 * zone of its dates; the route answers them with `sendExport` in the format asked for. Either writer
 * turns a batch into the file only when the client has taken what came before, so a slow download holds
 * one batch, and a dropped one closes the cursor.
 */

/** `products-2026-11-22.csv`: letters, digits and dashes only, so the header needs no quoting rules. */
export function exportFilename(name: string, format: ExportFormat, now = new Date()): string {
  return `${safeName(name)}-${now.toISOString().slice(0, 10)}.${format}`;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
}

/**
 * Answers the export as a streamed attachment: `text/csv` (UTF-8 with a byte order mark) or an XLSX
 * workbook. The columns are checked and the first batch is read before anything is sent, so a query
 * that fails at once is an ordinary error answer; a later failure cuts the download short (the client
 * sees an incomplete transfer, not a file passed off as whole) and is logged.
 */
export async function sendExport<Row>(
  reply: FastifyReply,
  format: ExportFormat,
  { filename, columns, timeZone, batches }: ListExport<Row>,
): Promise<FastifyReply> {
  // Made first whatever the format: a mistake in the columns (a date without a time zone) fails before
  // anything is read or sent.
  const cells = csvCells(columns, timeZone);
  const rows = batches[Symbol.asyncIterator]();
  const first = await rows.next();
  const firstRows = { rows: first.done ? undefined : first.value };
  reply
    .header('content-disposition', `attachment; filename="${exportFilename(filename, format)}"`)
    .header('cache-control', 'no-store');

  if (format === 'xlsx') {
    const body = xlsxBody({
      sheetName: safeName(filename),
      columns,
      timeZone,
      first: firstRows,
      rest: rows,
      onError: (error) => reply.log.error({ err: error }, 'XLSX export failed'),
    });
    return reply.type(EXPORT_CONTENT_TYPES.xlsx).send(body);
  }

  const body = Readable.from(csvText(columns, cells, firstRows, rows), { objectMode: false });
  body.on('error', (error) => reply.log.error({ err: error }, 'CSV export failed'));
  // However the body ends (done, dropped before its first read, failed), the rows' cursor is closed.
  body.once('close', () => void rows.return?.().catch(() => undefined));
  return reply.type(`${EXPORT_CONTENT_TYPES.csv}; charset=utf-8`).send(body);
}

/** The route options every export shares: documented as a CSV or XLSX file. */
export const exportResponse = {
  produces: [EXPORT_CONTENT_TYPES.csv, EXPORT_CONTENT_TYPES.xlsx],
  response: {
    200: z
      .string()
      .describe('CSV file (UTF-8 with a byte order mark, one header line), or with format=xlsx an XLSX workbook'),
  },
};
