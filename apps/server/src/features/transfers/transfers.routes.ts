import {
  closeTransferSchema,
  createTransferSchema,
  receiveTransferSchema,
  transferIdParamsSchema,
  transferListQuerySchema,
  transferResponses,
  updateTransferSchema,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import * as service from './transfers.service';

/** Transfers between branches of one company (docs/architecture/stock.md, "Transfers"). */
export async function transfersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transfers'];
  const params = transferIdParamsSchema;
  const detail = { 200: transferResponses.detail };

  r.get(
    '/transfers',
    {
      schema: {
        summary: 'One page of transfers',
        tags,
        description:
          "One page of a branch's transfers, newest first: incoming (to it, once sent), outgoing (from it), or both.",
        querystring: transferListQuerySchema,
        response: { 200: transferResponses.list },
      },
    },
    async (req) => okPage(await service.listTransfers(app.db, req.actor, req.query)),
  );

  r.get(
    '/transfers/export.csv',
    {
      schema: {
        summary: 'Transfers as CSV or XLSX',
        tags,
        querystring: withExportFormat(transferListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) =>
      sendExport(reply, req.query.format, await service.exportTransfers(app.db, req.actor, req.query)),
  );

  r.post(
    '/transfers',
    {
      schema: {
        summary: 'Draft a stock transfer to another branch',
        errors: [403],
        tags,
        body: createTransferSchema,
        response: { 201: transferResponses.detail },
      },
    },
    async (req, reply) => {
      const created = await service.createTransfer(app.db, req.actor, req.body);
      reply.code(201);
      return ok(created, { message: `Transfer ${created.number} saved as a draft` });
    },
  );

  r.get(
    '/transfers/:id',
    { schema: { summary: 'One transfer with its lines', tags, params, response: detail } },
    async (req) => ok(await service.getTransfer(app.db, req.actor, req.params.id)),
  );

  r.put(
    '/transfers/:id',
    {
      schema: {
        summary: 'Change a draft transfer',
        errors: [403, 409],
        tags,
        params,
        body: updateTransferSchema,
        response: detail,
      },
    },
    async (req) => ok(await service.updateTransfer(app.db, req.actor, req.params.id, req.body)),
  );

  r.post(
    '/transfers/:id/send',
    { schema: { summary: 'Send a draft transfer (stock leaves)', errors: [403, 409], tags, params, response: detail } },
    async (req) => {
      const sent = await service.sendTransfer(app.db, req.actor, req.params.id);
      return ok(sent, { message: `Transfer ${sent.number} sent` });
    },
  );

  r.post(
    '/transfers/:id/cancel',
    { schema: { summary: 'Cancel a draft transfer', errors: [403, 409], tags, params, response: detail } },
    async (req) => {
      const cancelled = await service.cancelTransfer(app.db, req.actor, req.params.id);
      return ok(cancelled, { message: `Transfer ${cancelled.number} cancelled` });
    },
  );

  r.post(
    '/transfers/:id/receive',
    {
      schema: {
        summary: 'Receive units of a transfer in transit',
        errors: [403, 409],
        tags,
        params,
        body: receiveTransferSchema,
        response: detail,
      },
    },
    async (req) => {
      const received = await service.receiveTransfer(app.db, req.actor, req.params.id, req.body);
      return ok(received, {
        message: received.status === 'received' ? `Transfer ${received.number} received` : 'Receipt recorded',
      });
    },
  );

  r.post(
    '/transfers/:id/close',
    {
      schema: {
        summary: 'Close a transfer with units still open',
        errors: [403, 409],
        tags,
        params,
        body: closeTransferSchema,
        response: detail,
      },
    },
    async (req) => {
      const closed = await service.closeTransfer(app.db, req.actor, req.params.id, req.body);
      return ok(closed, { message: `Transfer ${closed.number} closed` });
    },
  );
}
