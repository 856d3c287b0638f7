import { auditLogQuerySchema, auditResponses, withExportFormat } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportResponse, sendExport } from '../../lib/export';
import { okPage } from '../../lib/http';
import * as service from './audit.service';

const tags = ['audit'];

/** The audit log: read-only (append-only rows; no route updates or deletes them). */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/audit-logs',
    {
      schema: {
        summary: 'One page of the audit log',
        errors: [403],
        tags,
        querystring: auditLogQuerySchema,
        response: { 200: auditResponses.list },
      },
    },
    async (req) => okPage(await service.listAuditLogs(app.db, req.actor, req.query)),
  );

  r.get(
    '/audit-logs/export.csv',
    {
      schema: {
        summary: 'The audit log as CSV or XLSX',
        errors: [403],
        tags,
        querystring: withExportFormat(auditLogQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) =>
      sendExport(reply, req.query.format, await service.exportAuditLogs(app.db, req.actor, req.query)),
  );
}
