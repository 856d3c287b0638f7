import { dashboardQuerySchema, dashboardResponses, shiftDashboardResponse } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import { okFromReplica } from '../../lib/read-replica';
import * as service from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  const querystring = dashboardQuerySchema;

  r.get(
    '/dashboard/sales-summary',
    {
      schema: {
        summary: "The dashboard's sales figures",
        errors: [403],
        tags,
        querystring,
        response: { 200: dashboardResponses.salesSummary },
      },
    },
    async (req, reply) => okFromReplica(app, reply, (db) => service.salesSummary(db, req.actor, req.query)),
  );
  r.get(
    '/dashboard/inventory-summary',
    {
      schema: {
        summary: "The dashboard's stock figures",
        tags,
        querystring,
        response: { 200: dashboardResponses.inventorySummary },
      },
    },
    async (req) => ok(await service.inventorySummary(app.db, req.actor, req.query)),
  );
  r.get(
    '/dashboard/returns-summary',
    {
      schema: {
        summary: "The dashboard's return figures",
        errors: [403],
        tags,
        querystring,
        response: { 200: dashboardResponses.returnsSummary },
      },
    },
    async (req, reply) => okFromReplica(app, reply, (db) => service.returnsSummary(db, req.actor, req.query)),
  );
  r.get(
    '/dashboard/shifts-summary',
    {
      schema: {
        summary: "The dashboard's shift figures",
        errors: [403],
        tags,
        querystring,
        response: { 200: shiftDashboardResponse },
      },
    },
    async (req) => ok(await service.shiftsSummary(app.db, req.actor, req.query)),
  );
  r.get(
    '/dashboard/recent-transactions',
    {
      schema: {
        summary: 'The latest sales',
        tags,
        querystring,
        response: { 200: dashboardResponses.recentTransactions },
      },
    },
    async (req) => ok(await service.recentTransactions(app.db, req.actor, req.query)),
  );
}
