import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { salePayload } from '../access/access-table';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  bearer,
  createBrand,
  createCategory,
  createCustomer,
  createProduct,
  createTenant,
  login,
} from '../helpers/factories';
import {
  checkAnswer,
  type FuzzOperation,
  type FuzzRequest,
  type JsonSchema,
  oversizedRequests,
  requestFor,
} from '../helpers/fuzz';
import { checkInvariants } from '../helpers/invariants';
import { documentedStatuses, type OpenApiDocument, readOpenApi } from '../helpers/openapi';
import { apiRoutes } from '../helpers/routes';

/**
 * Bad input, generated: for every registered operation, requests built from its zod schemas
 * with one part broken (wrong types, missing and extra fields, huge strings and numbers, invalid dates
 * and ids, broken JSON, wrong content types), as a Super Admin, a Cashier, signed out or with a forged
 * token. Every answer is below 500 and every 4xx is in the error envelope; afterwards the data
 * invariants hold. RUNS_PER_OPERATION requests per operation (about 1,500 in all) keep it bounded;
 * bench/fuzz.mjs sends 10,000+ to a started server. FUZZ_SEED replays a run.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 30);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

describe(`generated bad input (${engineName()})`, () => {
  let ctx: TestContext;
  const routes: RouteOptions[] = [];
  const ids: string[] = [];
  const tokens: Record<FuzzRequest['auth'], string | undefined> = {
    admin: undefined,
    cashier: undefined,
    none: undefined,
    forged: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub3QtYS11dWlkIiwic2lkIjoiMSJ9.c2lnbmF0dXJl',
  };
  let sent = 0;
  let lastError = '';
  let documentation: OpenApiDocument;

  beforeAll(async () => {
    ctx = await createTestContext(
      {},
      {
        onRoute: (route) => {
          routes.push(route);
          // Keeps what a 5xx came from, for the failure message (the test server does not log).
          const onError = route.onError ? [route.onError].flat() : [];
          route.onError = [
            ...onError,
            async (_req, _reply, error) => {
              lastError = `${error.message} ${error.stack?.split('\n').slice(1, 4).join(' ') ?? ''}`;
            },
          ];
        },
      },
    );
    documentation = await readOpenApi(ctx.app);
    const db = ctx.database.db;
    const a = await createTenant(db, { shifts: true });
    const b = await createTenant(db, { shifts: true });
    tokens.admin = await login(ctx.app, a.admin.username);
    tokens.cashier = await login(ctx.app, a.cashier.username);
    const product = await createProduct(db, {
      companyId: a.company.id,
      branchId: a.main.id,
      price: '19.99',
      stockQuantity: 500,
    });
    const category = await createCategory(db, { companyId: a.company.id, branchIds: [a.main.id] });
    const brand = await createBrand(db, { companyId: a.company.id, branchId: a.main.id });
    const customer = await createCustomer(db, { companyId: a.company.id, branchId: a.main.id });
    const sold = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: bearer(tokens.admin),
      payload: salePayload(a.main.id, product, 5),
    });
    expect(sold.statusCode).toBe(201);
    const sale = sold.json().data as { id: string; items: { id: string }[] };
    ids.push(a.company.id, a.main.id, a.second.id, b.main.id, product.id, category.id, brand.id, customer.id);
    ids.push(sale.id, ...sale.items.map((i) => i.id));
  });
  afterAll(() => ctx.close());

  it('answers every generated request below 500 with a status its OpenAPI description documents, every 4xx in the error envelope', async () => {
    const operations: FuzzOperation[] = apiRoutes(routes).map(({ method, url, route }) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      return {
        method,
        url,
        params: jsonSchemaOf(schema.params),
        querystring: jsonSchemaOf(schema.querystring),
        body: jsonSchemaOf(schema.body),
      };
    });
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const op of operations) {
      const result = await fc.check(
        fc.asyncProperty(requestFor(op, ids), async (req) => {
          // A valid session would be ended by logout: that operation is sent with the forged token.
          const who = req.operation === 'POST /api/auth/logout' && req.auth !== 'none' ? 'forged' : req.auth;
          const token = tokens[who];
          sent += 1;
          const res = await ctx.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: { ...req.headers, ...(token && bearer(token)) },
            ...(req.body !== undefined && { payload: req.body }),
          });
          const problem = checkAnswer(res.statusCode, res.body);
          if (problem && res.statusCode >= 500)
            throw new Error(`${req.method} ${req.url.slice(0, 300)} (${req.kind}, ${who}): ${problem} <- ${lastError}`);
          if (problem) throw new Error(`${req.method} ${req.url.slice(0, 300)} (${req.kind}, ${who}): ${problem}`);
          // Like a proxy validating against the OpenAPI description: the status is one it documents.
          if (!documentedStatuses(documentation, req.operation).includes(res.statusCode)) {
            throw new Error(
              `${req.method} ${req.url.slice(0, 300)} (${req.kind}, ${who}): ${res.statusCode} undocumented`,
            );
          }
        }),
        { numRuns: RUNS_PER_OPERATION, ...(seed !== undefined && { seed }) },
      );
      if (result.failed) {
        failures.push(`${op.method} ${op.url} (seed ${result.seed}): ${String(result.errorInstance).slice(0, 600)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
  }, 240_000);

  it('answers an oversized body on every route that takes one with 413 in the error envelope, and keeps answering', async () => {
    const defaultLimit = ctx.app.initialConfig.bodyLimit ?? 0;
    expect(defaultLimit).toBe(1024 * 1024);
    const withBody = apiRoutes(routes).filter(({ method }) => ['POST', 'PUT', 'PATCH'].includes(method));
    expect(withBody.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let uploads = 0;
    for (const { method, url, route } of withBody) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const op: FuzzOperation = { method, url, params: jsonSchemaOf(schema.params) };
      // The import's uploads declare a bodyLimit of their own (50 MB of CSV); every other body is JSON, up to
      // the app's 1 MB or its route's own limit (a chain's price changes: 4 MB).
      const limit = route.bodyLimit ?? defaultLimit;
      const upload = url.startsWith('/api/import/') && route.bodyLimit !== undefined && route.bodyLimit > defaultLimit;
      if (upload) uploads++;
      const branchId = ids[1] as string;
      for (const req of oversizedRequests(op, { limit, upload, branchId, id: ids[4] as string })) {
        const res = await ctx.app.inject({
          method: method as 'POST',
          url: req.url,
          headers: { ...req.headers, ...bearer(tokens.admin as string) },
          payload: req.payload(),
        });
        const problem = checkAnswer(res.statusCode, res.body);
        const where = `${method} ${url} (${req.kind}, limit ${limit})`;
        if (problem) failures.push(`${where}: ${problem} <- ${lastError}`);
        else if (res.statusCode !== 413) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (!/larger than \d+ MB/.test(res.json().message)) failures.push(`${where}: ${res.body.slice(0, 200)}`);
        else if (!documentedStatuses(documentation, `${method} ${url}`).includes(413))
          failures.push(`${where}: 413 undocumented`);
        // The server keeps answering, the database too.
        const me = await ctx.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: bearer(tokens.admin as string),
        });
        if (me.statusCode !== 200) failures.push(`${where}: then GET /api/auth/me answered ${me.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(uploads).toBe(3); // the import's preview, apply and rejects
  }, 240_000);

  it('the data invariants hold after the fuzz', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
