import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase, queryRows } from '../../src/db/client';
import { auditLogs } from '../../src/db/schema';
import { ensureRoles } from '../../src/db/seed/bootstrap';
import { readEnv } from '../../src/env';
import { createTenant, login, request } from '../helpers/factories';

// Two roles on one PostgreSQL database: the owner migrates (DATABASE_MIGRATION_URL), the server works as
// a role without DDL rights and without UPDATE/DELETE on audit_logs (DATABASE_URL). Only then is the
// audit log append-only for the server: the owner can switch the triggers of migration 0014 off.
const adminUrl = process.env.TEST_DATABASE_URL;

const urlFor = (user: string, database: string) => {
  const url = new URL(adminUrl ?? 'postgres://localhost');
  url.username = user;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
};

/** The error a statement fails with (code and message), or undefined when it succeeds. */
async function failure(client: pg.Client, statement: string): Promise<{ code?: string; message: string } | undefined> {
  try {
    await client.query(statement);
    return undefined;
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
}

describe('readEnv', () => {
  it('takes DATABASE_MIGRATION_URL only with DATABASE_URL (the role the server works as)', () => {
    expect(() => readEnv({ DATABASE_MIGRATION_URL: 'postgres://owner@localhost/pos' })).toThrow(
      /DATABASE_MIGRATION_URL: needs DATABASE_URL/,
    );
    const env = readEnv({
      DATABASE_URL: 'postgres://app@localhost/pos',
      DATABASE_MIGRATION_URL: 'postgres://owner@localhost/pos',
    });
    expect(env.DATABASE_MIGRATION_URL).toBe('postgres://owner@localhost/pos');
  });
});

describe.skipIf(!adminUrl)('the app role (PostgreSQL only: PGlite is one embedded user, without roles)', () => {
  const id = randomUUID().replaceAll('-', '').slice(0, 12);
  const ownerRole = `pos_owner_${id}`;
  const appRole = `pos_app_${id}`;
  const dbName = `pos_test_roles_${id}`;
  const ownerUrl = urlFor(ownerRole, dbName);
  const appUrl = urlFor(appRole, dbName);
  let database: Database;
  let app: FastifyInstance;
  let asApp: pg.Client;
  let asOwner: pg.Client;
  let tenant: Awaited<ReturnType<typeof createTenant>>;

  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    // What README 'Two database roles' asks the PostgreSQL administrator to do.
    await admin(async (client) => {
      await client.query(`create role ${ownerRole} login`);
      await client.query(`create role ${appRole} login`);
      await client.query(`create database ${dbName} owner ${ownerRole}`);
    });
    const env = readEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: appUrl,
      DATABASE_MIGRATION_URL: ownerUrl,
    });
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      migrationUrl: env.DATABASE_MIGRATION_URL,
      onIdleError: () => {},
    });
    await ensureRoles(database.db);
    app = await buildApp({ env, database, jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!', logger: false });
    await app.ready();
    // Branches (with their receipt sequences), users and open shifts, written as the app role.
    tenant = await createTenant(database.db, { shifts: true });
    asApp = new pg.Client({ connectionString: appUrl });
    await asApp.connect();
    asOwner = new pg.Client({ connectionString: ownerUrl });
    await asOwner.connect();
  }, 120_000);

  afterAll(async () => {
    await asApp?.end();
    await asOwner?.end();
    await app?.close();
    await database?.close();
    await admin(async (client) => {
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.query(`drop role if exists ${appRole}`);
      await client.query(`drop role if exists ${ownerRole}`);
    });
  });

  it('the server works as the app role: a product and a card sale through the API, with their audit row', async () => {
    expect((await asApp.query('select current_user as u')).rows[0].u).toBe(appRole);
    const [pooled] = await queryRows<{ u: string }>(database.db, sql`select current_user as u`);
    expect(pooled?.u).toBe(appRole);

    const token = await login(app, tenant.manager.username);
    const created = await request(app, token, {
      method: 'POST',
      url: '/api/products',
      payload: { name: 'Role test', sku: `RT-${id}`, cost: 50, price: 80, stockQuantity: 5, branchId: tenant.main.id },
    });
    expect(created.statusCode).toBe(201);
    const product = created.json().data;
    const audit = await database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'product.create'), eq(auditLogs.entityId, product.id)));
    expect(audit).toHaveLength(1);

    const sale = await request(app, await login(app, tenant.cashier.username), {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: tenant.main.id,
        items: [{ product_id: product.id, quantity: 2, price: 80 }],
        subtotal: 160,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 160,
        payment_method: 'card',
        amount_paid: 160,
        change: 0,
      },
    });
    expect(sale.statusCode).toBe(201);
    // The receipt number comes from the branch's sequence, created by the owner's trigger function.
    expect(sale.json().data.receiptNumber).toMatch(/^RCP-\d{6}$/);
  });

  it('the app role may add audit rows and read them', async () => {
    const inserted = await asApp.query(
      `insert into audit_logs (company_id, user_id, action, entity_type, entity_id)
       values ($1, $2, 'product.create', 'product', 'by-hand') returning id`,
      [tenant.company.id, tenant.admin.id],
    );
    expect(inserted.rowCount).toBe(1);
    expect((await asApp.query('select count(*)::int as n from audit_logs')).rows[0].n).toBeGreaterThanOrEqual(2);
  });

  it('UPDATE, DELETE and TRUNCATE of audit_logs are refused to the app role: permission denied', async () => {
    for (const statement of [
      `update audit_logs set action = 'user.create'`,
      `delete from audit_logs`,
      `truncate audit_logs`,
    ]) {
      expect(await failure(asApp, statement), statement).toEqual({
        code: '42501',
        message: 'permission denied for table audit_logs',
      });
    }
  });

  it('the app role cannot switch the append-only triggers off, nor change any table', async () => {
    for (const statement of [
      'alter table audit_logs disable trigger audit_logs_no_update_delete',
      'drop trigger audit_logs_no_update_delete on audit_logs',
      'alter table audit_logs add column note text',
      'drop table audit_logs',
      'alter table products add column note text',
    ]) {
      const refused = await failure(asApp, statement);
      expect(refused?.code, statement).toBe('42501');
      expect(refused?.message, statement).toMatch(/^must be owner of (table|relation) (audit_logs|products)$/);
    }
  });

  it('the app role cannot create tables, functions or sequences (no DDL)', async () => {
    for (const statement of [
      'create table scratch (id int)',
      'create sequence scratch_seq',
      'create function scratch() returns int language sql as $$ select 1 $$',
    ]) {
      expect(await failure(asApp, statement), statement).toEqual({
        code: '42501',
        message: 'permission denied for schema public',
      });
    }
  });

  it('the owner could switch the rule off, which is why the server does not work as the owner', async () => {
    await asOwner.query('begin');
    try {
      await asOwner.query('alter table audit_logs disable trigger audit_logs_no_update_delete');
      const changed = await asOwner.query(`update audit_logs set entity_id = 'rewritten' where entity_id = 'by-hand'`);
      expect(changed.rowCount).toBe(1);
    } finally {
      await asOwner.query('rollback');
    }
    // With the trigger on (rolled back), even the owner is refused by migration 0014's rule.
    expect((await failure(asOwner, `delete from audit_logs`))?.message).toMatch(/append-only/);
  });

  it('a table added by a later migration gets the app role rights (the default privileges); a second start keeps the split', async () => {
    await asOwner.query('create table later_table (id int primary key, note text)');
    await asApp.query(`insert into later_table values (1, 'a')`);
    await asApp.query(`update later_table set note = 'b'`);
    await asApp.query('delete from later_table');
    // A second start migrates (nothing to do) and grants again, and the split still holds.
    const again = await openDatabase({ databaseUrl: appUrl, migrationUrl: ownerUrl, onIdleError: () => {} });
    await again.close();
    expect((await failure(asApp, 'delete from audit_logs'))?.message).toBe('permission denied for table audit_logs');
  });

  it('refuses to start when the role of DATABASE_URL could still rewrite the audit log (a superuser)', async () => {
    const superUrl = new URL(adminUrl ?? '');
    superUrl.pathname = `/${dbName}`;
    await expect(
      openDatabase({ databaseUrl: superUrl.toString(), migrationUrl: ownerUrl, onIdleError: () => {} }),
    ).rejects.toThrow(/must not be able to change the schema or the audit log:\n.*is a superuser/);
  });
});
