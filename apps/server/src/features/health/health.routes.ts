import { healthResponses } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: { summary: 'Whether the server and its database answer', tags: ['health'], response: healthResponses },
    },
    async (_req, reply) => {
      try {
        await pingDatabase(app.db);
        return { success: true, status: 'ok', database: app.database.engine } as const;
      } catch {
        reply.code(503);
        return {
          success: false,
          status: 'unavailable',
          database: app.database.engine,
          code: 'DB_UNAVAILABLE',
          message: 'Database unavailable',
        } as const;
      }
    },
  );
}
