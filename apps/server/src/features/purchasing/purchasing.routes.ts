import {
  countLineSchema,
  createPurchaseOrderSchema,
  createSupplierSchema,
  exportFormatQuerySchema,
  idSchema,
  PURCHASING_MSG,
  purchaseOrderListQuerySchema,
  purchaseOrderResponses,
  receivePurchaseOrderSchema,
  reorderSchema,
  startStockCountSchema,
  stockCountLinesQuerySchema,
  stockCountListQuerySchema,
  stockCountResponses,
  supplierListQuerySchema,
  supplierResponses,
  updatePurchaseOrderSchema,
  updateSupplierSchema,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import * as orders from './purchase-orders.service';
import { exportPurchaseOrders, exportStockCounts, exportSuppliers, exportVariances } from './purchasing-export.service';
import * as counts from './stock-counts.service';
import * as suppliers from './suppliers.service';

const params = z.object({ id: idSchema });

/** Suppliers, purchase orders and stock counts. */
export async function purchasingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- suppliers ----
  const st = ['suppliers'];
  r.get(
    '/suppliers',
    {
      schema: {
        summary: 'One page of suppliers',
        errors: [403],
        tags: st,
        querystring: supplierListQuerySchema,
        response: { 200: supplierResponses.list },
      },
    },
    async (req) => okPage(await suppliers.listSuppliers(app.db, req.actor, req.query)),
  );
  r.get(
    '/suppliers/export.csv',
    {
      schema: {
        summary: 'Suppliers as CSV or XLSX',
        errors: [403],
        tags: st,
        description: 'The list as CSV or XLSX for the same filters (every page).',
        querystring: withExportFormat(supplierListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportSuppliers(app.db, req.actor, req.query)),
  );
  r.post(
    '/suppliers',
    {
      schema: {
        summary: 'Add a supplier',
        errors: [403, 409],
        tags: st,
        body: createSupplierSchema,
        response: { 201: supplierResponses.one },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await suppliers.createSupplier(app.db, req.actor, req.body), { message: PURCHASING_MSG.supplierAdded });
    },
  );
  r.get(
    '/suppliers/:id',
    { schema: { summary: 'One supplier', errors: [403], tags: st, params, response: { 200: supplierResponses.one } } },
    async (req) => ok(await suppliers.getSupplier(app.db, req.actor, req.params.id)),
  );
  r.patch(
    '/suppliers/:id',
    {
      schema: {
        summary: 'Change a supplier',
        errors: [403, 409],
        tags: st,
        params,
        body: updateSupplierSchema,
        response: { 200: supplierResponses.one },
      },
    },
    async (req) =>
      ok(await suppliers.updateSupplier(app.db, req.actor, req.params.id, req.body), {
        message: PURCHASING_MSG.supplierUpdated,
      }),
  );
  r.delete(
    '/suppliers/:id',
    {
      schema: {
        summary: 'Delete a supplier',
        errors: [403],
        tags: st,
        params,
        response: { 200: supplierResponses.deleted },
      },
    },
    async (req) =>
      ok(await suppliers.deleteSupplier(app.db, req.actor, req.params.id), { message: PURCHASING_MSG.supplierDeleted }),
  );

  // ---- purchase orders ----
  const pt = ['purchase-orders'];
  const one = { 200: purchaseOrderResponses.one };
  r.get(
    '/purchase-orders',
    {
      schema: {
        summary: 'One page of purchase orders',
        errors: [403],
        tags: pt,
        querystring: purchaseOrderListQuerySchema,
        response: { 200: purchaseOrderResponses.list },
      },
    },
    async (req) => okPage(await orders.listPurchaseOrders(app.db, req.actor, req.query)),
  );
  r.get(
    '/purchase-orders/export.csv',
    {
      schema: {
        summary: 'Purchase orders as CSV or XLSX',
        errors: [403],
        tags: pt,
        description: 'The list as CSV or XLSX for the same filters (every page).',
        querystring: withExportFormat(purchaseOrderListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportPurchaseOrders(app.db, req.actor, req.query)),
  );
  r.post(
    '/purchase-orders',
    {
      schema: {
        summary: 'Draft a purchase order',
        errors: [403],
        tags: pt,
        body: createPurchaseOrderSchema,
        response: { 201: purchaseOrderResponses.one },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await orders.createPurchaseOrder(app.db, req.actor, req.body), { message: PURCHASING_MSG.saved });
    },
  );
  r.post(
    '/purchase-orders/reorder',
    {
      schema: {
        summary: 'Draft a purchase order of the low-stock products',
        errors: [403],
        tags: pt,
        body: reorderSchema,
        response: { 201: purchaseOrderResponses.one },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await orders.reorder(app.db, req.actor, req.body), { message: PURCHASING_MSG.saved });
    },
  );
  r.get(
    '/purchase-orders/:id',
    { schema: { summary: 'One purchase order with its lines', errors: [403], tags: pt, params, response: one } },
    async (req) => ok(await orders.getPurchaseOrder(app.db, req.actor, req.params.id)),
  );
  r.patch(
    '/purchase-orders/:id',
    {
      schema: {
        summary: 'Change a draft purchase order',
        errors: [403, 409],
        tags: pt,
        params,
        body: updatePurchaseOrderSchema,
        response: one,
      },
    },
    async (req) =>
      ok(await orders.updatePurchaseOrder(app.db, req.actor, req.params.id, req.body), {
        message: PURCHASING_MSG.saved,
      }),
  );
  r.post(
    '/purchase-orders/:id/order',
    { schema: { summary: 'Place a draft purchase order', errors: [403, 409], tags: pt, params, response: one } },
    async (req) => ok(await orders.placeOrder(app.db, req.actor, req.params.id), { message: PURCHASING_MSG.ordered }),
  );
  r.post(
    '/purchase-orders/:id/cancel',
    { schema: { summary: 'Cancel a purchase order', errors: [403, 409], tags: pt, params, response: one } },
    async (req) =>
      ok(await orders.cancelPurchaseOrder(app.db, req.actor, req.params.id), { message: PURCHASING_MSG.cancelled }),
  );
  r.post(
    '/purchase-orders/:id/receive',
    {
      schema: {
        summary: 'Receive goods of an ordered purchase order',
        errors: [403, 409],
        tags: pt,
        params,
        body: receivePurchaseOrderSchema,
        response: one,
      },
    },
    async (req) =>
      ok(await orders.receivePurchaseOrder(app.db, req.actor, req.params.id, req.body), {
        message: PURCHASING_MSG.received,
      }),
  );

  // ---- stock counts ----
  const ct = ['stock-counts'];
  r.get(
    '/stock-counts',
    {
      schema: {
        summary: 'One page of stock counts',
        errors: [403],
        tags: ct,
        querystring: stockCountListQuerySchema,
        response: { 200: stockCountResponses.list },
      },
    },
    async (req) => okPage(await counts.listCounts(app.db, req.actor, req.query)),
  );
  r.get(
    '/stock-counts/export.csv',
    {
      schema: {
        summary: 'Stock counts as CSV or XLSX',
        errors: [403],
        tags: ct,
        description: 'The list as CSV or XLSX for the same filter (every page).',
        querystring: withExportFormat(stockCountListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportStockCounts(app.db, req.actor, req.query)),
  );
  r.get(
    '/stock-counts/:id/variances/export.csv',
    {
      schema: {
        summary: "A stock count's variances as CSV",
        errors: [403],
        tags: ct,
        description: "The count's review sheet as CSV or XLSX (value at cost only with view_cost).",
        params,
        querystring: exportFormatQuerySchema,
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportVariances(app.db, req.actor, req.params.id)),
  );
  r.post(
    '/stock-counts',
    {
      schema: {
        summary: 'Start a stock count',
        errors: [403],
        tags: ct,
        body: startStockCountSchema,
        response: { 201: stockCountResponses.one },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await counts.startCount(app.db, req.actor, req.body), { message: PURCHASING_MSG.countStarted });
    },
  );
  r.get(
    '/stock-counts/:id',
    {
      schema: {
        summary: 'One stock count',
        errors: [403],
        tags: ct,
        params,
        response: { 200: stockCountResponses.one },
      },
    },
    async (req) => ok(await counts.getCount(app.db, req.actor, req.params.id)),
  );
  r.get(
    '/stock-counts/:id/lines',
    {
      schema: {
        summary: "One page of a stock count's counted lines",
        errors: [403],
        tags: ct,
        params,
        querystring: stockCountLinesQuerySchema,
        response: { 200: stockCountResponses.lines },
      },
    },
    async (req) => okPage(await counts.listLines(app.db, req.actor, req.params.id, req.query)),
  );
  r.post(
    '/stock-counts/:id/lines',
    {
      schema: {
        summary: "Enter a product's count",
        errors: [403, 409],
        tags: ct,
        params,
        body: countLineSchema,
        response: { 200: stockCountResponses.line },
      },
    },
    async (req) => ok(await counts.enterLine(app.db, req.actor, req.params.id, req.body)),
  );
  r.get(
    '/stock-counts/:id/variances',
    {
      schema: {
        summary: "One page of a stock count's variances",
        errors: [403],
        tags: ct,
        params,
        querystring: stockCountLinesQuerySchema,
        response: { 200: stockCountResponses.variances },
      },
    },
    async (req) => okPage(await counts.listVariances(app.db, req.actor, req.params.id, req.query)),
  );
  r.post(
    '/stock-counts/:id/apply',
    {
      schema: {
        summary: "Apply a stock count's variances to stock",
        errors: [403, 409],
        tags: ct,
        params,
        response: { 200: stockCountResponses.applied },
      },
    },
    async (req) =>
      ok(await counts.applyCount(app.db, req.actor, req.params.id), { message: PURCHASING_MSG.countApplied }),
  );
  r.post(
    '/stock-counts/:id/cancel',
    {
      schema: {
        summary: 'Cancel an open stock count',
        errors: [403, 409],
        tags: ct,
        params,
        response: { 200: stockCountResponses.one },
      },
    },
    async (req) =>
      ok(await counts.cancelCount(app.db, req.actor, req.params.id), { message: PURCHASING_MSG.countCancelled }),
  );
}
