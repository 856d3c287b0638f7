import { inventoryMovementsQuerySchema, inventoryStockQuerySchema, stockAdjustmentSchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import * as service from './inventory.service';

export async function inventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];

  r.get(
    '/inventory/stock',
    {
      schema: {
        tags,
        description:
          "One page of the branch's live products by name with their stock level (low <= lowStockThreshold, out = 0, over >= maxStock, else normal). cost and stockValue only with view_cost.",
        querystring: inventoryStockQuerySchema,
      },
    },
    async (req) => {
      const { items, meta } = await service.listStock(app.db, req.actor, req.query);
      return ok(items, { meta });
    },
  );

  r.get(
    '/inventory/movements',
    {
      schema: {
        tags,
        description:
          "The branch's stock movements, newest first. startDate/endDate: yyyy-mm-dd in the branch's time zone, inclusive.",
        querystring: inventoryMovementsQuerySchema,
      },
    },
    async (req) => {
      const { items, meta } = await service.listMovements(app.db, req.actor, req.query);
      return ok(items, { meta });
    },
  );

  r.post('/inventory/adjustments', { schema: { tags, body: stockAdjustmentSchema } }, async (req) => {
    const { result, message } = await service.adjustStock(app.db, req.actor, req.body);
    return ok(result, { message });
  });
}
