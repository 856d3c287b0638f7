/**
 * Writes the OpenAPI description (what /api/docs/json serves) to a file, for the linter (scripts/openapi.mjs):
 * `tsx apps/server/src/export-openapi.ts <file>`. It builds the app without listening and without a
 * database: the description depends on the routes alone, and building them reads no row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import type { Database, Db } from './db/client';
import { readEnv } from './env';

const out = process.argv[2];
if (!out) {
  console.error('usage: export-openapi.ts <file>');
  process.exit(2);
}

// Fastify's decorate looks for getter/setter on what it is given; anything else is a query.
const noDatabase = new Proxy({} as Db, {
  get: (_target, key) => {
    if (typeof key === 'symbol' || key === 'getter' || key === 'setter' || key === 'then') return undefined;
    throw new Error(`the OpenAPI export reads no database (db.${key} was asked for)`);
  },
});
const database: Database = { db: noDatabase, engine: 'postgresql', close: async () => {} };
const app = await buildApp({
  env: readEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
  database,
  jwtSecret: 'openapi-export-builds-no-token-so-any-secret-will-do',
  logger: false,
});
await app.ready();
fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
