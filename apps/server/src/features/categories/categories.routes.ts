import {
  CATEGORY_MSG,
  categoryListQuerySchema,
  createCategorySchema,
  idSchema,
  updateCategorySchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './categories.service';

const params = z.object({ id: idSchema });
const usageResponse = z.object({
  success: z.literal(true),
  data: z.object({ products: z.number().int(), subcategories: z.number().int() }),
});

export async function categoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['categories'];

  r.get('/categories', { schema: { tags, querystring: categoryListQuerySchema } }, async (req) => {
    const { items, meta } = await service.listCategories(app.db, req.actor, req.query);
    return ok(items, { meta });
  });

  r.post('/categories', { schema: { tags, body: createCategorySchema } }, async (req, reply) => {
    reply.code(201);
    return ok(await service.createCategory(app.db, req.actor, req.body), { message: CATEGORY_MSG.created });
  });

  r.patch('/categories/:id', { schema: { tags, params, body: updateCategorySchema } }, async (req) =>
    ok(await service.updateCategory(app.db, req.actor, req.params.id, req.body), { message: CATEGORY_MSG.updated }),
  );

  // What a delete would touch, for the dialog: { products, subcategories }.
  r.get('/categories/:id/usage', { schema: { tags, params, response: { 200: usageResponse } } }, async (req) =>
    ok(await service.categoryUsage(app.db, req.actor, req.params.id)),
  );

  r.delete('/categories/:id', { schema: { tags, params } }, async (req) =>
    ok(await service.deleteCategory(app.db, req.actor, req.params.id), { message: CATEGORY_MSG.deleted }),
  );
}
