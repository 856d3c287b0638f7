import { healthResponses } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase, withTimeout } from '../../db/client';

/** How long the health check waits for each database: a load balancer's check must not hang. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * GET /health, for a load balancer's check: 200 while the primary answers a `select 1` within
 * HEALTH_TIMEOUT_MS, else 503; with a read replica, its reachability and lag beside (docs/architecture/database.md,
 * 'Reads from a replica'). Both databases are asked at once.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        summary: 'Whether the server and its database (and its read replica) answer',
        tags: ['health'],
        response: healthResponses,
      },
    },
    async (_req, reply) => {
      const database = app.database.engine;
      const [primary, replica] = await Promise.all([
        pingDatabase(app.db, HEALTH_TIMEOUT_MS).then(
          () => true,
          () => false,
        ),
        replicaHealth(app),
      ]);
      if (primary) return { success: true, status: 'ok', database, ...(replica && { replica }) } as const;
      reply.code(503);
      return {
        success: false,
        status: 'unavailable',
        database,
        code: 'DB_UNAVAILABLE',
        message: 'Database unavailable',
        ...(replica && { replica }),
      } as const;
    },
  );
}

async function replicaHealth(app: FastifyInstance) {
  const replica = app.database.replica;
  if (!replica) return undefined;
  try {
    const lag = await withTimeout(replica.lagSeconds(), HEALTH_TIMEOUT_MS);
    return { status: 'ok' as const, lagSeconds: lag === null ? null : Math.round(lag * 1000) / 1000 };
  } catch {
    return { status: 'unavailable' as const, lagSeconds: null };
  }
}
