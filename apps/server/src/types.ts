import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { Actor } from './lib/access';
import type { ErrorStatus } from './lib/openapi';
import type { TokenService } from './lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    tokens: TokenService;
  }
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifySchema {
    /**
     * The error answers that follow from what the route's service does (403 for a role that may not,
     * 409 for a conflict, ...); the ones that follow from the route's shape are added without it
     * (lib/openapi.ts, derivedErrorStatuses).
     */
    errors?: readonly ErrorStatus[];
  }
}
