import {
  createExchangeSchema,
  createSaleSchema,
  EXCHANGE_MSG,
  exchangeResponses,
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
import { okFromReplica, readReplica } from '../../lib/read-replica';
import { createExchange } from './exchange.service';
import { createSale } from './sale-write.service';
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
        summary: 'Record a sale',
        errors: [403, 409, 422],
        tags,
        body: createSaleSchema,
        headers: idempotencyHeaders,
        response: { 201: transactionResponses.sale },
      },
    },
    async (req, reply) => {
      const { sale, isReplay } = await createSale(app.db, req.actor, {
        input: req.body,
        idempotencyKey: req.headers['idempotency-key'],
      });
      reply.code(201);
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return ok({ ...sale }, { message: 'Payment processed successfully' });
    },
  );

  // An exchange: a return and the sale of the new items in one document (exchange.service.ts).
  r.post(
    '/exchanges',
    {
      schema: {
        summary: 'Exchange returned items for new ones',
        errors: [403, 409, 422],
        tags,
        body: createExchangeSchema,
        headers: idempotencyHeaders,
        response: { 201: exchangeResponses.created },
      },
    },
    async (req, reply) => {
      const { exchange, isReplay } = await createExchange(app.db, req.actor, {
        input: req.body,
        idempotencyKey: req.headers['idempotency-key'],
      });
      reply.code(201);
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return ok(exchange, { message: EXCHANGE_MSG.created });
    },
  );

  // A register's outbox, up to 50 queued sales of one branch in order: one result per sale (200), each
  // recorded by createSale under its own key (transactions-batch.service.ts).
  r.post(
    '/transactions/batch',
    {
      schema: {
        summary: "Record a register's queued sales, one result each",
        tags,
        body: saleBatchSchema,
        response: { 200: saleBatchResponse },
      },
    },
    async (req) => ok(await createSaleBatch(app.db, req.actor, req.body)),
  );

  r.get(
    '/transactions',
    {
      schema: {
        summary: 'One page of sales',
        tags,
        querystring: transactionListQuerySchema,
        response: { 200: transactionResponses.list },
      },
    },
    async (req) => okPage(await service.listSales(app.db, req.actor, req.query)),
  );

  r.get(
    '/transactions/export.csv',
    {
      schema: {
        summary: 'Sales as CSV or XLSX',
        tags,
        querystring: withExportFormat(transactionListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => {
      const { value } = await readReplica(app, reply, (db) => exportSales(db, req.actor, req.query));
      return sendExport(reply, req.query.format, value);
    },
  );

  // Registered before /transactions/:id; Fastify prefers the static segment anyway.
  r.get(
    '/transactions/analytics',
    {
      schema: {
        summary: 'Sales figures for a period',
        errors: [403],
        tags,
        querystring: transactionAnalyticsQuerySchema,
        response: { 200: transactionResponses.analytics },
      },
    },
    async (req, reply) => okFromReplica(app, reply, (db) => service.getAnalytics(db, req.actor, req.query)),
  );

  r.get(
    '/transactions/:id',
    {
      schema: {
        summary: 'One sale with its lines',
        errors: [409],
        tags,
        params: z.object({ id: idSchema }),
        querystring: saleByIdQuerySchema,
        response: { 200: transactionResponses.sale },
      },
    },
    async (req) => ok(await service.getSale(app.db, req.actor, req.params.id, req.query)),
  );
}
