import {
  exceptionListQuerySchema,
  exceptionResponses,
  exceptionSaleParamsSchema,
  resolveExceptionSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okPage } from '../../lib/http';
import * as service from './exceptions.service';

/** Exceptions: flagged offline sales for a manager's review (docs/architecture/register-trust.md). */
export async function exceptionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exceptions'];

  r.get(
    '/exceptions',
    {
      schema: {
        summary: 'One page of offline sales to review',
        errors: [403],
        tags,
        querystring: exceptionListQuerySchema,
        response: { 200: exceptionResponses.list },
      },
    },
    async (req) => okPage(await service.listExceptions(app.db, req.actor, req.query)),
  );

  r.post(
    '/exceptions/:saleId/resolve',
    {
      schema: {
        summary: 'Mark an offline sale reviewed',
        errors: [403, 409],
        tags,
        params: exceptionSaleParamsSchema,
        body: resolveExceptionSchema,
        response: { 200: exceptionResponses.one },
      },
    },
    async (req) =>
      ok(
        await service.resolveException(app.db, req.actor, {
          saleId: req.params.saleId,
          branchId: req.body.branchId,
          note: req.body.note,
        }),
      ),
  );
}
