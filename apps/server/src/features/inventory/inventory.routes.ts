import {
  cashierInventoryResponses,
  inventoryMovementsQuerySchema,
  inventoryResponses,
  inventoryStockQuerySchema,
  stockAdjustmentSchema,
  withExportFormat,
  writeOffResponses,
  writeOffSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportResponse, sendExport } from '../../lib/export';
import { hideCostUnlessAllowed, ok, okPage } from '../../lib/http';
import * as service from './inventory.service';
import { exportMovements, exportStock } from './inventory-export.service';

export async function inventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];

  // CSV twins of the two lists (the same filters; Cost and Stock value only with view_cost).
  r.get(
    '/inventory/stock/export.csv',
    {
      schema: {
        summary: 'Stock levels as CSV or XLSX',
        tags,
        querystring: withExportFormat(inventoryStockQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportStock(app.db, req.actor, req.query)),
  );
  r.get(
    '/inventory/movements/export.csv',
    {
      schema: {
        summary: 'Stock movements as CSV or XLSX',
        tags,
        querystring: withExportFormat(inventoryMovementsQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportMovements(app.db, req.actor, req.query)),
  );

  r.get(
    '/inventory/stock',
    {
      schema: {
        summary: 'One page of stock levels',
        tags,
        description:
          "One page of the branch's live products by name with their stock level (low <= lowStockThreshold, out = 0, over >= maxStock, else normal). cost and stockValue only with view_cost.",
        querystring: inventoryStockQuerySchema,
        response: { 200: inventoryResponses.stock },
      },
    },
    async (req, reply) => {
      const answer = okPage(await service.listStock(app.db, req.actor, req.query));
      hideCostUnlessAllowed(req, reply, cashierInventoryResponses.stock);
      return answer;
    },
  );

  r.get(
    '/inventory/movements',
    {
      schema: {
        summary: 'One page of stock movements',
        tags,
        description:
          "The branch's stock movements, newest first. startDate/endDate: yyyy-mm-dd in the branch's time zone, inclusive.",
        querystring: inventoryMovementsQuerySchema,
        response: { 200: inventoryResponses.movements },
      },
    },
    async (req) => okPage(await service.listMovements(app.db, req.actor, req.query)),
  );

  r.post(
    '/inventory/adjustments',
    {
      schema: {
        summary: "Set a product's counted stock",
        errors: [403],
        tags,
        body: stockAdjustmentSchema,
        response: { 200: inventoryResponses.adjusted },
      },
    },
    async (req, reply) => {
      const { result, message } = await service.adjustStock(app.db, req.actor, req.body);
      hideCostUnlessAllowed(req, reply, cashierInventoryResponses.adjusted);
      return ok(result, { message });
    },
  );

  r.post(
    '/inventory/write-offs',
    {
      schema: {
        summary: 'Write off damaged, expired or lost stock',
        errors: [403, 409],
        tags,
        description:
          'Damaged or expired units leave stock (a damage or expiry movement with the reason); never below 0.',
        body: writeOffSchema,
        response: { 201: writeOffResponses.created },
      },
    },
    async (req, reply) => {
      const { result, message } = await service.writeOff(app.db, req.actor, req.body);
      reply.code(201);
      return ok(result, { message });
    },
  );
}
