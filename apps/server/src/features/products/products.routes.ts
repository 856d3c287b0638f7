import {
  cashierProductResponses,
  createProductSchema,
  idSchema,
  PRODUCT_MSG,
  productListQuerySchema,
  productResponses,
  updateProductSchema,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { hideCostUnlessAllowed, ok, okPage } from '../../lib/http';
import * as service from './products.service';
import { exportProducts } from './products-export.service';

const params = z.object({ id: idSchema });

export async function productsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];

  // The server's own time for the request (auth included), for the search benchmark and browser dev tools.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  });

  const listDescription = [
    "One page of the branch's live products. search matches name or SKU (case-insensitive substring):",
    'the exact SKU first, then names that start with the term, then the rest, by name. sku is a scanned',
    "code: the exact SKU (case-insensitive) or one of the variant's barcodes.",
    'meta.total is exact up to a cap, the first multiple of 500 above page * limit (500 for the first',
    'pages). Past the cap counting stops: meta.total is the cap, meta.totalCapped is true (there are more',
    'than meta.total) and meta.totalPages, total / limit rounded up, always reaches the next page; a later',
    'page counts further. Below the cap meta is { total, page, limit, totalPages } as for every list.',
  ].join(' ');

  // The service leaves cost out for users without view_cost; their answers are also serialized through
  // the cashier variants, which have no cost field (docs/architecture/requests.md, 'Response contracts').
  const costNote = ' cost only for users with view_cost (cashiers: the same answer without cost).';

  r.get(
    '/products',
    {
      schema: {
        summary: 'One page of products, searched or filtered',
        tags,
        description: listDescription + costNote,
        querystring: productListQuerySchema,
        response: { 200: productResponses.list },
      },
    },
    async (req, reply) => {
      const answer = okPage(await service.listProducts(app.db, req.actor, req.query));
      hideCostUnlessAllowed(req, reply, cashierProductResponses.list);
      return answer;
    },
  );

  r.get(
    '/products/export.csv',
    {
      schema: {
        summary: 'Products as CSV or XLSX',
        tags,
        description: 'The list as CSV or XLSX for the same filters (every page); the Cost column only with view_cost.',
        querystring: withExportFormat(productListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportProducts(app.db, req.actor, req.query)),
  );

  r.get(
    '/products/:id',
    {
      schema: { summary: 'One product', tags, description: costNote, params, response: { 200: productResponses.one } },
    },
    async (req, reply) => {
      const answer = ok(await service.getProduct(app.db, req.actor, req.params.id));
      hideCostUnlessAllowed(req, reply, cashierProductResponses.one);
      return answer;
    },
  );

  r.post(
    '/products',
    {
      schema: {
        summary: 'Add a product',
        errors: [409],
        tags,
        description: costNote,
        body: createProductSchema,
        response: { 201: productResponses.one },
      },
    },
    async (req, reply) => {
      const product = await service.createProduct(app.db, req.actor, req.body);
      reply.code(201);
      hideCostUnlessAllowed(req, reply, cashierProductResponses.one);
      return ok(product, { message: PRODUCT_MSG.created });
    },
  );

  r.patch(
    '/products/:id',
    {
      schema: {
        summary: 'Change a product',
        errors: [409],
        tags,
        description: costNote,
        params,
        body: updateProductSchema,
        response: { 200: productResponses.one },
      },
    },
    async (req, reply) => {
      const product = await service.updateProduct(app.db, req.actor, req.params.id, req.body);
      hideCostUnlessAllowed(req, reply, cashierProductResponses.one);
      return ok(product, { message: PRODUCT_MSG.updated });
    },
  );

  r.delete(
    '/products/:id',
    { schema: { summary: 'Delete a product', tags, params, response: { 200: productResponses.deleted } } },
    async (req) => ok(await service.deleteProduct(app.db, req.actor, req.params.id), { message: PRODUCT_MSG.deleted }),
  );
}
