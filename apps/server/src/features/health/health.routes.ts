import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/client';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { tags: ['health'] } }, async (_req, reply) => {
    try {
      await pingDatabase(app.db);
      return { success: true, status: 'ok', database: app.database.engine };
    } catch {
      reply.code(503);
      return {
        success: false,
        status: 'unavailable',
        database: app.database.engine,
        code: 'DB_UNAVAILABLE',
        message: 'Database unavailable',
      };
    }
  });
}
