import { customerPhoneLookupParamsSchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import * as service from './customers.service';

export async function customersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  r.get(
    '/customers/branch/:branchId/phone/:phone',
    { schema: { tags, params: customerPhoneLookupParamsSchema } },
    async (req) => ok(await service.findByPhone(app.db, req.actor, req.params)),
  );
}
