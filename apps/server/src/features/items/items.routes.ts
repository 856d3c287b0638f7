import {
  addBarcodeSchema,
  BARCODE_MSG,
  barcodeResponses,
  chainPriceChangeSchema,
  createItemSchema,
  ITEM_MSG,
  idSchema,
  itemListQuerySchema,
  itemResponses,
  setListingSchema,
  updateItemSchema,
  updateVariantSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okPage } from '../../lib/http';
import * as service from './items.service';

const params = z.object({ id: idSchema });
const listingParams = z.object({ id: idSchema, branchId: idSchema });

/** The company's catalogue: items, variants and their branch listings (docs/architecture/catalogue.md). */
export async function itemsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['items'];

  r.get(
    '/items',
    {
      schema: {
        summary: "One page of the company's items",
        description: 'By name; search matches the name or any variant SKU.',
        errors: [403],
        tags,
        querystring: itemListQuerySchema,
        response: { 200: itemResponses.list },
      },
    },
    async (req) => okPage(await service.listItems(app.db, req.actor, req.query)),
  );

  r.get(
    '/items/:id',
    {
      schema: {
        summary: 'One item with its variants and their listings',
        errors: [403],
        tags,
        params,
        response: { 200: itemResponses.one },
      },
    },
    async (req) => ok(await service.getItem(app.db, req.actor, req.params.id)),
  );

  r.post(
    '/items',
    {
      schema: {
        summary: 'Add an item with its variants',
        description:
          'Without variants, one per combination of the options (the matrix), at price and cost; branchIds list every new variant there.',
        errors: [403, 409],
        tags,
        body: createItemSchema,
        response: { 201: itemResponses.one },
      },
    },
    async (req, reply) => {
      const item = await service.createItem(app.db, req.actor, req.body);
      reply.code(201);
      return ok(item, { message: ITEM_MSG.created });
    },
  );

  r.patch(
    '/items/:id',
    {
      schema: {
        summary: 'Change an item',
        description: 'A new name renames its variants; every listing shows the change.',
        errors: [403],
        tags,
        params,
        body: updateItemSchema,
        response: { 200: itemResponses.one },
      },
    },
    async (req) =>
      ok(await service.updateItem(app.db, req.actor, req.params.id, req.body), { message: ITEM_MSG.updated }),
  );

  r.patch(
    '/variants/:id',
    {
      schema: {
        summary: 'Change a variant: SKU, cost, chain price',
        description: 'A new chain price reaches every branch listing it without an override.',
        errors: [403, 409],
        tags,
        params,
        body: updateVariantSchema,
        response: { 200: itemResponses.variant },
      },
    },
    async (req) =>
      ok(await service.updateVariant(app.db, req.actor, req.params.id, req.body), { message: ITEM_MSG.variantUpdated }),
  );

  r.post(
    '/variants/prices',
    {
      // 20,000 changes are about 1.3 MB of JSON: above the app's 1 MB, well below this.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        summary: 'Change the chain prices of many variants at once',
        description: 'One transaction and one audit row; every listing without an override follows.',
        errors: [403],
        tags,
        body: chainPriceChangeSchema,
        response: { 200: itemResponses.prices },
      },
    },
    async (req) =>
      ok(await service.changeChainPrices(app.db, req.actor, req.body), { message: ITEM_MSG.pricesChanged }),
  );

  r.post(
    '/variants/:id/barcodes',
    {
      schema: {
        summary: 'Add a barcode to a variant',
        description:
          "EAN-13 and UPC-A must carry the right check digit; kind omitted: 13 digits EAN-13, 12 UPC-A, else Code 128. Unique in the company and never another variant's SKU (409).",
        errors: [403, 409],
        tags,
        params,
        body: addBarcodeSchema,
        response: { 201: barcodeResponses.one },
      },
    },
    async (req, reply) => {
      const barcode = await service.addBarcode(app.db, req.actor, req.params.id, req.body);
      reply.code(201);
      return ok(barcode, { message: BARCODE_MSG.added });
    },
  );

  r.delete(
    '/barcodes/:id',
    {
      schema: {
        summary: 'Remove a barcode',
        errors: [403],
        tags,
        params,
        response: { 200: barcodeResponses.removed },
      },
    },
    async (req) => ok(await service.removeBarcode(app.db, req.actor, req.params.id), { message: BARCODE_MSG.removed }),
  );

  r.put(
    '/variants/:id/listings/:branchId',
    {
      schema: {
        summary: 'List a variant in a branch, or change its listing',
        description:
          "price null sells at the chain price; a number is the branch's override. A new listing starts at stock 0.",
        errors: [403, 409],
        tags,
        params: listingParams,
        body: setListingSchema,
        response: { 200: itemResponses.listing },
      },
    },
    async (req) =>
      ok(
        await service.setListing(
          app.db,
          req.actor,
          { variantId: req.params.id, branchId: req.params.branchId },
          req.body,
        ),
        { message: ITEM_MSG.listed },
      ),
  );
}
