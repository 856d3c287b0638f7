import { z } from 'zod';

/**
 * List exports (`GET <list path>/export.csv`, docs/architecture/imports-exports.md): CSV by default,
 * an Excel workbook with `format=xlsx`. The rest of the query is the list's own.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MSG = { invalidFormat: 'Format must be csv or xlsx' } as const;

/** The content types of the two formats (the answer's Content-Type, the client's Accept). */
export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<ExportFormat, string>;

export const exportFormatSchema = z
  .enum(EXPORT_FORMATS, { error: EXPORT_MSG.invalidFormat })
  .default('csv')
  .describe('csv (the default) or xlsx');

/** An export's query: the list's query plus `format`. */
export function withExportFormat<Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig>(
  listQuery: z.ZodObject<Shape, Config>,
) {
  return listQuery.extend({ format: exportFormatSchema });
}

/** The query of an export that takes no list filters (a stock count's variances). */
export const exportFormatQuerySchema = z.object({ format: exportFormatSchema });
