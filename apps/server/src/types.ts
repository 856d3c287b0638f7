import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { Actor } from './lib/access';
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
}
