import { ROLE_IDS } from '@pos/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TABLE,
  type AccessRow,
  type Place,
  ROLES,
  type Role,
  SCOPES,
  type Scope,
  type World,
} from '../access/access-table';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { markException } from '../helpers/device';
import {
  bearer,
  createBarcode,
  createBrand,
  createCategory,
  createCustomer,
  createFailedFiscalDocument,
  createGiftVoucher,
  createOpenShift,
  createProduct,
  createRegister,
  createReturn,
  createSale,
  createTaxClass,
  createTenant,
  createUser,
  login,
  PASSWORD,
  variantOf,
} from '../helpers/factories';
import { documentedStatuses, envelopeProblem, type OpenApiDocument, readOpenApi } from '../helpers/openapi';
import { createPurchaseOrder, createStockCount, createSupplier } from '../helpers/purchasing-factories';
import { apiOperations } from '../helpers/routes';
import { createTransfer } from '../helpers/transfer-factories';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The request's path fits the row's route pattern (a row cannot test another operation by mistake). */
function fitsPattern(operation: string, method: string, url: string): boolean {
  const [opMethod, pattern = ''] = operation.split(' ');
  const path = url.split('?')[0] ?? '';
  const re = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return opMethod === method && re.test(path);
}

describe(`access matrix (${engineName()})`, () => {
  let ctx: TestContext;
  const routes: RouteOptions[] = [];
  let a: Awaited<ReturnType<typeof createTenant>>;
  let b: Awaited<ReturnType<typeof createTenant>>;
  let tokens: Record<Role, string>;
  let documentation: OpenApiDocument;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

  beforeAll(async () => {
    ctx = await createTestContext({}, { onRoute: (route) => routes.push(route) });
    documentation = await readOpenApi(ctx.app);
    const db = ctx.database.db;
    a = await createTenant(db, { shifts: true });
    b = await createTenant(db, { shifts: true });
    tokens = {
      superAdmin: await login(ctx.app, a.admin.username),
      manager: await login(ctx.app, a.manager.username),
      cashier: await login(ctx.app, a.cashier.username),
    };
  });
  afterAll(() => ctx.close());

  function place(tenant: typeof a, branchId: string): Place {
    const db = () => ctx.database.db;
    const companyId = tenant.company.id;
    const product = () => createProduct(db(), { companyId, branchId, price: '25.00', stockQuantity: 10 });
    const sale = async (paymentMethod: 'cash' | 'card' = 'cash') => {
      const p = await product();
      const { sale: row, items } = await createSale(db(), {
        companyId,
        branchId,
        cashierId: tenant.cashier.id,
        lines: [{ product: p, quantity: 2 }],
        paymentMethod,
      });
      return { id: row.id, itemId: items[0]?.id ?? '', productId: p.id };
    };
    return {
      companyId,
      branchId,
      product,
      category: () => createCategory(db(), { companyId, branchIds: [branchId] }),
      brand: () => createBrand(db(), { companyId, branchId }),
      customer: () => createCustomer(db(), { companyId, branchId }),
      giftVoucher: () => createGiftVoucher(db(), { companyId, branchId }),
      failedFiscalDocument: () => createFailedFiscalDocument(db(), { companyId, branchId }),
      sale,
      saleReturn: async () => {
        const s = await sale();
        const { return: row } = await createReturn(db(), {
          companyId,
          branchId,
          saleId: s.id,
          processedBy: tenant.admin.id,
          items: [{ saleItemId: s.itemId, quantity: 1 }],
        });
        return { id: row.id };
      },
      user: () => createUser(db(), { roleId: ROLE_IDS.cashier, companyId, branchId }),
      supplier: () => createSupplier(db(), { companyId }),
      purchaseOrder: (status) => createPurchaseOrder(db(), { companyId, branchId, status }),
      stockCount: () => createStockCount(db(), { companyId, branchId }),
      register: () => createRegister(db(), { companyId, branchId }),
      variant: async () => variantOf(db(), await product()),
      barcode: async () => createBarcode(db(), await product()),
      taxClass: () => createTaxClass(db(), { companyId }),
      exception: async () => {
        const s = await sale();
        await markException(db(), { companyId, saleId: s.id });
        return { id: s.id };
      },
      shift: () => createOpenShift(db(), { companyId, branchId }),
      approver: async () => {
        const pin = '7531';
        const user = await createUser(db(), { roleId: ROLE_IDS.manager, companyId, branchId, pin });
        return { username: user.username, pin };
      },
      transfer: (status) =>
        createTransfer(db(), {
          companyId,
          fromBranchId: branchId,
          toBranchId: branchId === tenant.main.id ? tenant.second.id : tenant.main.id,
          status,
        }),
    };
  }

  const roleIds: Record<Role, (typeof ROLE_IDS)[keyof typeof ROLE_IDS]> = {
    superAdmin: ROLE_IDS.superAdmin,
    manager: ROLE_IDS.manager,
    cashier: ROLE_IDS.cashier,
  };

  function world(role: Role, scope: Scope): World {
    const own = place(a, a.main.id);
    const target = scope === 'own' ? own : scope === 'otherBranch' ? place(a, a.second.id) : place(b, b.main.id);
    const user = role === 'superAdmin' ? a.admin : role === 'manager' ? a.manager : a.cashier;
    return {
      role,
      scope,
      own,
      target,
      username: user.username,
      password: PASSWORD,
      unique,
      freshToken: async ({ newUser = false } = {}) => {
        if (!newUser) return login(ctx.app, user.username);
        const fresh = await createUser(ctx.database.db, {
          roleId: roleIds[role],
          companyId: a.company.id,
          branchId: role === 'superAdmin' ? null : a.main.id,
        });
        return login(ctx.app, fresh.username);
      },
    };
  }

  it('every operation registered in the app has rows in the access table, and every row an operation', () => {
    const registered = apiOperations(routes);
    const tabled = new Set(ACCESS_TABLE.map((row) => row.operation));
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter((op) => !tabled.has(op))).toEqual([]);
    expect([...tabled].filter((op) => !registered.includes(op))).toEqual([]);
  });

  const label = (row: AccessRow) => `${row.operation} [${row.idIn}: ${row.id}]`;

  it.each(ACCESS_TABLE.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
    const mismatches: string[] = [];
    const [method = 'GET'] = row.operation.split(' ');
    for (const role of ROLES) {
      const expected = row.expect[role];
      const scopes = row.idIn === 'none' || typeof expected === 'number' ? (['own'] as const) : SCOPES;
      for (const [i, scope] of scopes.entries()) {
        const want = typeof expected === 'number' ? expected : expected[i];
        const req = await row.request(world(role, scope));
        if (!fitsPattern(row.operation, method, req.url)) throw new Error(`${req.url} is not ${row.operation}`);
        const res = await ctx.app.inject({
          method: method as Method,
          url: req.url,
          headers: bearer(req.token ?? tokens[role]),
          ...(req.payload !== undefined && { payload: req.payload as Record<string, unknown> }),
        });
        if (res.statusCode !== want) {
          mismatches.push(`${role} / ${scope}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
        // The answer is one the OpenAPI description documents for the operation; an error, in its envelope.
        if (!documentedStatuses(documentation, row.operation).includes(res.statusCode)) {
          mismatches.push(`${role} / ${scope}: ${res.statusCode} is not documented for ${row.operation}`);
        }
        const problem = res.statusCode >= 400 ? envelopeProblem(res.body) : undefined;
        if (problem) mismatches.push(`${role} / ${scope}: ${res.statusCode} ${problem}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
