import { reportParamsSchema, reportQuerySchema, reportResponses, withExportFormat } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportResponse, sendExport } from '../../lib/export';
import { okFromReplica, readReplica } from '../../lib/read-replica';
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
    async (req, reply) =>
      okFromReplica(app, reply, (db) => service.getReport(db, req.actor, req.params.report, req.query)),
  );

  r.get(
    '/reports/:report/export.csv',
    {
      schema: {
        summary: 'One report as CSV or XLSX',
        errors: [403],
        tags,
        params: reportParamsSchema,
        querystring: withExportFormat(reportQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => {
      const { value } = await readReplica(app, reply, (db) =>
        service.exportReport(db, req.actor, req.params.report, req.query),
      );
      return sendExport(reply, req.query.format, value);
    },
  );
}
