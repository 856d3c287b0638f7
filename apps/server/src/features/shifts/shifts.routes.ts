import {
  cashMovementSchema,
  closeShiftSchema,
  currentShiftQuerySchema,
  idSchema,
  openShiftSchema,
  shiftListQuerySchema,
  shiftResponses,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import * as service from './shifts.service';
import { exportShifts } from './shifts-export.service';

/** Shifts and the cash drawer (docs/architecture/shifts.md). */
export async function shiftsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shifts'];
  const params = z.object({ id: idSchema });

  r.post(
    '/shifts',
    {
      schema: {
        summary: 'Open a shift at a register with its float',
        errors: [409],
        tags,
        body: openShiftSchema,
        response: { 201: shiftResponses.open },
      },
    },
    async (req, reply) => {
      const shift = await service.openShift(app.db, req.actor, req.body);
      reply.code(201);
      return ok(shift, { message: 'Shift opened' });
    },
  );

  r.get(
    '/shifts/current',
    {
      schema: {
        summary: "A register's open shift",
        tags,
        querystring: currentShiftQuerySchema,
        response: { 200: shiftResponses.current },
      },
    },
    async (req) => ok(await service.currentShift(app.db, req.actor, req.query.registerId)),
  );

  r.get(
    '/shifts/export.csv',
    {
      schema: {
        summary: 'Shifts as CSV or XLSX',
        errors: [403],
        tags,
        querystring: withExportFormat(shiftListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportShifts(app.db, req.actor, req.query)),
  );

  r.get(
    '/shifts',
    {
      schema: {
        summary: 'One page of shifts',
        errors: [403],
        tags,
        querystring: shiftListQuerySchema,
        response: { 200: shiftResponses.list },
      },
    },
    async (req) => okPage(await service.listShifts(app.db, req.actor, req.query)),
  );

  r.get(
    '/shifts/:id/report',
    {
      schema: {
        summary: "A shift's X report (or Z report once closed)",
        tags,
        params,
        response: { 200: shiftResponses.report },
      },
    },
    async (req) => ok(await service.getReport(app.db, req.actor, req.params.id)),
  );

  r.post(
    '/shifts/:id/cash-movements',
    {
      schema: {
        summary: 'Pay cash into or out of the drawer',
        errors: [403, 409],
        tags,
        params,
        body: cashMovementSchema,
        response: { 201: shiftResponses.movement },
      },
    },
    async (req, reply) => {
      const movement = await service.addCashMovement(app.db, req.actor, req.params.id, req.body);
      reply.code(201);
      return ok(movement);
    },
  );

  r.post(
    '/shifts/:id/no-sale',
    {
      schema: {
        summary: 'Record a drawer opening without a sale',
        errors: [403, 409],
        tags,
        params,
        response: { 201: shiftResponses.noSale },
      },
    },
    async (req, reply) => {
      const noSale = await service.recordNoSale(app.db, req.actor, req.params.id);
      reply.code(201);
      return ok(noSale, { message: 'Drawer opened' });
    },
  );

  r.post(
    '/shifts/:id/close',
    {
      schema: {
        summary: 'Close a shift by blind count (the Z report)',
        errors: [403, 409],
        tags,
        params,
        body: closeShiftSchema,
        response: { 200: shiftResponses.close },
      },
    },
    async (req) =>
      ok(await service.closeShift(app.db, req.actor, req.params.id, req.body), { message: 'Shift closed' }),
  );
}
