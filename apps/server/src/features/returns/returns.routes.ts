import {
  createReturnSchema,
  idSchema,
  RETURNS_MSG,
  returnAnalyticsQuerySchema,
  returnListQuerySchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './returns.service';

export async function returnsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['returns'];

  r.post('/returns', { schema: { tags, body: createReturnSchema } }, async (req, reply) => {
    const created = await service.createReturn(app.db, req.actor, req.body);
    reply.code(201);
    return ok(created, { message: RETURNS_MSG.processed });
  });

  r.get('/returns', { schema: { tags, querystring: returnListQuerySchema } }, async (req) => {
    const { items, meta } = await service.listReturns(app.db, req.actor, req.query);
    return ok(items, { meta });
  });

  r.get('/returns/analytics', { schema: { tags, querystring: returnAnalyticsQuerySchema } }, async (req) =>
    ok(await service.getAnalytics(app.db, req.actor, req.query)),
  );

  r.get('/returns/:id', { schema: { tags, params: z.object({ id: idSchema }) } }, async (req) =>
    ok(await service.getReturn(app.db, req.actor, req.params.id)),
  );
}
