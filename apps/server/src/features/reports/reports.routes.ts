import { reportParamsSchema, reportQuerySchema, reportResponses } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvResponse, sendCsv } from '../../lib/csv-export';
import { ok } from '../../lib/http';
import * as service from './reports.service';

export async function reportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get(
    '/reports/:report',
    {
      schema: {
        summary: 'One report for a period',
        errors: [403],
        tags,
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: reportResponses.get },
      },
    },
    async (req) => ok(await service.getReport(app.db, req.actor, req.params.report, req.query)),
  );

  r.get(
    '/reports/:report/export.csv',
    {
      schema: {
        summary: 'One report as CSV',
        errors: [403],
        tags,
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        ...csvResponse,
      },
    },
    async (req, reply) => sendCsv(reply, await service.exportReport(app.db, req.actor, req.params.report, req.query)),
  );
}
