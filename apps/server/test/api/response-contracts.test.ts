import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { brandResponses, computeCartTotals, REPORT_KINDS, ROLE_IDS } from '@pos/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../../src/db/schema';
import { responseSerializerCompiler } from '../../src/lib/response-serializer';
import { ACCESS_TABLE } from '../access/access-table';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { markException } from '../helpers/device';
import {
  bearer,
  createFailedFiscalDocument,
  createProduct,
  createRegister,
  createTenant,
  createUser,
  login,
  request,
} from '../helpers/factories';
import {
  brokenInput,
  describedOperation,
  documentedStatuses,
  envelopeProblem,
  type OpenApiDocument,
  readOpenApi,
  urlOf,
  validParams,
} from '../helpers/openapi';
import { apiRoutes } from '../helpers/routes';

/**
 * Response contracts (docs/architecture/requests.md, 'Response contracts'): every API route declares the zod
 * schema of its 2xx answer, Fastify serializes through it, and serializing changes nothing: for every
 * route, a real answer on the wire equals what the route handed to Fastify. Cashiers' product and
 * stock answers carry no cost, twice over: the service leaves it out, and the cashier variant of the
 * schema could not carry it.
 *
 * The error answers (docs/architecture/requests.md, 'API conventions'): every status the OpenAPI description
 * documents for a route is one it really answers, and every answer of this walk has a documented
 * status, every 4xx in the ErrorEnvelope. 401, 400, 415 and 404 for an unknown id are driven here on
 * every route that documents them; 403 and 404 otherwise come from the access table, whose rows
 * access-matrix.test.ts sends for every role (it checks the same of each answer).
 */

type Answer = {
  operation: string;
  status: number;
  /** The route declares a response schema for this very status (else Fastify would not use one). */
  hasSchema: boolean;
  handed: unknown;
  wire: unknown;
  byCashier: boolean;
};
type Tamper = (operation: string, payload: unknown) => unknown;
/** Every answer of the file, whatever its status: the operation, the status and the body as sent. */
type Sent = { operation: string; status: number; body: string };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Documented 403s and 404s the access table does not send (it varies roles and ids, not the request),
 * each answered in the test named.
 */
const ANSWERED_ELSEWHERE: Record<string, string> = {
  'POST /api/approvals/grants 403': 'approvals.test.ts: a wrong PIN, a cashier as approver',
  'POST /api/transactions 403': 'approvals.test.ts: a discount over the limit; register-trust.test.ts: no device proof',
  'POST /api/shifts/:id/close 403': 'shifts.test.ts: over/short beyond the threshold without a grant',
  'GET /api/events 404': "the walk below: a ticket's branch out of the user's reach by the time the stream opens",
};

/** Whether a route can be sent an unknown id in its path with nothing else to make up (404 expected). */
function takesUnknownId(method: string, route: RouteOptions): boolean {
  const schema = route.schema as { params?: unknown; querystring?: unknown } | undefined;
  const params = Object.values(validParams(schema?.params));
  const query = schema?.querystring;
  return (
    !BODY_METHODS.has(method) &&
    params.some((v) => z.uuid().safeParse(v).success) &&
    (!(query instanceof z.ZodType) || query.safeParse({}).success)
  );
}

/** Each operation's statuses in the access table (every role and scope). */
function tableStatuses(): Map<string, Set<number>> {
  const byOperation = new Map<string, Set<number>>();
  for (const row of ACCESS_TABLE) {
    const statuses = byOperation.get(row.operation) ?? new Set<number>();
    for (const expected of Object.values(row.expect)) for (const status of [expected].flat()) statuses.add(status);
    byOperation.set(row.operation, statuses);
  }
  return byOperation;
}

/** 'METHOD /api/...' of the routes without a schema for a 2xx status ('200', '201', '2xx', ...). */
function routesWithoutSuccessSchema(routes: RouteOptions[]): string[] {
  return apiRoutes(routes)
    .filter(({ route }) => {
      const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
      return !Object.keys(response).some((status) => /^2(\d\d|xx)$/.test(status) && response[status]);
    })
    .map((r) => `${r.method} ${r.url}`);
}

const asHooks = (hooks: unknown): unknown[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

describe(`response contracts (${engineName()})`, () => {
  const routes: RouteOptions[] = [];
  const answers: Answer[] = [];
  const sent: Sent[] = [];
  const cashierTokens = new Set<string>();
  let tamper: Tamper | undefined;
  let ctx: TestContext;

  /** Records, for each API answer, the payload the route handed to Fastify and the serialized answer. */
  function instrument(route: RouteOptions) {
    routes.push(route);
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const handed = new WeakMap<FastifyRequest, unknown>();
    const statuses = Object.keys((route.schema as { response?: object } | undefined)?.response ?? {});
    route.preSerialization = [
      ...asHooks(route.preSerialization),
      async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
        const out = tamper ? tamper(`${req.method} ${route.url}`, payload) : payload;
        handed.set(req, JSON.parse(JSON.stringify(out)));
        return out;
      },
    ] as RouteOptions['preSerialization'];
    route.onSend = [
      ...asHooks(route.onSend),
      async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const body = typeof payload === 'string' ? payload : '(stream)';
        sent.push({ operation: `${req.method} ${route.url}`, status: reply.statusCode, body });
        // A CSV export (lib/export.ts) streams its body past the serializer: recorded as answered.
        if (/^text\/csv/.test(String(reply.getHeader('content-type') ?? '')) && reply.statusCode < 300) {
          answers.push({
            operation: `${req.method} ${route.url}`,
            status: reply.statusCode,
            hasSchema: statuses.includes(String(reply.statusCode)),
            handed: 'csv',
            wire: 'csv',
            byCashier: false,
          });
          return payload;
        }
        if (handed.has(req) && typeof payload === 'string') {
          const token = req.headers.authorization?.slice('Bearer '.length) ?? '';
          answers.push({
            operation: `${req.method} ${route.url}`,
            status: reply.statusCode,
            hasSchema: statuses.includes(String(reply.statusCode)),
            handed: handed.get(req),
            wire: JSON.parse(payload),
            byCashier: cashierTokens.has(token),
          });
        }
        return payload;
      },
    ] as RouteOptions['onSend'];
  }

  let documentation: OpenApiDocument;

  beforeAll(async () => {
    ctx = await createTestContext({}, { onRoute: instrument });
    documentation = await readOpenApi(ctx.app);
  });
  afterAll(() => ctx.close());

  it('every API route declares the schema of its 2xx answer', () => {
    expect(apiRoutes(routes).length).toBeGreaterThan(40);
    expect(routesWithoutSuccessSchema(routes)).toEqual([]);
    // The check itself finds a route without one (a 4xx schema alone does not count).
    const bare = { method: 'GET', url: '/api/bare', handler: () => ({}) } as RouteOptions;
    const errorOnly = { ...bare, url: '/api/error-only', schema: { response: { 404: {} } } } as RouteOptions;
    expect(routesWithoutSuccessSchema([...routes, bare, errorOnly])).toEqual(['GET /api/bare', 'GET /api/error-only']);
  });

  it('the serializer keeps only what the schema names and refuses an answer that breaks it', () => {
    const serialize = responseSerializerCompiler({
      schema: brandResponses.one,
      method: 'GET',
      url: '/api/brands/:id',
    } as Parameters<typeof responseSerializerCompiler>[0]);
    const brand = { id: 'b', name: 'Fizz', branchId: 'x' };
    expect(JSON.parse(serialize({ success: true, data: { ...brand, companyId: 'c', secret: 1 } }))).toEqual({
      success: true,
      data: brand,
    });
    expect(() => serialize({ success: true, data: { ...brand, name: null } })).toThrow(/doesn't match the schema/);
  });

  it('/api/docs/json shows the 2xx response body of every route', async () => {
    const doc = await readOpenApi(ctx.app);
    const undocumented = apiRoutes(routes)
      .filter(({ method, url }) => {
        const operation = describedOperation(doc, `${method} ${url}`);
        const success = Object.entries(operation?.responses ?? {}).find(([status]) => status.startsWith('2'));
        return !(success?.[1].content?.['application/json'] ?? success?.[1].content?.['text/csv']);
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
  });

  it('/api/docs/json gives every operation an operationId, a summary, its security and its error answers', async () => {
    const doc = await readOpenApi(ctx.app);
    expect(doc.servers).toEqual([{ url: '/api', description: 'This server' }]);
    const operations = apiRoutes(routes).map((r) => `${r.method} ${r.url}`);
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const operation of operations) {
      const described = describedOperation(doc, operation);
      if (!described) {
        problems.push(`${operation}: not in the description`);
        continue;
      }
      if (!described.summary) {
        problems.push(`${operation}: no summary; add \`summary: '<one line>'\` to its route's schema (lib/openapi.ts)`);
      }
      if (!described.operationId || ids.has(described.operationId)) {
        problems.push(`${operation}: operationId ${described.operationId} missing or used twice`);
      }
      ids.add(described.operationId ?? '');
      for (const [status, answer] of Object.entries(described.responses ?? {})) {
        const ref = answer.content?.['application/json']?.schema?.$ref;
        if (status.startsWith('4') && ref !== '#/components/schemas/ErrorEnvelope') {
          problems.push(`${operation}: ${status} is not described as the ErrorEnvelope`);
        }
      }
      if (!Object.keys(described.responses ?? {}).some((status) => status.startsWith('4'))) {
        if (operation !== 'GET /api/health') problems.push(`${operation}: documents no error answer`);
      }
    }
    expect(problems).toEqual([]);
    // Security: none for signing in and health, the ticket for the event stream, the bearer token for
    // every other route (the auth hook's scope). The error walk below sends each without it: 401.
    const securityOf = (operation: string) => JSON.stringify(describedOperation(doc, operation)?.security);
    expect(operations.filter((op) => securityOf(op) === '[]')).toEqual(['GET /api/health', 'POST /api/auth/login']);
    expect(operations.filter((op) => securityOf(op) === '[{"eventTicket":[]}]')).toEqual(['GET /api/events']);
    const bearerOnly = operations.filter((op) => securityOf(op) === '[{"bearer":[]}]');
    expect(bearerOnly).toHaveLength(operations.length - 3);
  });

  it('the access table and the description agree: every status the table expects is documented, every documented 403 and 404 is answered', async () => {
    const doc = await readOpenApi(ctx.app);
    const table = tableStatuses();
    const problems: string[] = [];
    for (const { method, url, route } of apiRoutes(routes)) {
      const operation = `${method} ${url}`;
      const documented = documentedStatuses(doc, operation);
      const expected = table.get(operation) ?? new Set<number>();
      for (const status of expected) {
        if (!documented.includes(status)) {
          problems.push(`${operation}: the access table expects ${status}, undocumented (the route's \`errors\`)`);
        }
      }
      for (const status of [403, 404]) {
        if (!documented.includes(status) || expected.has(status) || ANSWERED_ELSEWHERE[`${operation} ${status}`])
          continue;
        if (status === 404 && takesUnknownId(method, route)) continue; // sent below with an unknown id
        const fix =
          status === 403
            ? "the access table's row for it expects no 403: fix the row, or drop 403 from the route's `errors`"
            : 'it names an id, and no access-table row varies one: add the row for that id';
        problems.push(`${operation}: documents ${status}, which nothing here answers (${fix})`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe('every route on a real answer', () => {
    let tenant: Awaited<ReturnType<typeof createTenant>>;
    let admin: string;
    let manager: string;
    let cashier: string;

    beforeAll(async () => {
      tenant = await createTenant(ctx.database.db, { shifts: true });
      [admin, manager, cashier] = await Promise.all([
        login(ctx.app, tenant.admin.username),
        login(ctx.app, tenant.manager.username),
        login(ctx.app, tenant.cashier.username),
      ]);
      cashierTokens.add(cashier);
    });

    async function call(
      token: string | undefined,
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      payload?: unknown,
    ): Promise<{ data: Record<string, unknown> & { id: string } } & Record<string, unknown>> {
      const res = await request(ctx.app, token, { method, url: `/api${url}`, payload });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    }

    /** A CSV export (text/csv, streamed): answers its text. */
    async function csv(token: string, url: string): Promise<string> {
      const res = await request(ctx.app, token, { url: `/api${url}` });
      if (res.statusCode >= 300 || !/^text\/csv/.test(String(res.headers['content-type']))) {
        throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      }
      return res.body;
    }

    it("serializing every route's answer through its schema changes nothing", async () => {
      const branchId = tenant.main.id;
      const companyId = tenant.company.id;
      const q = `branchId=${branchId}`;

      await call(undefined, 'GET', '/health');
      await call(admin, 'GET', '/auth/me');
      await call(admin, 'GET', '/auth/companies');
      const company = await call(admin, 'POST', '/auth/companies', {
        name: 'Contract Co',
        address: '1 Contract Road',
        phone: '0300-1234567',
        email: 'contract@example.com',
      });
      await call(admin, 'GET', `/auth/companies/${company.data.id}/branches`);
      await call(admin, 'POST', '/auth/branches', {
        name: 'Contract Branch',
        address: '2 Contract Road',
        phone: '0300-7654321',
        companyId,
        isMain: false,
      });
      await call(admin, 'GET', `/auth/companies/${companyId}/branches?page=1&limit=10`);
      await call(cashier, 'GET', `/settings/tax?${q}`);
      await call(admin, 'POST', '/settings/tax', { branchId, taxRate: 5 });
      await call(admin, 'POST', '/settings/currency', { companyId, currency: 'PKR' });
      await call(admin, 'POST', '/settings/tax-registration', { companyId, taxId: '1234567-8', strn: '3277876123456' });
      await call(admin, 'POST', '/settings/scale-labels', { companyId, scaleWeightPrefix: '21' });

      const category = await call(admin, 'POST', '/categories', { name: 'Drinks', branchIds: [branchId] });
      const doomedCategory = await call(admin, 'POST', '/categories', { name: 'Doomed', branchIds: [branchId] });
      await call(manager, 'GET', `/categories?${q}&limit=1000`);
      await call(manager, 'PATCH', `/categories/${category.data.id}`, { description: 'Cold ones' });
      await call(manager, 'GET', `/categories/${doomedCategory.data.id}/usage`);
      await call(manager, 'DELETE', `/categories/${doomedCategory.data.id}`);

      const brand = await call(manager, 'POST', '/brands', { name: 'Fizz', branchId });
      const doomedBrand = await call(manager, 'POST', '/brands', { name: 'Gone', branchId });
      await call(cashier, 'GET', `/brands?${q}`);
      await call(manager, 'PATCH', `/brands/${brand.data.id}`, { name: 'Fizz Co' });
      await call(manager, 'GET', `/brands/${doomedBrand.data.id}/usage`);
      await call(manager, 'DELETE', `/brands/${doomedBrand.data.id}`);

      const product = await call(manager, 'POST', '/products', {
        name: 'Cola 1.5L',
        sku: 'COLA-15',
        categoryId: category.data.id,
        brandId: brand.data.id,
        cost: 120.5,
        price: 180.25,
        stockQuantity: 40,
        branchId,
      });
      const plain = await call(cashier, 'POST', '/products', {
        name: 'Water 500ml',
        price: 60,
        cost: 0,
        stockQuantity: 30,
        branchId,
      });
      await call(manager, 'GET', `/products?${q}`);
      await call(cashier, 'GET', `/products?${q}&search=cola`);
      await csv(cashier, `/products/export.csv?${q}`);
      await call(cashier, 'GET', `/products/${product.data.id}`);
      await call(manager, 'PATCH', `/products/${product.data.id}`, { description: 'Chilled' });
      await call(cashier, 'PATCH', `/products/${plain.data.id}`, { description: 'Still' });
      const doomedProduct = await call(manager, 'POST', '/products', {
        name: 'Gone',
        price: 1,
        cost: 1,
        stockQuantity: 0,
        branchId,
      });
      await call(manager, 'DELETE', `/products/${doomedProduct.data.id}`);

      await call(admin, 'GET', `/users?companyId=${companyId}`);
      await csv(admin, `/users/export.csv?companyId=${companyId}`);
      const user = await call(admin, 'POST', '/users', {
        name: 'Contract Cashier',
        email: 'cc@example.com',
        username: 'contract_cashier',
        password: 'Secret123',
        roleIds: [3],
        companyId,
        branchId,
      });
      await call(admin, 'PATCH', `/users/${user.data.id}`, { name: 'Contract Cashier Two' });

      const items = [
        { product_id: product.data.id, quantity: 2, price: 180.25 },
        { product_id: plain.data.id, quantity: 1, price: 60 },
      ];
      const totals = computeCartTotals({ items, taxRate: 5, discountType: 'percentage', discountValue: 10 });
      const sale = await call(cashier, 'POST', '/transactions', {
        branchId,
        items,
        subtotal: totals.subtotal,
        tax: totals.tax,
        tax_rate: 5,
        discount_type: 'percentage',
        discount_value: 10,
        discount_amount: totals.discountAmount,
        total: totals.total,
        payment_method: 'cash',
        amount_paid: 1000,
        change: Math.round((1000 - totals.total) * 100) / 100,
        customer: { name: 'Contract Customer', phone: '03001234567', email: 'customer@example.com' },
      });
      const receipt = sale.data.receiptNumber as string;
      await call(cashier, 'GET', `/transactions?${q}`);
      await csv(cashier, `/transactions/export.csv?${q}`);
      await call(manager, 'GET', `/transactions?${q}&receiptNumber=${receipt}&status=completed`);
      await call(manager, 'GET', `/transactions/analytics?${q}`);
      await call(cashier, 'GET', `/transactions/${sale.data.id}`);
      // A register's outbox: one sale recorded, one refused by the schema (its result carries the errors).
      const queuedSale = {
        id: randomUUID(),
        branchId,
        items: [{ product_id: plain.data.id, quantity: 1, price: 60 }],
        subtotal: 60,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 60,
        payment_method: 'card',
        amount_paid: 60,
        change: 0,
      };
      await call(cashier, 'POST', '/transactions/batch', {
        branchId,
        sales: [
          { idempotency_key: queuedSale.id, sale: queuedSale },
          { idempotency_key: randomUUID(), sale: { ...queuedSale, id: randomUUID(), items: [] } },
        ],
      });

      const customerId = (sale.data.customer as { id: string }).id;
      await call(cashier, 'GET', `/customers/branch/${branchId}/phone/03001234567`);
      await call(cashier, 'GET', `/customers?${q}`);
      await csv(cashier, `/customers/export.csv?${q}`);
      await call(cashier, 'GET', `/customers/${customerId}`);
      await call(manager, 'GET', `/customers/${customerId}/analytics`);
      await call(manager, 'GET', `/customers/${customerId}/transactions`);
      await call(manager, 'PATCH', `/customers/${customerId}`, { notes: 'Regular' });

      const saleItems = sale.data.items as { id: string; productId: string }[];
      const colaLine = saleItems.find((i) => i.productId === product.data.id);
      const created = await call(manager, 'POST', '/returns', {
        originalTransactionId: sale.data.id,
        branchId,
        items: [
          { original_transaction_item_id: colaLine?.id, return_quantity: 1, condition: 'opened', restocking_fee: 5 },
        ],
        reason: 'customer_change_mind',
        refund_method: 'store_credit',
      });
      // The plain line exchanged for another of the same at the same discount and tax: nothing to pay.
      const swap = [{ product_id: plain.data.id, quantity: 1, price: 60 }];
      const swapTotals = computeCartTotals({ items: swap, taxRate: 5, discountType: 'percentage', discountValue: 10 });
      await call(manager, 'POST', '/exchanges', {
        originalTransactionId: sale.data.id,
        branchId,
        items: [
          {
            original_transaction_item_id: saleItems.find((i) => i.productId === plain.data.id)?.id,
            return_quantity: 1,
          },
        ],
        reason: 'wrong_item',
        sale: {
          items: swap,
          subtotal: swapTotals.subtotal,
          tax: swapTotals.tax,
          tax_rate: 5,
          discount_type: 'percentage',
          discount_value: 10,
          discount_amount: swapTotals.discountAmount,
          total: swapTotals.total,
        },
      });
      await call(manager, 'POST', `/customers/${customerId}/credit`, { amount: 2.5, reason: 'Goodwill' });
      await call(manager, 'GET', `/customers/${customerId}/credit`);
      // The customer's account: a limit, a sale on account (a mixed one), a payment, the statement and ageing.
      await call(manager, 'PUT', `/customers/${customerId}/account`, { creditLimit: 1000, reason: 'Regular' });
      await call(manager, 'POST', '/transactions', {
        ...queuedSale,
        id: randomUUID(),
        payment_method: 'mixed',
        tenders: [
          { method: 'account', amount: 50 },
          { method: 'card', amount: 10 },
        ],
        customer: { name: 'Contract Customer', phone: '03001234567' },
      });
      await call(manager, 'POST', `/customers/${customerId}/account/payments`, { amount: 1, method: 'card' });
      await call(manager, 'GET', `/customers/${customerId}/account`);
      await call(manager, 'GET', `/customers/${customerId}/account/entries`);
      await call(manager, 'GET', `/accounts/ageing?${q}`);
      await csv(manager, `/accounts/ageing/export.csv?${q}`);
      // A gift voucher sold, checked by its code, spent on a sale; the branch's list and liability.
      const voucher = await call(manager, 'POST', '/gift-vouchers', { branchId, amount: 80, method: 'card' });
      await call(cashier, 'GET', `/gift-vouchers/code/${voucher.data.code}?branchId=${branchId}`);
      await call(manager, 'POST', '/transactions', {
        ...queuedSale,
        id: randomUUID(),
        payment_method: 'voucher',
        voucher_code: voucher.data.code,
      });
      await call(manager, 'GET', `/gift-vouchers?${q}`);
      // Fiscal reporting: the settings and a register's POS registration, the outbox's status and list, a resend.
      await call(admin, 'GET', `/fiscal/settings?branchId=${branchId}`);
      await call(admin, 'PUT', '/fiscal/settings', { branchId, provider: 'none' });
      const fiscalRegister = await createRegister(ctx.database.db, { companyId, branchId });
      await call(admin, 'PUT', `/fiscal/registers/${fiscalRegister.id}`, { branchId, posId: 1001, token: 'contract' });
      await call(manager, 'GET', `/fiscal/status?branchId=${branchId}`);
      await call(manager, 'GET', `/fiscal/documents?${q}`);
      const refused = await createFailedFiscalDocument(ctx.database.db, { companyId, branchId });
      await call(manager, 'POST', `/fiscal/documents/${refused.id}/resend`);
      await call(manager, 'GET', `/gift-vouchers/liability?branchId=${branchId}`);
      await call(manager, 'GET', `/returns?${q}`);
      await csv(manager, `/returns/export.csv?${q}`);
      await call(manager, 'GET', `/returns/analytics?${q}`);
      await call(manager, 'GET', `/returns/${created.data.id}`);
      await call(manager, 'GET', `/customers/${customerId}/returns`);

      await call(manager, 'GET', `/dashboard/sales-summary?${q}`);
      await call(manager, 'GET', `/dashboard/inventory-summary?${q}`);
      await call(manager, 'GET', `/dashboard/returns-summary?${q}`);
      await call(cashier, 'GET', `/dashboard/recent-transactions?${q}`);
      for (const report of REPORT_KINDS) await call(manager, 'GET', `/reports/${report}?${q}`);
      await csv(manager, `/reports/margin-by-product/export.csv?${q}`);

      await call(manager, 'GET', `/inventory/stock?${q}`);
      await call(cashier, 'GET', `/inventory/stock?${q}&lowStock=true`);
      await call(manager, 'GET', `/inventory/movements?${q}`);
      await csv(cashier, `/inventory/stock/export.csv?${q}`);
      await csv(manager, `/inventory/movements/export.csv?${q}`);
      await call(manager, 'POST', '/inventory/adjustments', {
        productId: plain.data.id,
        branchId,
        newQuantity: 25,
        reason: 'Counted',
      });

      // CSV import: the file is the request body (text/csv); the answers are JSON.
      const upload = async (url: string, csvText: string) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api${url}`,
          headers: { authorization: `Bearer ${manager}`, 'content-type': 'text/csv' },
          payload: csvText,
        });
        if (res.statusCode !== 200) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
      };
      await upload(`/import/products/preview?${q}`, 'Name,SKU,Price,Cost,Stock\nImported,IMP-1,10,5,3\n');
      await upload(`/import/products/rejects?${q}`, 'Name,SKU,Price,Cost\nImported,IMP-2,-1,5\n');
      await upload(`/import/customers/apply?${q}`, 'Name,Phone\nImported Customer,03009998887\n');
      await call(manager, 'POST', '/import/products/copy', { fromBranchId: branchId, toBranchId: tenant.second.id });

      const tea = await call(manager, 'POST', '/products', {
        name: 'Transfer Tea',
        sku: 'TEA-1',
        price: 30,
        cost: 20,
        stockQuantity: 20,
        branchId,
      });
      await call(manager, 'POST', '/inventory/write-offs', {
        branchId,
        productId: tea.data.id,
        type: 'damage',
        quantity: 1,
        reason: 'Dropped',
      });
      const toSecond = { fromBranchId: branchId, toBranchId: tenant.second.id };
      const transfer = await call(manager, 'POST', '/transfers', {
        ...toSecond,
        note: 'Contract',
        lines: [{ productId: tea.data.id, quantity: 3 }],
      });
      await call(manager, 'PUT', `/transfers/${transfer.data.id}`, {
        toBranchId: tenant.second.id,
        lines: [{ productId: tea.data.id, quantity: 4 }],
      });
      const sentTransfer = await call(manager, 'POST', `/transfers/${transfer.data.id}/send`);
      const transferLine = (sentTransfer.data.lines as { id: string }[])[0];
      await call(admin, 'POST', `/transfers/${transfer.data.id}/receive`, {
        lines: [{ lineId: transferLine?.id, received: 2, damaged: 1 }],
      });
      await call(manager, 'POST', `/transfers/${transfer.data.id}/close`, { note: 'One lost' });
      const doomedTransfer = await call(manager, 'POST', '/transfers', {
        ...toSecond,
        lines: [{ productId: tea.data.id, quantity: 1 }],
      });
      await call(manager, 'POST', `/transfers/${doomedTransfer.data.id}/cancel`);
      await call(cashier, 'GET', `/transfers?${q}`);
      await call(cashier, 'GET', `/transfers/${transfer.data.id}`);
      await csv(manager, `/transfers/export.csv?${q}`);

      const supplier = await call(manager, 'POST', '/suppliers', { companyId, name: 'Contract Supplier' });
      await call(manager, 'GET', `/suppliers?companyId=${companyId}&search=contract`);
      await call(manager, 'GET', `/suppliers/${supplier.data.id}`);
      await call(manager, 'PATCH', `/suppliers/${supplier.data.id}`, { notes: 'Net 30' });
      const po = await call(manager, 'POST', '/purchase-orders', {
        branchId,
        supplierId: supplier.data.id,
        lines: [{ productId: plain.data.id, quantity: 4, unitCost: 12.5 }],
      });
      await call(manager, 'PATCH', `/purchase-orders/${po.data.id}`, { note: 'Contract order' });
      await call(manager, 'POST', `/purchase-orders/${po.data.id}/order`, {});
      await call(manager, 'POST', `/purchase-orders/${po.data.id}/receive`, {
        lines: [{ productId: plain.data.id, quantity: 2, unitCost: 13 }],
      });
      await call(manager, 'GET', `/purchase-orders/${po.data.id}`);
      await call(manager, 'GET', `/purchase-orders?${q}&status=partially_received`);
      await csv(manager, `/purchase-orders/export.csv?${q}`);
      await csv(manager, `/suppliers/export.csv?companyId=${companyId}`);
      await call(manager, 'POST', `/purchase-orders/${po.data.id}/cancel`, {});
      const count = await call(manager, 'POST', '/stock-counts', { branchId });
      await call(manager, 'POST', `/stock-counts/${count.data.id}/lines`, { productId: plain.data.id, quantity: 5 });
      await call(manager, 'GET', `/stock-counts/${count.data.id}/lines`);
      await call(manager, 'GET', `/stock-counts/${count.data.id}/variances`);
      await call(manager, 'GET', `/stock-counts/${count.data.id}`);
      await call(manager, 'GET', `/stock-counts?${q}`);
      await csv(manager, `/stock-counts/export.csv?${q}`);
      await csv(manager, `/stock-counts/${count.data.id}/variances/export.csv`);
      await call(manager, 'POST', `/stock-counts/${count.data.id}/apply`, {});
      // Counted 5: at or below its low-stock threshold, so the reorder helper takes it.
      await call(manager, 'POST', '/purchase-orders/reorder', { branchId, supplierId: supplier.data.id });
      const dropped = await call(manager, 'POST', '/stock-counts', { branchId });
      await call(manager, 'POST', `/stock-counts/${dropped.data.id}/cancel`, {});
      await call(manager, 'DELETE', `/suppliers/${supplier.data.id}`);

      await call(cashier, 'POST', '/registers', { branchId, deviceId: 'contract-device' });
      await call(manager, 'GET', `/registers?${q}`);
      await call(cashier, 'GET', `/sync/catalogue?${q}&limit=2`);
      await call(cashier, 'GET', `/sync/customers?${q}`);
      await call(cashier, 'GET', `/sync/gift-vouchers?${q}&limit=1`);
      await call(cashier, 'POST', '/events/ticket', { branchId });
      await call(manager, 'GET', `/inventory/flags?${q}`);

      const till = await call(manager, 'POST', '/registers', { branchId, deviceId: 'contract-till' });
      const shift = await call(manager, 'POST', '/shifts', {
        branchId,
        registerId: till.data.id,
        openingFloat: 150,
        denominations: { '10000': 1, '5000': 1 },
      });
      await call(manager, 'GET', `/shifts/current?registerId=${till.data.id}`);
      await call(manager, 'POST', `/shifts/${shift.data.id}/cash-movements`, {
        kind: 'paid_out',
        amount: 20,
        reason: 'Milk for the shop',
      });
      await call(manager, 'POST', `/shifts/${shift.data.id}/no-sale`);
      await call(manager, 'GET', `/shifts/${shift.data.id}/report`);
      await call(manager, 'GET', `/shifts?${q}&status=open`);
      await csv(manager, `/shifts/export.csv?${q}`);
      await call(manager, 'POST', `/shifts/${shift.data.id}/close`, { counted: 130 });
      await call(manager, 'GET', `/dashboard/shifts-summary?${q}`);

      await call(cashier, 'GET', `/branches/${branchId}/register-rules`);
      const rules = await call(manager, 'GET', `/branches/${branchId}/register-rules`);
      await call(manager, 'PUT', `/branches/${branchId}/register-rules`, { ...rules.data, branchId: undefined });
      await call(manager, 'PUT', '/auth/pin', { pin: '2468' });
      await call(manager, 'GET', '/auth/pin');
      const approved = await createProduct(ctx.database.db, { companyId, branchId, price: '10.00' });
      await call(cashier, 'POST', '/approvals/grants', {
        purpose: 'sale',
        branchId,
        register_id: till.data.id,
        username: tenant.manager.username,
        pin: '2468',
        items: [{ product_id: approved.id, quantity: 1, price: 10 }],
        discount_type: 'percentage',
        discount_value: 50,
        tax_rate: 0,
        total: 5,
      });
      await call(cashier, 'GET', `/registers/${till.data.id}/approvers?${q}`);
      await markException(ctx.database.db, { companyId, saleId: sale.data.id });
      await call(manager, 'GET', `/exceptions?${q}`);
      await call(manager, 'POST', `/exceptions/${sale.data.id}/resolve`, { branchId, note: 'Checked' });
      await call(admin, 'GET', `/audit-logs?companyId=${companyId}`);
      await call(manager, 'GET', `/audit-logs?${q}&action=stock.adjust`);
      await csv(admin, `/audit-logs/export.csv?companyId=${companyId}`);

      const taxClass = await call(admin, 'POST', '/tax-classes', {
        companyId,
        name: 'Reduced',
        kind: 'reduced',
        rate: 8,
        pctCode: '6109.1000',
      });
      await call(manager, 'GET', `/tax-classes?companyId=${companyId}`);
      const unused = await call(admin, 'POST', '/tax-classes', { companyId, name: 'Unused', kind: 'exempt', rate: 0 });
      await call(admin, 'DELETE', `/tax-classes/${unused.data.id}`);
      const item = await call(manager, 'POST', '/items', {
        companyId,
        taxClassId: taxClass.data.id,
        name: 'Contract Tee',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        sku: 'CT',
        price: 20,
        cost: 8,
        branchIds: [branchId],
      });
      await call(manager, 'GET', `/items?companyId=${companyId}&search=tee`);
      await call(manager, 'GET', `/items/${item.data.id}`);
      await call(admin, 'PATCH', `/tax-classes/${taxClass.data.id}`, { rate: 10 });
      await call(manager, 'PATCH', `/items/${item.data.id}`, { description: 'Cotton' });
      const [small, medium] = item.data.variants as { id: string }[];
      await call(manager, 'PATCH', `/variants/${small?.id}`, { price: 21 });
      await call(manager, 'POST', '/variants/prices', { companyId, changes: [{ variantId: medium?.id, price: 22 }] });
      await call(manager, 'PUT', `/variants/${medium?.id}/listings/${branchId}`, { price: 25 });
      const barcode = await call(manager, 'POST', `/variants/${medium?.id}/barcodes`, { code: '4006381333931' });
      await call(manager, 'DELETE', `/barcodes/${barcode.data.id}`);

      const spare = await login(ctx.app, 'contract_cashier');
      await call(spare, 'POST', '/auth/update-password', { oldPassword: 'Secret123', newPassword: 'Secret456' });
      await call(spare, 'POST', '/auth/logout');

      const drift = answers
        .filter((a) => a.status < 300 && !isDeepStrictEqual(a.handed, a.wire))
        .map((a) => ({ operation: a.operation, handed: a.handed, wire: a.wire }));
      expect(drift).toEqual([]);
      const unserialized = answers
        .filter((a) => a.status < 300 && !a.hasSchema)
        .map((a) => `${a.operation} ${a.status}`);
      expect(unserialized).toEqual([]);
      const answered = new Set(answers.filter((a) => a.status < 300).map((a) => a.operation));
      const unexercised = apiRoutes(routes)
        .map((r) => `${r.method} ${r.url}`)
        .filter((op) => !answered.has(op))
        // A text/event-stream answer is written to the socket, never serialized: events.test.ts reads it.
        .filter((op) => op !== 'GET /api/events');
      expect(unexercised).toEqual([]);
    });

    it('answers to a cashier carry no cost: the products service leaves it out, and the wire could not carry it', async () => {
      const branchId = tenant.main.id;
      const from = answers.length;
      await call(cashier, 'GET', `/products?branchId=${branchId}`);
      await call(cashier, 'GET', `/inventory/stock?branchId=${branchId}`);
      await call(manager, 'GET', `/products?branchId=${branchId}`);
      const rows = (body: unknown) => (body as { data: Record<string, unknown>[] }).data;
      const recent = answers.slice(from);
      const byCashier = recent.filter((a) => a.byCashier);
      expect(byCashier.map((a) => a.operation)).toEqual(['GET /api/products', 'GET /api/inventory/stock']);
      for (const answer of byCashier) {
        expect(rows(answer.wire).length).toBeGreaterThan(0);
        // What the service handed over (its own stripping) and what went out (the cashier schema).
        for (const row of [...rows(answer.handed), ...rows(answer.wire)]) {
          expect(row).not.toHaveProperty('cost');
          expect(row).not.toHaveProperty('stockValue');
        }
      }
      const byManager = recent.find((a) => !a.byCashier);
      expect(rows(byManager?.wire).every((row) => typeof row.cost === 'number')).toBe(true);
    });

    it('the cashier variant drops cost even when a service hands it over', async () => {
      const branchId = tenant.main.id;
      const product = (await call(manager, 'GET', `/products?branchId=${branchId}&limit=1`)).data as unknown as {
        id: string;
      }[];
      const id = product[0]?.id;
      // A service that forgot to strip: cost (and stockValue) added to every row before serialization.
      tamper = (operation, payload) => {
        if (!/^(GET|PATCH) \/api\/(products|inventory\/stock)/.test(operation)) return payload;
        const body = payload as { data: Record<string, unknown> | Record<string, unknown>[] };
        const leak = (row: Record<string, unknown>) => ({ ...row, cost: 99.99, stockValue: 1234.5 });
        return { ...body, data: Array.isArray(body.data) ? body.data.map(leak) : leak(body.data) };
      };
      try {
        const lists = [`/products?branchId=${branchId}`, `/inventory/stock?branchId=${branchId}`];
        for (const url of lists) {
          const rows = (await call(cashier, 'GET', url)).data as unknown as Record<string, unknown>[];
          expect(rows.length).toBeGreaterThan(0);
          for (const row of rows) expect(Object.keys(row)).not.toContain('cost');
          for (const row of rows) expect(Object.keys(row)).not.toContain('stockValue');
        }
        expect(Object.keys((await call(cashier, 'GET', `/products/${id}`)).data)).not.toContain('cost');
        expect(Object.keys((await call(cashier, 'PATCH', `/products/${id}`, { description: 'x' })).data)).not.toContain(
          'cost',
        );
        // Users with view_cost get it (here the leaked value), so the variant is the cashier's alone.
        const managerRows = (await call(manager, 'GET', lists[0] as string)).data as unknown as { cost: number }[];
        expect(managerRows.every((row) => row.cost === 99.99)).toBe(true);
      } finally {
        tamper = undefined;
      }
    });

    it('every route answers a request without credentials, broken input, another content type, an unknown id and a long address as documented', async () => {
      const doc = await readOpenApi(ctx.app);
      const failures: string[] = [];
      let sentHere = 0;
      /** Sends a request made to get `status`: the answer must be it, documented, in the ErrorEnvelope. */
      async function probe(
        operation: string,
        status: number,
        why: string,
        req: { url: string; token?: string; payload?: string | Record<string, unknown>; type?: string },
      ) {
        const res = await ctx.app.inject({
          method: operation.split(' ')[0] as 'GET',
          url: req.url,
          headers: { ...(req.token && bearer(req.token)), ...(req.type && { 'content-type': req.type }) },
          ...(req.payload !== undefined && { payload: req.payload }),
        });
        sentHere++;
        const where = `${operation} (${why})`;
        const problem = envelopeProblem(res.body);
        if (res.statusCode !== status)
          failures.push(`${where}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        else if (!documentedStatuses(doc, operation).includes(status))
          failures.push(`${where}: answered ${status}, undocumented`);
        else if (problem) failures.push(`${where}: ${problem}`);
      }

      for (const { method, url, route } of apiRoutes(routes)) {
        const operation = `${method} ${url}`;
        const documented = documentedStatuses(doc, operation);
        const schema = route.schema as { params?: unknown; querystring?: unknown } | undefined;
        const params = validParams(schema?.params);
        const security = JSON.stringify(describedOperation(doc, operation)?.security);
        // 401: a route behind the bearer token without one, the stream with a forged ticket, a wrong password.
        if (security.includes('bearer')) await probe(operation, 401, 'no token', { url: urlOf(url, params) });
        else if (security.includes('eventTicket')) {
          await probe(operation, 401, 'a forged ticket', { url: urlOf(url, params, { ticket: 'forged' }) });
        } else if (operation === 'POST /api/auth/login') {
          await probe(operation, 401, 'a wrong password', {
            url,
            payload: { username: tenant.cashier.username, password: 'Not-the-password-1' },
          });
        } else if (documented.includes(401)) {
          failures.push(`${operation}: documents 401, and the walk sends it no request that could answer it`);
        }
        // 400: path parameters or a query its schemas refuse; a body that is not JSON.
        const broken = brokenInput(schema);
        if (broken) {
          await probe(operation, 400, `input its schema refuses: ${JSON.stringify(broken)}`, {
            url: urlOf(url, broken.params, broken.query),
            token: admin,
          });
        }
        if (BODY_METHODS.has(method)) {
          const at = { url: urlOf(url, params), token: admin };
          await probe(operation, 400, 'malformed JSON', { ...at, type: 'application/json', payload: '{"broken": ' });
          // 415: a body of a type no parser of the route reads.
          await probe(operation, 415, 'an XML body', { ...at, type: 'application/xml', payload: '<sale/>' });
        } else if (documented.includes(400) && !broken) {
          failures.push(`${operation}: documents 400, and the walk finds no input its schemas refuse`);
        }
        // 404: an unknown id in the path, where nothing else needs making up (else the access table's rows).
        if (takesUnknownId(method, route)) {
          await probe(operation, 404, 'an unknown id', { url: urlOf(url, params), token: admin });
        }
        // 414: a path parameter longer than the router takes (100 characters).
        if (url.includes('/:')) {
          const tooLong = url.replace(/:(\w+)/g, 'x'.repeat(101));
          await probe(operation, 414, 'a path parameter over 100 characters', { url: tooLong, token: admin });
        }
      }
      // The stream: a ticket for a branch the cashier no longer works at when the stream opens.
      const moved = await createUser(ctx.database.db, {
        roleId: ROLE_IDS.cashier,
        companyId: tenant.company.id,
        branchId: tenant.main.id,
      });
      const ticket = await call(await login(ctx.app, moved.username), 'POST', '/events/ticket', {
        branchId: tenant.main.id,
      });
      await ctx.database.db.update(users).set({ branchId: tenant.second.id }).where(eq(users.id, moved.id));
      await probe('GET /api/events', 404, "a ticket's branch out of reach", {
        url: urlOf('/api/events', {}, { ticket: String(ticket.data.ticket) }),
      });
      expect(failures).toEqual([]);
      expect(sentHere).toBeGreaterThan(apiRoutes(routes).length * 2);
    });

    it('every answer of this walk has a status its route documents, every 4xx in the ErrorEnvelope', () => {
      expect(sent.length).toBeGreaterThan(400);
      // The walk answered errors too (the test above), so the check below is not about 2xx alone.
      const errorStatuses = [...new Set(sent.map((a) => a.status))].filter((status) => status >= 400);
      expect(errorStatuses.sort()).toEqual([400, 401, 404, 415]);
      const undocumented = [
        ...new Set(
          sent
            .filter((a) => !documentedStatuses(documentation, a.operation).includes(a.status))
            .map((a) => `${a.operation} ${a.status}`),
        ),
      ];
      expect(undocumented).toEqual([]);
      const outside = sent
        .filter((a) => a.status >= 400 && envelopeProblem(a.body))
        .map((a) => `${a.operation} ${a.status}: ${envelopeProblem(a.body)}`);
      expect(outside).toEqual([]);
    });
  });
});
