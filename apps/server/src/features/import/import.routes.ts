import {
  copyProductsSchema,
  IMPORT_MAX_BYTES,
  IMPORT_MSG,
  importParamsSchema,
  importQuerySchema,
  importResponses,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payloadTooLarge } from '../../lib/errors';
import { ok } from '../../lib/http';
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

/**
 * The two upload routes, in their own scope so that their body parsers apply to them only. The body
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
          description:
            step === 'preview'
              ? 'Dry run of a CSV file (request body, text/csv): rows to create, to update, and every row error. Nothing is written.'
              : 'Imports a CSV file (request body, text/csv) all or nothing: any row error is a 400 and nothing is written.',
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
          apply: step === 'apply',
          body: req.body,
        });
        return ok(result, step === 'apply' ? { message: IMPORT_MSG.imported(result.toCreate, result.toUpdate) } : {});
      },
    );
  }
}
