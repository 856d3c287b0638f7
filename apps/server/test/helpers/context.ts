import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import { ensureRoles } from '../../src/db/seed/bootstrap';
import { readEnv } from '../../src/env';

export type TestContext = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/**
 * A real server on a real, empty database: PostgreSQL when TEST_DATABASE_URL is set (a fresh database
 * per call, dropped on close), else in-memory PGlite. Requests go through app.inject. A DATABASE_URL
 * among the overrides is used as it is (a cluster the test made itself; DATABASE_READ_URL its replica).
 */
export async function createTestContext(
  envOverrides: Record<string, string> = {},
  { onRoute, salesRollup, fiscalOutbox }: Pick<AppOptions, 'onRoute' | 'salesRollup' | 'fiscalOutbox'> = {},
): Promise<TestContext> {
  const adminUrl = envOverrides.DATABASE_URL ? undefined : process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `pos_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_MAX_PER_IP: '10000',
    LOGIN_RATE_MAX_PER_USERNAME: '10000',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...envOverrides,
  });
  // PGlite: from the migrated template of the suite's global setup (pglite-template.ts).
  const template = env.DATABASE_URL ? '' : inject('pgliteTemplate');
  const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
  // The database is dropped WITH (FORCE) on close: its connections being cut then is expected.
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    migrationUrl: env.DATABASE_MIGRATION_URL,
    readUrl: env.DATABASE_READ_URL,
    transactionPooler: env.DATABASE_TRANSACTION_POOLER,
    poolMax: env.DATABASE_POOL_MAX,
    onIdleError: () => {},
    loadDataDir,
  });
  await ensureRoles(database.db);
  const app = await buildApp({
    env,
    database,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!',
    logger: false,
    onRoute,
    salesRollup,
    fiscalOutbox,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export const engineName = () => (process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite');
