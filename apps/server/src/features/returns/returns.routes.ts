import {
  createReturnSchema,
  idSchema,
  RETURNS_MSG,
  returnAnalyticsQuerySchema,
  returnListQuerySchema,
  returnResponses,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import * as service from './returns.service';
import { exportReturns } from './returns-export.service';

export async function returnsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['returns'];

  r.post(
    '/returns',
    {
      schema: {
        summary: 'Record a return against a sale',
        errors: [403, 409],
        tags,
        body: createReturnSchema,
        response: { 201: returnResponses.created },
      },
    },
    async (req, reply) => {
      const created = await service.createReturn(app.db, req.actor, req.body);
      reply.code(201);
      return ok(created, { message: RETURNS_MSG.processed });
    },
  );

  r.get(
    '/returns',
    {
      schema: {
        summary: 'One page of returns',
        errors: [403],
        tags,
        querystring: returnListQuerySchema,
        response: { 200: returnResponses.list },
      },
    },
    async (req) => okPage(await service.listReturns(app.db, req.actor, req.query)),
  );

  r.get(
    '/returns/export.csv',
    {
      schema: {
        summary: 'Returns as CSV or XLSX',
        errors: [403],
        tags,
        querystring: withExportFormat(returnListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportReturns(app.db, req.actor, req.query)),
  );

  r.get(
    '/returns/analytics',
    {
      schema: {
        summary: 'Return figures for a period',
        errors: [403],
        tags,
        querystring: returnAnalyticsQuerySchema,
        response: { 200: returnResponses.analytics },
      },
    },
    async (req) => ok(await service.getAnalytics(app.db, req.actor, req.query)),
  );

  r.get(
    '/returns/:id',
    {
      schema: {
        summary: 'One return with its lines',
        errors: [403],
        tags,
        params: z.object({ id: idSchema }),
        response: { 200: returnResponses.one },
      },
    },
    async (req) => ok(await service.getReturn(app.db, req.actor, req.params.id)),
  );
}
