import { inventoryFlagsQuerySchema, inventoryFlagsResponses } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okPage } from '../../lib/http';
import * as service from './inventory-flags.service';

export async function inventoryFlagsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/inventory/flags',
    {
      schema: {
        summary: 'Sale lines flagged for stock review',
        errors: [403],
        tags: ['inventory'],
        querystring: inventoryFlagsQuerySchema,
        response: { 200: inventoryFlagsResponses.list },
      },
    },
    async (req) => okPage(await service.listFlaggedLines(app.db, req.actor, req.query)),
  );
}
