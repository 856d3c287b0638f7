import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { FiscalConfig } from './features/fiscal/fiscal-outbox';
import type { Actor } from './lib/access';
import type { ErrorStatus } from './lib/openapi';
import type { TokenService } from './lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    tokens: TokenService;
    /** The fiscal outbox's configuration (features/fiscal): endpoints, timeouts, the tokens' sealing. */
    fiscal: FiscalConfig;
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
