import {
  createSaleSchema,
  idempotencyKeySchema,
  idSchema,
  saleBatchResponse,
  saleBatchSchema,
  saleByIdQuerySchema,
  transactionAnalyticsQuerySchema,
  transactionListQuerySchema,
  transactionResponses,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import * as service from './transactions.service';
import { createSaleBatch } from './transactions-batch.service';
import { exportSales } from './transactions-export.service';

const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

export async function transactionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];

  r.post(
    '/transactions',
    {
      schema: {
        tags,
        body: createSaleSchema,
        headers: idempotencyHeaders,
        response: { 201: transactionResponses.sale },
      },
    },
    async (req, reply) => {
      const { sale, isReplay } = await service.createSale(app.db, req.actor, {
        input: req.body,
        idempotencyKey: req.headers['idempotency-key'],
      });
      reply.code(201);
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return ok({ ...sale }, { message: 'Payment processed successfully' });
    },
  );

  // A register's outbox, up to 50 queued sales of one branch in order: one result per sale (200), each
  // recorded by createSale under its own key (transactions-batch.service.ts).
  r.post(
    '/transactions/batch',
    { schema: { tags, body: saleBatchSchema, response: { 200: saleBatchResponse } } },
    async (req) => ok(await createSaleBatch(app.db, req.actor, req.body)),
  );

  r.get(
    '/transactions',
    { schema: { tags, querystring: transactionListQuerySchema, response: { 200: transactionResponses.list } } },
    async (req) => okPage(await service.listSales(app.db, req.actor, req.query)),
  );

  r.get(
    '/transactions/export.csv',
    { schema: { tags, querystring: withExportFormat(transactionListQuerySchema), ...exportResponse } },
    async (req, reply) => sendExport(reply, req.query.format, await exportSales(app.db, req.actor, req.query)),
  );

  // Registered before /transactions/:id; Fastify prefers the static segment anyway.
  r.get(
    '/transactions/analytics',
    {
      schema: { tags, querystring: transactionAnalyticsQuerySchema, response: { 200: transactionResponses.analytics } },
    },
    async (req) => ok(await service.getAnalytics(app.db, req.actor, req.query)),
  );

  r.get(
    '/transactions/:id',
    {
      schema: {
        tags,
        params: z.object({ id: idSchema }),
        querystring: saleByIdQuerySchema,
        response: { 200: transactionResponses.sale },
      },
    },
    async (req) => ok(await service.getSale(app.db, req.actor, req.params.id, req.query)),
  );
}
