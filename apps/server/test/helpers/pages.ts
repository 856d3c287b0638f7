import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Db, queryRows } from '../../src/db/client';
import { request } from './factories';

/**
 * Deep pages (lib/keyset.repo.ts): reads every page of a list through the API (and one past the end) and
 * expects each to be exactly OFFSET's page of `select id from <table> where <where> order by <order>`, and
 * meta.total to be count(*) of the same rows. Answers the total.
 */
export async function expectPagesEqualOffset({
  app,
  db,
  token,
  url,
  table,
  where,
  order,
  limit,
}: {
  app: FastifyInstance;
  db: Db;
  token: string;
  /** The list's URL with its filters, without page and limit. */
  url: string;
  table: string;
  where: SQL;
  order: string;
  limit: number;
}): Promise<number> {
  const [counted] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${sql.raw(table)} where ${where}`,
  );
  const total = Number(counted?.n);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  for (let page = 1; page <= totalPages + 1; page += 1) {
    const res = await request(app, token, { url: `${url}&page=${page}&limit=${limit}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const offset = await queryRows<{ id: string }>(
      db,
      sql`select id from ${sql.raw(table)} where ${where} order by ${sql.raw(order)} limit ${limit} offset ${(page - 1) * limit}`,
    );
    expect(
      (body.data as { id: string }[]).map((r) => r.id),
      `${url} page ${page} of ${limit}`,
    ).toEqual(offset.map((r) => r.id));
    expect(body.meta.total, `${url} total`).toBe(total);
  }
  return total;
}
