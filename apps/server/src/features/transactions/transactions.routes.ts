import { createSaleSchema, idSchema, transactionAnalyticsQuerySchema, transactionListQuerySchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './transactions.service';

const idempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(8, 'Invalid Idempotency-Key').max(200, 'Invalid Idempotency-Key').optional(),
});

export async function transactionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];

  r.post(
    '/transactions',
    { schema: { tags, body: createSaleSchema, headers: idempotencyHeaders } },
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

  r.get('/transactions', { schema: { tags, querystring: transactionListQuerySchema } }, async (req) => {
    const { items, meta } = await service.listSales(app.db, req.actor, req.query);
    return ok(items, { meta });
  });

  // Registered before /transactions/:id; Fastify prefers the static segment anyway.
  r.get('/transactions/analytics', { schema: { tags, querystring: transactionAnalyticsQuerySchema } }, async (req) =>
    ok(await service.getAnalytics(app.db, req.actor, req.query)),
  );

  r.get('/transactions/:id', { schema: { tags, params: z.object({ id: idSchema }) } }, async (req) =>
    ok(await service.getSale(app.db, req.actor, req.params.id)),
  );
}
