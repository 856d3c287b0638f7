import {
  copyProductsSchema,
  EXPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_MSG,
  importParamsSchema,
  importQuerySchema,
  importResponses,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payloadTooLarge } from '../../lib/errors';
import { sendExport } from '../../lib/export';
import type { ExportColumn } from '../../lib/export-columns';
import { ok } from '../../lib/http';
import { REJECT_COLUMNS } from './import.mapping';
import * as service from './import.service';

/** The content types a CSV upload arrives with (browsers label .csv files differently per system). */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

const tags = ['import'];
/** The body of an upload whose Content-Length is over the limit (see uploadRoutes). */
const DECLARED_TOO_LARGE = Symbol('declared too large');

export async function importRoutes(app: FastifyInstance) {
  await app.register(uploadRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/import/products/copy',
    {
      schema: {
        summary: "Copy a branch's products to another branch",
        errors: [403],
        tags,
        body: copyProductsSchema,
        response: { 200: importResponses.copy },
      },
    },
    async (req) => {
      const result = await service.copyProducts(app.db, req.actor, req.body);
      return ok(result, { message: IMPORT_MSG.copied(result.created, result.updated) });
    },
  );
}

const DESCRIPTIONS = {
  preview:
    "Dry run of a CSV file (request body, text/csv): the file's columns and the mapping to ours (detected, remembered or `mapping`), rows to create, to update, and every row error. Nothing is written.",
  apply:
    "Imports a CSV file (request body, text/csv) all or nothing: any row error is a 400 and nothing is written; with `skipInvalid` the good rows are written and the others listed. A `mapping` sent is remembered for the company's next file with the same columns.",
  rejects:
    "The rows of a CSV file (request body, text/csv) that have errors, as a CSV file: the file's columns, then the row number and the reason.",
} as const;

/** The rejects file's columns: the uploaded file's own, then its row number and the reasons. */
function rejectColumns(header: string[]): ExportColumn<service.RejectedRow>[] {
  return [
    ...header.map((h, i) => ({ header: h, value: (r: service.RejectedRow) => r.values[i] ?? '' })),
    { header: REJECT_COLUMNS[0], type: 'number', value: (r) => r.row },
    { header: REJECT_COLUMNS[1], value: (r) => r.reason },
  ];
}

/**
 * The three upload routes, in their own scope so that their body parsers apply to them only. The body
 * stays a stream: lib/csv-import.ts parses it as it arrives and refuses it once it passes 50 MB (413,
 * 'The file is larger than 50 MB'), which is also the routes' bodyLimit; a Content-Length above it is
 * refused without being read. A JSON body is never read: the routes' 50 MB limit is for files, and
 * a JSON parser given it would hold a 50 MB object.
 */
async function uploadRoutes(app: FastifyInstance) {
  app.addContentTypeParser(CSV_TYPES, (req, payload, done) => {
    const limit = req.routeOptions.bodyLimit ?? IMPORT_MAX_BYTES;
    // Over the limit by its own Content-Length: the handler refuses it without reading it. An error
    // here would close the connection while the client is still sending, and it would see a reset
    // instead of the 413; answered by the handler, Node discards the rest and the client gets it.
    done(null, Number(req.headers['content-length']) > limit ? DECLARED_TOO_LARGE : payload);
  });
  // Left unread: the service settles the branch and the permission first, then refuses it (400, notCsvBody).
  app.addContentTypeParser('application/json', (_req, _payload, done) => done(null, {}));
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const step of ['preview', 'apply'] as const) {
    r.post(
      `/import/:kind/${step}`,
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          summary:
            step === 'preview'
              ? 'Check a CSV file of products or customers: what an import would do'
              : 'Import a CSV file of products or customers',
          errors: [403],
          tags,
          description: DESCRIPTIONS[step],
          params: importParamsSchema,
          querystring: importQuerySchema,
          response: { 200: importResponses.result },
        },
      },
      async (req) => {
        if (req.body === DECLARED_TOO_LARGE) throw payloadTooLarge(IMPORT_MSG.tooLarge);
        const result = await service.runImport(app.db, req.actor, {
          kind: req.params.kind,
          branchId: req.query.branchId,
          createMissing: req.query.createMissing ?? false,
          skipInvalid: req.query.skipInvalid ?? false,
          mapping: req.query.mapping,
          step,
          body: req.body,
        });
        if (!result.applied) return ok(result, {});
        const message =
          result.errorCount > 0
            ? IMPORT_MSG.importedSkipping(result.toCreate, result.toUpdate, result.errorCount)
            : IMPORT_MSG.imported(result.toCreate, result.toUpdate);
        return ok(result, { message });
      },
    );
  }
  r.post(
    '/import/:kind/rejects',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary: 'The rows of a file that have errors, as CSV',
        description: DESCRIPTIONS.rejects,
        errors: [403],
        params: importParamsSchema,
        querystring: importQuerySchema,
        produces: [EXPORT_CONTENT_TYPES.csv],
        response: { 200: z.string().describe("CSV file: the file's columns, then Row and Reason") },
      },
    },
    async (req, reply) => {
      if (req.body === DECLARED_TOO_LARGE) throw payloadTooLarge(IMPORT_MSG.tooLarge);
      const { header, rows } = await service.rejectedRows(app.db, req.actor, {
        kind: req.params.kind,
        branchId: req.query.branchId,
        createMissing: req.query.createMissing ?? false,
        skipInvalid: false,
        mapping: req.query.mapping,
        body: req.body,
      });
      async function* batches() {
        yield rows;
      }
      return sendExport(reply, 'csv', {
        filename: `${req.params.kind}-rows-with-errors`,
        columns: rejectColumns(header),
        timeZone: null,
        batches: batches(),
      });
    },
  );
}
