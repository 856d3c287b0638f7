import {
  CATEGORY_MSG,
  categoryListQuerySchema,
  categoryResponses,
  createCategorySchema,
  idSchema,
  updateCategorySchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okPage } from '../../lib/http';
import * as service from './categories.service';

const params = z.object({ id: idSchema });
export async function categoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['categories'];

  r.get(
    '/categories',
    {
      schema: {
        summary: 'One page of categories',
        tags,
        querystring: categoryListQuerySchema,
        response: { 200: categoryResponses.list },
      },
    },
    async (req) => {
      return okPage(await service.listCategories(app.db, req.actor, req.query));
    },
  );

  r.post(
    '/categories',
    {
      schema: { summary: 'Add a category', tags, body: createCategorySchema, response: { 201: categoryResponses.one } },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.createCategory(app.db, req.actor, req.body), { message: CATEGORY_MSG.created });
    },
  );

  r.patch(
    '/categories/:id',
    {
      schema: {
        summary: 'Change a category',
        tags,
        params,
        body: updateCategorySchema,
        response: { 200: categoryResponses.one },
      },
    },
    async (req) =>
      ok(await service.updateCategory(app.db, req.actor, req.params.id, req.body), { message: CATEGORY_MSG.updated }),
  );

  // What a delete would touch, for the dialog: { products, subcategories }.
  r.get(
    '/categories/:id/usage',
    {
      schema: {
        summary: 'What deleting a category would touch',
        tags,
        params,
        response: { 200: categoryResponses.usage },
      },
    },
    async (req) => ok(await service.categoryUsage(app.db, req.actor, req.params.id)),
  );

  r.delete(
    '/categories/:id',
    { schema: { summary: 'Delete a category', tags, params, response: { 200: categoryResponses.deleted } } },
    async (req) =>
      ok(await service.deleteCategory(app.db, req.actor, req.params.id), { message: CATEGORY_MSG.deleted }),
  );
}
