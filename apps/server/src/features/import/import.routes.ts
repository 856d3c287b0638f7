import { copyProductsSchema, IMPORT_MSG, importParamsSchema, importQuerySchema, importResponses } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import * as service from './import.service';

/** The content types a CSV upload arrives with (browsers label .csv files differently per system). */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

export async function importRoutes(app: FastifyInstance) {
  // The body stays a stream: lib/csv-import.ts parses it as it arrives (and enforces the size limit).
  app.addContentTypeParser(CSV_TYPES, (_req, payload, done) => done(null, payload));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['import'];
  for (const step of ['preview', 'apply'] as const) {
    r.post(
      `/import/:kind/${step}`,
      {
        schema: {
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

  r.post(
    '/import/products/copy',
    { schema: { tags, body: copyProductsSchema, response: { 200: importResponses.copy } } },
    async (req) => {
      const result = await service.copyProducts(app.db, req.actor, req.body);
      return ok(result, { message: IMPORT_MSG.copied(result.created, result.updated) });
    },
  );
}
