/**
 * THE ACCESS TABLE: every API operation with the answer each role gets in each scope (the rules of
 * DESIGN.md sections 4 and 6).
 *
 * Read a row as: "<operation>, with <the id named> in <path | query | body> taken from <scope>, answers
 * <status> to <role>". Scopes, as seen by users of company A whose Manager and Cashier work at A's
 * main branch:
 *   own           the id belongs to A's main branch (or to A, for company-level ids);
 *   otherBranch   the id belongs to A's second branch (a company-level id: still A);
 *   otherCompany  the id belongs to company B (its main branch).
 * Expectations are [own, otherBranch, otherCompany]; operations without an id (`none`) name one status.
 *
 * The rules the rows spell out:
 * - a role without the operation's permission gets 403 whatever the ids are (the answer does not
 *   depend on them, so it tells nothing about them);
 * - an id outside the caller's reach is 404 wherever it sits (path, query or body): another company's
 *   always; another branch's for a Cashier, who is fixed to their branch; an id of another branch in a
 *   request about one branch (a product of branch 2 in a sale at branch 1) is not in that branch: 404;
 * - Super Admin and Manager switch branches within their company: another branch's ids answer as their
 *   own branch's; where such an id cannot serve the request (moving a product to another branch) the
 *   answer is the rule's 400, since the id is in reach;
 * - a filter id (categoryId of a product list) follows the same reach: 404 out of reach;
 * - another company's sale id chosen by a register is answered like a new id.
 *
 * apps/server/test/api/access-matrix.test.ts walks the operations registered in the running app and
 * fails for any operation without a row here; then it sends every row for every role and scope, with
 * fixtures made by the factories (apps/server/test/helpers/factories.ts), and compares the status.
 * A new route therefore states its rules here first.
 */

export type Role = 'superAdmin' | 'manager' | 'cashier';
export type Scope = 'own' | 'otherBranch' | 'otherCompany';
export const ROLES: readonly Role[] = ['superAdmin', 'manager', 'cashier'];
export const SCOPES: readonly Scope[] = ['own', 'otherBranch', 'otherCompany'];

/** Fixtures in one place (a branch of a company); every call makes a new one with the factories. */
export type Place = {
  companyId: string;
  branchId: string;
  product: () => Promise<{ id: string; name: string; sku: string | null; price: string }>;
  category: () => Promise<{ id: string }>;
  brand: () => Promise<{ id: string }>;
  customer: () => Promise<{ id: string; phone: string }>;
  /** A fiscal invoice of this branch its authority refused. */
  failedFiscalDocument: () => Promise<{ id: string }>;
  /** A gift voucher sold at this branch (25.00 by card). */
  giftVoucher: () => Promise<{ id: string; code: string }>;
  /** A completed sale of two units of one new product (paid in cash unless said), its line and product. */
  sale: (paymentMethod?: 'cash' | 'card') => Promise<{ id: string; itemId: string; productId: string }>;
  /** A completed return of one unit of a new sale. */
  saleReturn: () => Promise<{ id: string }>;
  /** A Cashier of this branch. */
  user: () => Promise<{ id: string }>;
  /** A supplier of this company (purchasing). */
  supplier: () => Promise<{ id: string }>;
  /** A purchase order of this branch with one line (its product), a draft or ordered. */
  purchaseOrder: (status?: 'draft' | 'ordered') => Promise<{ id: string; productId: string }>;
  /** An open stock count of this branch with one counted product. */
  stockCount: () => Promise<{ id: string; productId: string }>;
  /** A variant of this company (a new product of this branch, so listed here), with its item. */
  variant: () => Promise<{ id: string; itemId: string }>;
  /** A tax class of this company (exempt). */
  taxClass: () => Promise<{ id: string }>;
  /** A barcode of a new variant of this company. */
  barcode: () => Promise<{ id: string }>;
  /** A register of this branch with no open shift. */
  register: () => Promise<{ id: string }>;
  /** An exception: a synced offline sale of this branch with a review flag. */
  exception: () => Promise<{ id: string }>;
  /** A new open shift (float 0, no sales) at a new register of this branch. */
  shift: () => Promise<{ id: string }>;
  /** A new Manager of this branch with an approval PIN. */
  approver: () => Promise<{ username: string; pin: string }>;
  /** A transfer of one line (2 units of a new product) from this branch to the company's other branch. */
  transfer: (
    status?: 'draft' | 'in_transit',
  ) => Promise<{ id: string; lineId: string; productId: string; toBranchId: string }>;
};

export type World = {
  role: Role;
  scope: Scope;
  /** Company A's main branch: where the caller works. */
  own: Place;
  /** Where the scope's id comes from (own, A's second branch, or B's main branch). */
  target: Place;
  /** A new session of the caller (for logout) or of a new user of the caller's role (password change). */
  freshToken: (options?: { newUser?: boolean }) => Promise<string>;
  username: string;
  password: string;
  unique: (prefix: string) => string;
};

export type AccessRequest = { url: string; payload?: unknown; token?: string };
export type IdIn = 'path' | 'query' | 'body' | 'none';
type Statuses = readonly [own: number, otherBranch: number, otherCompany: number];

export type AccessRow = {
  /** METHOD and route pattern exactly as registered ('PATCH /api/products/:id'). */
  operation: string;
  idIn: IdIn;
  /** Which id varies with the scope ('-' for none). */
  id: string;
  /** [own, otherBranch, otherCompany], or one status for an operation without an id. */
  expect: Record<Role, Statuses | number>;
  request: (w: World) => Promise<AccessRequest>;
};

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** A card sale of one line at its price, totals from the money rule with no tax or discount. */
export function salePayload(branchId: string, product: { id: string; price: string }, quantity = 1) {
  const total = Number((Number(product.price) * quantity).toFixed(2));
  return {
    branchId,
    items: [{ product_id: product.id, quantity, price: Number(product.price) }],
    subtotal: total,
    tax: 0,
    tax_rate: 0,
    discount_type: 'amount',
    discount_value: 0,
    discount_amount: 0,
    total,
    payment_method: 'card',
    amount_paid: total,
    change: 0,
  };
}

function returnPayload(saleId: string, branchId: string, itemId: string) {
  return {
    originalTransactionId: saleId,
    branchId,
    items: [{ original_transaction_item_id: itemId, return_quantity: 1, condition: 'new' }],
    refund_method: 'cash',
    reason: 'defective',
  };
}

/**
 * One unit of the sale back for one of `product` (at the sale's price: nothing to pay, nothing back, so no
 * drawer is needed).
 */
function exchangePayload(
  sale: { id: string; itemId: string },
  branchId: string,
  product: { id: string; price: string },
) {
  const { payment_method, amount_paid, change, branchId: _, ...cart } = salePayload(branchId, product);
  return {
    ...returnPayload(sale.id, branchId, sale.itemId),
    refund_method: undefined,
    sale: cart,
  };
}

// Shorthands for the common shapes; every row still lists all three roles.
/** Everyone may; a Cashier only in their branch. */
const ANY_IN_BRANCH = (ok: number) =>
  ({ superAdmin: [ok, ok, 404], manager: [ok, ok, 404], cashier: [ok, 404, 404] }) as const;
/** Super Admin and Manager in their company; a Cashier never. */
const MANAGERS_IN_COMPANY = (ok: number) =>
  ({ superAdmin: [ok, ok, 404], manager: [ok, ok, 404], cashier: [403, 403, 403] }) as const;
/** Only a Super Admin, in their company. */
const ADMIN_IN_COMPANY = (ok: number) =>
  ({ superAdmin: [ok, ok, 404], manager: [403, 403, 403], cashier: [403, 403, 403] }) as const;
/** An id that must belong to the branch the request is about: only the own branch's. */
const SAME_BRANCH_ONLY = (ok: number) =>
  ({ superAdmin: [ok, 404, 404], manager: [ok, 404, 404], cashier: [ok, 404, 404] }) as const;
const MANAGERS_SAME_BRANCH_ONLY = (ok: number) =>
  ({ superAdmin: [ok, 404, 404], manager: [ok, 404, 404], cashier: [403, 403, 403] }) as const;
const EVERYONE = (ok: number) => ({ superAdmin: ok, manager: ok, cashier: ok }) as const;

export const ACCESS_TABLE: readonly AccessRow[] = [
  // ---- health and sessions -------------------------------------------------------------------
  {
    operation: 'GET /api/health',
    idIn: 'none',
    id: '-',
    expect: EVERYONE(200),
    request: async () => ({ url: '/api/health' }),
  },
  {
    operation: 'POST /api/auth/login',
    idIn: 'none',
    id: '-',
    expect: EVERYONE(200),
    request: async (w) => ({ url: '/api/auth/login', payload: { username: w.username, password: w.password } }),
  },
  {
    operation: 'GET /api/auth/me',
    idIn: 'none',
    id: '-',
    expect: EVERYONE(200),
    request: async () => ({ url: '/api/auth/me' }),
  },
  {
    operation: 'POST /api/auth/logout',
    idIn: 'none',
    id: '-',
    expect: EVERYONE(200),
    request: async (w) => ({ url: '/api/auth/logout', token: await w.freshToken() }),
  },
  {
    operation: 'POST /api/auth/update-password',
    idIn: 'none',
    id: '-',
    expect: EVERYONE(200),
    request: async (w) => ({
      url: '/api/auth/update-password',
      token: await w.freshToken({ newUser: true }),
      payload: { oldPassword: w.password, newPassword: 'Changed123' },
    }),
  },

  // ---- companies and branches ----------------------------------------------------------------
  {
    operation: 'GET /api/auth/companies',
    idIn: 'none',
    id: '-',
    expect: EVERYONE(200),
    request: async () => ({ url: '/api/auth/companies' }),
  },
  {
    operation: 'POST /api/auth/companies',
    idIn: 'none',
    id: '-',
    expect: { superAdmin: 201, manager: 403, cashier: 403 },
    request: async (w) => ({
      url: '/api/auth/companies',
      payload: {
        name: w.unique('Matrix Co '),
        address: '1 Matrix Road',
        phone: '0300-1234567',
        email: 'm@example.com',
      },
    }),
  },
  {
    operation: 'GET /api/auth/companies/:id/branches',
    idIn: 'path',
    id: 'company id',
    expect: { superAdmin: [200, 200, 404], manager: [200, 200, 404], cashier: [200, 200, 404] },
    request: async (w) => ({ url: `/api/auth/companies/${w.target.companyId}/branches` }),
  },
  {
    operation: 'POST /api/auth/branches',
    idIn: 'body',
    id: 'companyId',
    expect: ADMIN_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/auth/branches',
      payload: {
        name: w.unique('Matrix Branch '),
        address: '1 Matrix Road',
        phone: '0300-1234567',
        companyId: w.target.companyId,
      },
    }),
  },

  // ---- settings ------------------------------------------------------------------------------
  {
    operation: 'GET /api/settings/tax',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/settings/tax?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'POST /api/settings/tax',
    idIn: 'body',
    id: 'branchId',
    expect: ADMIN_IN_COMPANY(200),
    // 0: the sale rows' payloads carry no tax, and a cashier's untaxed sale in a taxed branch needs a
    // manager's approval.
    request: async (w) => ({ url: '/api/settings/tax', payload: { taxRate: 0, branchId: w.target.branchId } }),
  },
  {
    operation: 'POST /api/settings/currency',
    idIn: 'body',
    id: 'companyId',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({
      url: '/api/settings/currency',
      payload: { companyId: w.target.companyId, currency: 'PKR' },
    }),
  },
  {
    operation: 'POST /api/settings/scale-labels',
    idIn: 'body',
    id: 'companyId',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({
      url: '/api/settings/scale-labels',
      payload: { companyId: w.target.companyId, scaleWeightPrefix: '21' },
    }),
  },
  {
    operation: 'POST /api/settings/tax-registration',
    idIn: 'body',
    id: 'companyId',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({
      url: '/api/settings/tax-registration',
      payload: { companyId: w.target.companyId, taxId: '1234567-8', strn: null },
    }),
  },

  // ---- register rules, approval PINs and the audit log ---------------------------------------
  {
    operation: 'GET /api/branches/:branchId/register-rules',
    idIn: 'path',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/branches/${w.target.branchId}/register-rules` }),
  },
  {
    operation: 'PUT /api/branches/:branchId/register-rules',
    idIn: 'path',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/branches/${w.target.branchId}/register-rules`,
      payload: {
        cashierMaxDiscountPercent: 10,
        cashierMayChangePrice: false,
        cashierMayRefundWithoutReceipt: false,
        cashierMayZeroTax: false,
        cashierMayReceiveTransfers: false,
        cashierMayCount: false,
        overShortThreshold: 5,
        cashDenominations: null,
        offlineLimitHours: 72,
      },
    }),
  },
  {
    operation: 'GET /api/auth/pin',
    idIn: 'none',
    id: '-',
    expect: EVERYONE(200),
    request: async () => ({ url: '/api/auth/pin' }),
  },
  {
    operation: 'PUT /api/auth/pin',
    idIn: 'none',
    id: '-',
    expect: { superAdmin: 200, manager: 200, cashier: 403 },
    request: async () => ({ url: '/api/auth/pin', payload: { pin: '1357' } }),
  },
  {
    // A one-time grant for a sale at a register of the branch, approved by another manager of it.
    operation: 'POST /api/approvals/grants',
    idIn: 'body',
    id: 'branchId + register_id',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => {
      const [register, product, approver] = await Promise.all([
        w.target.register(),
        w.target.product(),
        w.target.approver(),
      ]);
      const { items, discount_type, discount_value, tax_rate, total } = salePayload(w.target.branchId, product);
      return {
        url: '/api/approvals/grants',
        payload: {
          purpose: 'sale',
          branchId: w.target.branchId,
          register_id: register.id,
          ...approver,
          items,
          discount_type,
          discount_value,
          tax_rate,
          total,
        },
      };
    },
  },
  {
    // A one-time grant for a cashier's return at a register of the branch: the sale of the branch.
    operation: 'POST /api/approvals/grants',
    idIn: 'body',
    id: 'branchId + register_id + originalTransactionId (purpose return)',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => {
      const [register, sale, approver] = await Promise.all([w.target.register(), w.target.sale(), w.target.approver()]);
      return {
        url: '/api/approvals/grants',
        payload: {
          purpose: 'return',
          branchId: w.target.branchId,
          register_id: register.id,
          ...approver,
          originalTransactionId: sale.id,
          items: [{ original_transaction_item_id: sale.itemId, return_quantity: 1 }],
          refund_method: 'cash',
          refund_amount: 1,
        },
      };
    },
  },
  {
    // A Manager reads their own branch's log only (another branch's id: 404).
    operation: 'GET /api/audit-logs',
    idIn: 'query',
    id: 'branchId',
    expect: { superAdmin: [200, 200, 404], manager: [200, 404, 404], cashier: [403, 403, 403] },
    request: async (w) => ({ url: `/api/audit-logs?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/audit-logs',
    idIn: 'query',
    id: 'companyId',
    expect: { superAdmin: [200, 200, 404], manager: [403, 403, 403], cashier: [403, 403, 403] },
    request: async (w) => ({ url: `/api/audit-logs?${q({ companyId: w.target.companyId })}` }),
  },
  {
    operation: 'GET /api/audit-logs/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: { superAdmin: [200, 200, 404], manager: [200, 404, 404], cashier: [403, 403, 403] },
    request: async (w) => ({ url: `/api/audit-logs/export.csv?${q({ branchId: w.target.branchId })}` }),
  },

  // ---- categories ----------------------------------------------------------------------------
  {
    operation: 'GET /api/categories',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/categories?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/categories',
    idIn: 'query',
    id: 'parentId (own branch)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/categories?${q({ branchId: w.own.branchId, parentId: (await w.target.category()).id })}`,
    }),
  },
  {
    operation: 'POST /api/categories',
    idIn: 'body',
    id: 'branchIds[]',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: '/api/categories',
      payload: { name: w.unique('Matrix Category '), branchIds: [w.target.branchId] },
    }),
  },
  {
    operation: 'POST /api/categories',
    idIn: 'body',
    id: 'parentId (own branch)',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: '/api/categories',
      payload: {
        name: w.unique('Matrix Category '),
        branchIds: [w.own.branchId],
        parentId: (await w.target.category()).id,
      },
    }),
  },
  {
    operation: 'PATCH /api/categories/:id',
    idIn: 'path',
    id: 'category id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/categories/${(await w.target.category()).id}`,
      payload: { name: w.unique('Renamed ') },
    }),
  },
  {
    operation: 'PATCH /api/categories/:id',
    idIn: 'body',
    id: 'parentId (own category)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/categories/${(await w.own.category()).id}`,
      payload: { parentId: (await w.target.category()).id },
    }),
  },
  {
    operation: 'GET /api/categories/:id/usage',
    idIn: 'path',
    id: 'category id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/categories/${(await w.target.category()).id}/usage` }),
  },
  {
    operation: 'DELETE /api/categories/:id',
    idIn: 'path',
    id: 'category id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/categories/${(await w.target.category()).id}` }),
  },

  // ---- brands --------------------------------------------------------------------------------
  {
    operation: 'GET /api/brands',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/brands?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'POST /api/brands',
    idIn: 'body',
    id: 'branchId',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: '/api/brands',
      payload: { name: w.unique('Matrix Brand '), branchId: w.target.branchId },
    }),
  },
  {
    operation: 'PATCH /api/brands/:id',
    idIn: 'path',
    id: 'brand id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/brands/${(await w.target.brand()).id}`,
      payload: { name: w.unique('Renamed ') },
    }),
  },
  {
    operation: 'GET /api/brands/:id/usage',
    idIn: 'path',
    id: 'brand id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/brands/${(await w.target.brand()).id}/usage` }),
  },
  {
    operation: 'DELETE /api/brands/:id',
    idIn: 'path',
    id: 'brand id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/brands/${(await w.target.brand()).id}` }),
  },

  // ---- products ------------------------------------------------------------------------------
  {
    operation: 'GET /api/products',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/products?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/products',
    idIn: 'query',
    id: 'categoryId (filter)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/products?${q({ branchId: w.own.branchId, categoryId: (await w.target.category()).id })}`,
    }),
  },
  {
    operation: 'GET /api/products',
    idIn: 'query',
    id: 'brandId (filter)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/products?${q({ branchId: w.own.branchId, brandId: (await w.target.brand()).id })}`,
    }),
  },
  {
    operation: 'GET /api/products/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/products/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/products/:id',
    idIn: 'path',
    id: 'product id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/products/${(await w.target.product()).id}` }),
  },
  {
    operation: 'POST /api/products',
    idIn: 'body',
    id: 'branchId',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: '/api/products',
      payload: {
        name: w.unique('Matrix Product '),
        price: 12.5,
        cost: 8,
        stockQuantity: 3,
        branchId: w.target.branchId,
      },
    }),
  },
  {
    operation: 'POST /api/products',
    idIn: 'body',
    id: 'categoryId (own branch)',
    expect: SAME_BRANCH_ONLY(201),
    request: async (w) => ({
      url: '/api/products',
      payload: {
        name: w.unique('Matrix Product '),
        price: 12.5,
        cost: 8,
        stockQuantity: 3,
        branchId: w.own.branchId,
        categoryId: (await w.target.category()).id,
      },
    }),
  },
  {
    operation: 'POST /api/products',
    idIn: 'body',
    id: 'brandId (own branch)',
    expect: SAME_BRANCH_ONLY(201),
    request: async (w) => ({
      url: '/api/products',
      payload: {
        name: w.unique('Matrix Product '),
        price: 12.5,
        cost: 8,
        stockQuantity: 3,
        branchId: w.own.branchId,
        brandId: (await w.target.brand()).id,
      },
    }),
  },
  {
    operation: 'PATCH /api/products/:id',
    idIn: 'path',
    id: 'product id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/products/${(await w.target.product()).id}`,
      payload: { name: w.unique('Renamed ') },
    }),
  },
  {
    operation: 'PATCH /api/products/:id',
    idIn: 'body',
    id: 'branchId (own product)',
    // Another branch in reach: a product does not move between branches (400); out of reach: 404.
    expect: { superAdmin: [200, 400, 404], manager: [200, 400, 404], cashier: [200, 404, 404] },
    request: async (w) => ({
      url: `/api/products/${(await w.own.product()).id}`,
      payload: { name: w.unique('Renamed '), branchId: w.target.branchId },
    }),
  },
  {
    operation: 'PATCH /api/products/:id',
    idIn: 'body',
    id: 'categoryId (own product)',
    expect: SAME_BRANCH_ONLY(200),
    request: async (w) => ({
      url: `/api/products/${(await w.own.product()).id}`,
      payload: { categoryId: (await w.target.category()).id },
    }),
  },
  {
    operation: 'PATCH /api/products/:id',
    idIn: 'body',
    id: 'brandId (own product)',
    expect: SAME_BRANCH_ONLY(200),
    request: async (w) => ({
      url: `/api/products/${(await w.own.product()).id}`,
      payload: { brandId: (await w.target.brand()).id },
    }),
  },
  {
    operation: 'DELETE /api/products/:id',
    idIn: 'path',
    id: 'product id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/products/${(await w.target.product()).id}` }),
  },

  // ---- users ---------------------------------------------------------------------------------
  {
    operation: 'GET /api/users',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/users?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/users',
    idIn: 'query',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/users?${q({ companyId: w.target.companyId })}` }),
  },
  {
    operation: 'GET /api/users/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/users/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'POST /api/users',
    idIn: 'body',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => {
      const username = w.unique('matrix');
      return {
        url: '/api/users',
        payload: {
          name: 'Matrix User',
          email: `${username}@example.com`,
          username,
          password: 'Secret123',
          roleIds: [3],
          branchId: w.target.branchId,
        },
      };
    },
  },
  {
    operation: 'POST /api/users',
    idIn: 'body',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => {
      const username = w.unique('matrix');
      return {
        url: '/api/users',
        payload: {
          name: 'Matrix User',
          email: `${username}@example.com`,
          username,
          password: 'Secret123',
          roleIds: [3],
          companyId: w.target.companyId,
        },
      };
    },
  },
  {
    operation: 'PATCH /api/users/:id',
    idIn: 'path',
    id: 'user id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/users/${(await w.target.user()).id}`, payload: { name: 'Renamed User' } }),
  },
  {
    operation: 'PATCH /api/users/:id',
    idIn: 'body',
    id: 'branchId (own user)',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/users/${(await w.own.user()).id}`, payload: { branchId: w.target.branchId } }),
  },

  // ---- sales ---------------------------------------------------------------------------------
  {
    operation: 'POST /api/transactions',
    idIn: 'body',
    id: 'branchId',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: '/api/transactions',
      payload: salePayload(w.target.branchId, await w.target.product()),
    }),
  },
  {
    operation: 'POST /api/transactions',
    idIn: 'body',
    id: 'items[].product_id (own branch)',
    expect: SAME_BRANCH_ONLY(201),
    request: async (w) => ({
      url: '/api/transactions',
      payload: salePayload(w.own.branchId, await w.target.product()),
    }),
  },
  {
    // A sale id already used in the caller's company: 422 where the caller can read that sale, 404
    // where not. Another company's sale id is answered like a new id (201: reads
    // resolve within the company), so it tells nothing about that company.
    operation: 'POST /api/transactions',
    idIn: 'body',
    id: 'id (an existing sale)',
    expect: { superAdmin: [422, 422, 201], manager: [422, 422, 201], cashier: [422, 404, 201] },
    request: async (w) => ({
      url: '/api/transactions',
      payload: { ...salePayload(w.own.branchId, await w.own.product()), id: (await w.target.sale()).id },
    }),
  },
  {
    // The register's outbox in one request: the batch's branchId is reached like any branchId (the whole
    // request 404 out of reach); each sale then answers in its result (transactions-batch.test.ts).
    operation: 'POST /api/transactions/batch',
    idIn: 'body',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: '/api/transactions/batch',
      payload: {
        branchId: w.target.branchId,
        sales: [
          {
            idempotency_key: w.unique('batch-key-'),
            sale: salePayload(w.target.branchId, await w.target.product()),
          },
        ],
      },
    }),
  },
  {
    operation: 'GET /api/transactions',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/transactions?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/transactions/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/transactions/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/transactions/analytics',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/transactions/analytics?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/transactions/:id',
    idIn: 'path',
    id: 'sale id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/transactions/${(await w.target.sale()).id}` }),
  },

  // ---- customers -----------------------------------------------------------------------------
  {
    operation: 'GET /api/customers/branch/:branchId/phone/:phone',
    idIn: 'path',
    id: 'branchId (and a customer phone there)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => {
      const customer = await w.target.customer();
      return { url: `/api/customers/branch/${w.target.branchId}/phone/${encodeURIComponent(customer.phone)}` };
    },
  },
  {
    operation: 'GET /api/customers',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/customers/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/customers/:id',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/${(await w.target.customer()).id}` }),
  },
  {
    operation: 'GET /api/customers/:id/analytics',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/${(await w.target.customer()).id}/analytics` }),
  },
  {
    operation: 'GET /api/customers/:id/transactions',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/${(await w.target.customer()).id}/transactions` }),
  },
  {
    operation: 'GET /api/customers/:id/returns',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/${(await w.target.customer()).id}/returns` }),
  },
  {
    operation: 'GET /api/customers/:id/credit',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/${(await w.target.customer()).id}/credit` }),
  },
  {
    operation: 'POST /api/customers/:id/credit',
    idIn: 'path',
    id: 'customer id',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: `/api/customers/${(await w.target.customer()).id}/credit`,
      payload: { amount: 5, reason: 'Matrix goodwill' },
    }),
  },
  {
    operation: 'GET /api/customers/:id/account',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/${(await w.target.customer()).id}/account` }),
  },
  {
    operation: 'GET /api/customers/:id/account/entries',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/${(await w.target.customer()).id}/account/entries` }),
  },
  {
    operation: 'PUT /api/customers/:id/account',
    idIn: 'path',
    id: 'customer id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/customers/${(await w.target.customer()).id}/account`,
      payload: { creditLimit: 500, reason: 'Matrix limit' },
    }),
  },
  {
    operation: 'POST /api/customers/:id/account/payments',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: `/api/customers/${(await w.target.customer()).id}/account/payments`,
      payload: { amount: 5, method: 'card' },
    }),
  },
  {
    // Cash into a shift's drawer: the shift's cashier or a Manager / Super Admin (as a cash movement).
    operation: 'POST /api/customers/:id/account/payments',
    idIn: 'path',
    id: "customer id (cash into the branch's shift)",
    expect: { superAdmin: [201, 201, 404], manager: [201, 201, 404], cashier: [403, 404, 404] },
    request: async (w) => ({
      url: `/api/customers/${(await w.target.customer()).id}/account/payments`,
      payload: { amount: 5, method: 'cash', shift_id: (await w.target.shift()).id },
    }),
  },
  // ---- gift vouchers -------------------------------------------------------------------------
  {
    operation: 'POST /api/gift-vouchers',
    idIn: 'body',
    id: 'branchId',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: '/api/gift-vouchers',
      payload: { branchId: w.target.branchId, amount: 25, method: 'card' },
    }),
  },
  {
    // Cash into a shift's drawer: the shift's cashier or a Manager / Super Admin (as a cash movement).
    operation: 'POST /api/gift-vouchers',
    idIn: 'body',
    id: "branchId (cash into the branch's shift)",
    expect: { superAdmin: [201, 201, 404], manager: [201, 201, 404], cashier: [403, 404, 404] },
    request: async (w) => ({
      url: '/api/gift-vouchers',
      payload: { branchId: w.target.branchId, amount: 25, method: 'cash', shift_id: (await w.target.shift()).id },
    }),
  },
  {
    operation: 'GET /api/gift-vouchers/code/:code',
    idIn: 'query',
    id: 'branchId (the code sold there)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/gift-vouchers/code/${(await w.target.giftVoucher()).code}?${q({ branchId: w.target.branchId })}`,
    }),
  },
  {
    operation: 'GET /api/gift-vouchers',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/gift-vouchers?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/gift-vouchers/liability',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/gift-vouchers/liability?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/accounts/ageing',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/accounts/ageing?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/accounts/ageing/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/accounts/ageing/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'PATCH /api/customers/:id',
    idIn: 'path',
    id: 'customer id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/customers/${(await w.target.customer()).id}`, payload: { notes: 'Matrix' } }),
  },

  // ---- returns -------------------------------------------------------------------------------
  {
    operation: 'POST /api/returns',
    idIn: 'body',
    id: 'branchId (with a sale there)',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => {
      const sale = await w.target.sale();
      return { url: '/api/returns', payload: returnPayload(sale.id, w.target.branchId, sale.itemId) };
    },
  },
  {
    operation: 'POST /api/returns',
    idIn: 'body',
    id: 'originalTransactionId (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(201),
    request: async (w) => {
      const sale = await w.target.sale();
      return { url: '/api/returns', payload: returnPayload(sale.id, w.own.branchId, sale.itemId) };
    },
  },
  {
    operation: 'POST /api/returns',
    idIn: 'body',
    id: 'items[].original_transaction_item_id (own sale)',
    expect: MANAGERS_SAME_BRANCH_ONLY(201),
    request: async (w) => {
      const sale = await w.own.sale();
      const item = w.scope === 'own' ? sale : await w.target.sale();
      return { url: '/api/returns', payload: returnPayload(sale.id, w.own.branchId, item.itemId) };
    },
  },
  {
    // A return at a register: the register must be of the request's branch. A Cashier may
    // take returns only there, with a manager's grant (403 APPROVAL_REQUIRED without one) unless the
    // branch's rules let cashiers take returns; a card refund needs no open shift.
    operation: 'POST /api/returns',
    idIn: 'body',
    id: 'register_id (own branch)',
    expect: { superAdmin: [201, 404, 404], manager: [201, 404, 404], cashier: [403, 404, 404] },
    request: async (w) => {
      const [sale, register] = await Promise.all([w.own.sale('card'), w.target.register()]);
      return {
        url: '/api/returns',
        payload: {
          ...returnPayload(sale.id, w.own.branchId, sale.itemId),
          // Not cash: no shift is open at the register; the sale was paid by card.
          refund_method: 'card_refund',
          register_id: register.id,
        },
      };
    },
  },
  {
    // An exchange (POST /exchanges) is a return and a sale: the return's rule for who (a Cashier only at a
    // register, with a manager's grant unless the branch's rules allow), every id in reach of the branch named.
    operation: 'POST /api/exchanges',
    idIn: 'body',
    id: 'branchId (with a sale there)',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => {
      const [sale, product] = await Promise.all([w.target.sale(), w.target.product()]);
      return { url: '/api/exchanges', payload: exchangePayload(sale, w.target.branchId, product) };
    },
  },
  {
    operation: 'POST /api/exchanges',
    idIn: 'body',
    id: 'originalTransactionId (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(201),
    request: async (w) => {
      const [sale, product] = await Promise.all([w.target.sale(), w.own.product()]);
      return { url: '/api/exchanges', payload: exchangePayload(sale, w.own.branchId, product) };
    },
  },
  {
    operation: 'POST /api/exchanges',
    idIn: 'body',
    id: 'sale.items[].product_id (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(201),
    request: async (w) => {
      const [sale, product] = await Promise.all([w.own.sale(), w.target.product()]);
      return { url: '/api/exchanges', payload: exchangePayload(sale, w.own.branchId, product) };
    },
  },
  {
    operation: 'POST /api/exchanges',
    idIn: 'body',
    id: 'register_id (own branch)',
    expect: { superAdmin: [201, 404, 404], manager: [201, 404, 404], cashier: [403, 404, 404] },
    request: async (w) => {
      const [sale, product, register] = await Promise.all([w.own.sale(), w.own.product(), w.target.register()]);
      return {
        url: '/api/exchanges',
        payload: { ...exchangePayload(sale, w.own.branchId, product), register_id: register.id },
      };
    },
  },
  {
    operation: 'GET /api/returns',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/returns?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/returns/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/returns/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/returns/analytics',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/returns/analytics?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/returns/:id',
    idIn: 'path',
    id: 'return id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/returns/${(await w.target.saleReturn()).id}` }),
  },

  // ---- dashboard -----------------------------------------------------------------------------
  {
    operation: 'GET /api/dashboard/sales-summary',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/dashboard/sales-summary?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/dashboard/inventory-summary',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/dashboard/inventory-summary?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/dashboard/returns-summary',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/dashboard/returns-summary?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/dashboard/recent-transactions',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/dashboard/recent-transactions?${q({ branchId: w.target.branchId })}` }),
  },

  // ---- reports -------------------------------------------------------------------------------
  {
    operation: 'GET /api/reports/:report',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/reports/margin-by-product?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/reports/:report',
    idIn: 'query',
    id: 'companyId',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/reports/sales-by-hour?${q({ companyId: w.target.companyId })}` }),
  },
  {
    operation: 'GET /api/reports/:report/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/reports/sales-by-day/export.csv?${q({ branchId: w.target.branchId })}` }),
  },

  // ---- CSV import --------------------------------------------------------------------------------
  // The access matrix sends JSON bodies; a JSON body is not a CSV file, so a caller who passes the
  // access checks gets the file's 400 ('Send the CSV file as the request body'): the branch and the
  // permission are settled before the body is read (test/api/import.test.ts sends real files).
  {
    operation: 'POST /api/import/:kind/preview',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(400),
    request: async (w) => ({ url: `/api/import/products/preview?${q({ branchId: w.target.branchId })}`, payload: {} }),
  },
  {
    operation: 'POST /api/import/:kind/apply',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(400),
    request: async (w) => ({ url: `/api/import/customers/apply?${q({ branchId: w.target.branchId })}`, payload: {} }),
  },
  {
    operation: 'POST /api/import/:kind/rejects',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(400),
    request: async (w) => ({ url: `/api/import/products/rejects?${q({ branchId: w.target.branchId })}`, payload: {} }),
  },
  {
    // From the scope's branch into the caller's own: the same branch (own scope) is the rule's 400.
    operation: 'POST /api/import/products/copy',
    idIn: 'body',
    id: 'fromBranchId',
    expect: { superAdmin: [400, 200, 404], manager: [400, 200, 404], cashier: [403, 403, 403] },
    request: async (w) => ({
      url: '/api/import/products/copy',
      payload: { fromBranchId: w.target.branchId, toBranchId: w.own.branchId },
    }),
  },

  // ---- registers -----------------------------------------------------------------------------
  {
    operation: 'POST /api/registers',
    idIn: 'body',
    id: 'branchId',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: '/api/registers',
      payload: { branchId: w.target.branchId, deviceId: w.unique('device-') },
    }),
  },
  {
    operation: 'GET /api/registers/:id/approvers',
    idIn: 'path',
    id: 'register id (with its branchId)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/registers/${(await w.target.register()).id}/approvers?${q({ branchId: w.target.branchId })}`,
    }),
  },
  {
    operation: 'GET /api/registers/:id/approvers',
    idIn: 'path',
    id: 'register id (own branchId)',
    expect: { superAdmin: [200, 404, 404], manager: [200, 404, 404], cashier: [200, 404, 404] },
    request: async (w) => ({
      url: `/api/registers/${(await w.target.register()).id}/approvers?${q({ branchId: w.own.branchId })}`,
    }),
  },
  {
    operation: 'GET /api/registers',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/registers?${q({ branchId: w.target.branchId })}` }),
  },

  // ---- fiscal reporting: set up by Super Admins, watched by the branch, resent by managers -----------
  {
    operation: 'GET /api/fiscal/settings',
    idIn: 'query',
    id: 'branchId',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/fiscal/settings?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'PUT /api/fiscal/settings',
    idIn: 'body',
    id: 'branchId',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({ url: '/api/fiscal/settings', payload: { branchId: w.target.branchId, provider: 'none' } }),
  },
  {
    operation: 'PUT /api/fiscal/registers/:registerId',
    idIn: 'path',
    id: 'registerId (with its branchId)',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/fiscal/registers/${(await w.target.register()).id}`,
      payload: { branchId: w.target.branchId, posId: 1001, token: 'matrix-token' },
    }),
  },
  {
    operation: 'GET /api/fiscal/status',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/fiscal/status?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/fiscal/documents',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/fiscal/documents?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'POST /api/fiscal/documents/:id/resend',
    idIn: 'path',
    id: 'fiscal document id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/fiscal/documents/${(await w.target.failedFiscalDocument()).id}/resend` }),
  },

  // ---- exceptions ----------------------------------------------------------------------------
  {
    operation: 'GET /api/exceptions',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/exceptions?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'POST /api/exceptions/:saleId/resolve',
    idIn: 'path',
    id: 'saleId (with its branchId)',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/exceptions/${(await w.target.exception()).id}/resolve`,
      payload: { branchId: w.target.branchId, note: 'Checked with the cashier' },
    }),
  },
  {
    operation: 'POST /api/exceptions/:saleId/resolve',
    idIn: 'path',
    id: 'saleId (own branchId)',
    expect: MANAGERS_SAME_BRANCH_ONLY(200),
    request: async (w) => ({
      url: `/api/exceptions/${(await w.target.exception()).id}/resolve`,
      payload: { branchId: w.own.branchId, note: 'Checked with the cashier' },
    }),
  },

  // ---- shifts --------------------------------------------------------------------------------
  {
    operation: 'POST /api/shifts',
    idIn: 'body',
    id: 'branchId + registerId',
    expect: ANY_IN_BRANCH(201),
    request: async (w) => ({
      url: '/api/shifts',
      payload: { branchId: w.target.branchId, registerId: (await w.target.register()).id, openingFloat: 100 },
    }),
  },
  {
    operation: 'GET /api/shifts/current',
    idIn: 'query',
    id: 'registerId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/shifts/current?${q({ registerId: (await w.target.register()).id })}` }),
  },
  {
    operation: 'GET /api/shifts',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/shifts?${q({ branchId: w.target.branchId })}` }),
  },
  {
    // A register filter names a register of the listed branch: any other is 404 (not an empty page).
    operation: 'GET /api/shifts',
    idIn: 'query',
    id: 'registerId (filter, own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(200),
    request: async (w) => ({
      url: `/api/shifts?${q({ branchId: w.own.branchId, registerId: (await w.target.register()).id })}`,
    }),
  },
  {
    operation: 'GET /api/shifts/export.csv',
    idIn: 'query',
    id: 'registerId (filter, own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(200),
    request: async (w) => ({
      url: `/api/shifts/export.csv?${q({ branchId: w.own.branchId, registerId: (await w.target.register()).id })}`,
    }),
  },
  {
    operation: 'GET /api/shifts/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/shifts/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/dashboard/shifts-summary',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/dashboard/shifts-summary?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/shifts/:id/report',
    idIn: 'path',
    id: 'id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/shifts/${(await w.target.shift()).id}/report` }),
  },
  {
    // The target shift is another cashier's: a Cashier of its branch gets 403 (only the shift's own
    // cashier, or a Manager or Super Admin, moves cash on it; tested in shift-controls.test.ts).
    operation: 'POST /api/shifts/:id/cash-movements',
    idIn: 'path',
    id: 'id',
    expect: { superAdmin: [201, 201, 404], manager: [201, 201, 404], cashier: [403, 404, 404] },
    request: async (w) => ({
      url: `/api/shifts/${(await w.target.shift()).id}/cash-movements`,
      payload: { kind: 'paid_in', amount: 10, reason: 'Change brought in' },
    }),
  },
  {
    // A drawer opening without a sale, audited: the shift's cashier or a Manager / Super Admin (as above).
    operation: 'POST /api/shifts/:id/no-sale',
    idIn: 'path',
    id: 'id',
    expect: { superAdmin: [201, 201, 404], manager: [201, 201, 404], cashier: [403, 404, 404] },
    request: async (w) => ({ url: `/api/shifts/${(await w.target.shift()).id}/no-sale` }),
  },
  {
    operation: 'POST /api/shifts/:id/close',
    idIn: 'path',
    id: 'id',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/shifts/${(await w.target.shift()).id}/close`, payload: { counted: 0 } }),
  },

  // ---- offline sync --------------------------------------------------------------------------
  {
    operation: 'GET /api/sync/catalogue',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/sync/catalogue?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/sync/customers',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/sync/customers?${q({ branchId: w.target.branchId })}` }),
  },
  {
    // The company's vouchers (digests, never codes) for a register of the branch: as the customer sync.
    operation: 'GET /api/sync/gift-vouchers',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/sync/gift-vouchers?${q({ branchId: w.target.branchId })}` }),
  },

  {
    operation: 'POST /api/events/ticket',
    idIn: 'body',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: '/api/events/ticket', payload: { branchId: w.target.branchId } }),
  },
  {
    // The stream's credential is its ticket (issued by the row above, within reach); without a valid one, 401.
    operation: 'GET /api/events',
    idIn: 'none',
    id: '-',
    expect: EVERYONE(401),
    request: async () => ({ url: '/api/events?ticket=not-a-ticket' }),
  },

  // ---- inventory -----------------------------------------------------------------------------
  {
    operation: 'GET /api/inventory/flags',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/inventory/flags?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/inventory/stock',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/inventory/stock?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/inventory/stock/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/inventory/stock/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/inventory/movements/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/inventory/movements/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/inventory/stock',
    idIn: 'query',
    id: 'categoryId (filter)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/inventory/stock?${q({ branchId: w.own.branchId, categoryId: (await w.target.category()).id })}`,
    }),
  },
  {
    operation: 'GET /api/inventory/movements',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/inventory/movements?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/inventory/movements',
    idIn: 'query',
    id: 'productId (filter)',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({
      url: `/api/inventory/movements?${q({ branchId: w.own.branchId, productId: (await w.target.product()).id })}`,
    }),
  },
  {
    operation: 'POST /api/inventory/adjustments',
    idIn: 'body',
    id: 'branchId (with its product)',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: '/api/inventory/adjustments',
      payload: {
        branchId: w.target.branchId,
        productId: (await w.target.product()).id,
        newQuantity: 7,
        reason: 'Count',
      },
    }),
  },
  {
    operation: 'POST /api/inventory/adjustments',
    idIn: 'body',
    id: 'productId (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(200),
    request: async (w) => ({
      url: '/api/inventory/adjustments',
      payload: { branchId: w.own.branchId, productId: (await w.target.product()).id, newQuantity: 7, reason: 'Count' },
    }),
  },
  {
    operation: 'POST /api/inventory/write-offs',
    idIn: 'body',
    id: 'branchId (with a product there)',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/inventory/write-offs',
      payload: {
        branchId: w.target.branchId,
        productId: (await w.target.product()).id,
        type: 'damage',
        quantity: 1,
        reason: 'Broken',
      },
    }),
  },
  {
    operation: 'POST /api/inventory/write-offs',
    idIn: 'body',
    id: 'productId (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(201),
    request: async (w) => ({
      url: '/api/inventory/write-offs',
      payload: {
        branchId: w.own.branchId,
        productId: (await w.target.product()).id,
        type: 'expiry',
        quantity: 1,
        reason: 'Expired',
      },
    }),
  },

  // ---- transfers between branches ---------------------------------------------------------------
  {
    operation: 'GET /api/transfers',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/transfers?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/transfers/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: ANY_IN_BRANCH(200),
    request: async (w) => ({ url: `/api/transfers/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'POST /api/transfers',
    idIn: 'body',
    id: 'fromBranchId (with a product there)',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => {
      const { toBranchId } = await w.target.transfer();
      const product = await w.target.product();
      return {
        url: '/api/transfers',
        payload: { fromBranchId: w.target.branchId, toBranchId, lines: [{ productId: product.id, quantity: 1 }] },
      };
    },
  },
  {
    // From the own branch to the target branch: itself is the request schema's 400 (choose another
    // branch), answered before any permission, like every malformed request.
    operation: 'POST /api/transfers',
    idIn: 'body',
    id: 'toBranchId',
    expect: {
      superAdmin: [400, 201, 404],
      manager: [400, 201, 404],
      cashier: [400, 403, 403],
    },
    request: async (w) => ({
      url: '/api/transfers',
      payload: {
        fromBranchId: w.own.branchId,
        toBranchId: w.target.branchId,
        lines: [{ productId: (await w.own.product()).id, quantity: 1 }],
      },
    }),
  },
  {
    operation: 'POST /api/transfers',
    idIn: 'body',
    id: 'lines[].productId (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(201),
    request: async (w) => {
      const { toBranchId } = await w.own.transfer();
      return {
        url: '/api/transfers',
        payload: {
          fromBranchId: w.own.branchId,
          toBranchId,
          lines: [{ productId: (await w.target.product()).id, quantity: 1 }],
        },
      };
    },
  },
  {
    // A Cashier reads transfers from or to their branch (another branch's transfer comes to theirs).
    operation: 'GET /api/transfers/:id',
    idIn: 'path',
    id: 'transfer id',
    expect: { superAdmin: [200, 200, 404], manager: [200, 200, 404], cashier: [200, 200, 404] },
    request: async (w) => ({ url: `/api/transfers/${(await w.target.transfer()).id}` }),
  },
  {
    operation: 'PUT /api/transfers/:id',
    idIn: 'path',
    id: 'transfer id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => {
      const t = await w.target.transfer();
      return {
        url: `/api/transfers/${t.id}`,
        payload: { toBranchId: t.toBranchId, note: 'Matrix', lines: [{ productId: t.productId, quantity: 3 }] },
      };
    },
  },
  {
    operation: 'POST /api/transfers/:id/send',
    idIn: 'path',
    id: 'transfer id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/transfers/${(await w.target.transfer()).id}/send`, payload: {} }),
  },
  {
    operation: 'POST /api/transfers/:id/cancel',
    idIn: 'path',
    id: 'transfer id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/transfers/${(await w.target.transfer()).id}/cancel`, payload: {} }),
  },
  {
    // A Cashier receives only where their branch allows it (off by default: 403 whatever the id).
    operation: 'POST /api/transfers/:id/receive',
    idIn: 'path',
    id: 'transfer id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => {
      const t = await w.target.transfer('in_transit');
      return {
        url: `/api/transfers/${t.id}/receive`,
        payload: { lines: [{ lineId: t.lineId, received: 1, damaged: 1 }] },
      };
    },
  },
  {
    operation: 'POST /api/transfers/:id/close',
    idIn: 'path',
    id: 'transfer id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/transfers/${(await w.target.transfer('in_transit')).id}/close`,
      payload: { note: 'Matrix' },
    }),
  },
  // ---- the company's catalogue: items, variants, listings -------------------------------------------
  {
    operation: 'GET /api/items',
    idIn: 'query',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/items?${q({ companyId: w.target.companyId })}` }),
  },
  {
    operation: 'GET /api/items/:id',
    idIn: 'path',
    id: 'item id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/items/${(await w.target.variant()).itemId}` }),
  },
  {
    operation: 'POST /api/items',
    idIn: 'body',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/items',
      payload: { companyId: w.target.companyId, name: w.unique('Matrix Item '), price: 10 },
    }),
  },
  {
    operation: 'POST /api/items',
    idIn: 'body',
    id: 'branchIds',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/items',
      payload: {
        companyId: w.own.companyId,
        name: w.unique('Matrix Item '),
        price: 10,
        branchIds: [w.target.branchId],
      },
    }),
  },
  {
    operation: 'POST /api/items',
    idIn: 'body',
    id: 'taxClassId',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/items',
      payload: {
        companyId: w.own.companyId,
        name: w.unique('Matrix Item '),
        price: 10,
        taxClassId: (await w.target.taxClass()).id,
      },
    }),
  },
  // ---- tax classes: read by the catalogue's managers, changed by Super Admins ---------------------------
  {
    operation: 'GET /api/tax-classes',
    idIn: 'query',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/tax-classes?${q({ companyId: w.target.companyId })}` }),
  },
  {
    operation: 'POST /api/tax-classes',
    idIn: 'body',
    id: 'companyId',
    expect: ADMIN_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/tax-classes',
      payload: { companyId: w.target.companyId, name: w.unique('Matrix Class '), kind: 'reduced', rate: 5 },
    }),
  },
  {
    operation: 'PATCH /api/tax-classes/:id',
    idIn: 'path',
    id: 'tax class id',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/tax-classes/${(await w.target.taxClass()).id}`,
      payload: { pctCode: '0401.1000' },
    }),
  },
  {
    operation: 'DELETE /api/tax-classes/:id',
    idIn: 'path',
    id: 'tax class id',
    expect: ADMIN_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/tax-classes/${(await w.target.taxClass()).id}` }),
  },
  {
    operation: 'PATCH /api/items/:id',
    idIn: 'path',
    id: 'item id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/items/${(await w.target.variant()).itemId}`, payload: { description: 'x' } }),
  },
  {
    operation: 'PATCH /api/variants/:id',
    idIn: 'path',
    id: 'variant id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/variants/${(await w.target.variant()).id}`, payload: { price: 12 } }),
  },
  {
    operation: 'POST /api/variants/prices',
    idIn: 'body',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: '/api/variants/prices',
      payload: { companyId: w.target.companyId, changes: [{ variantId: (await w.target.variant()).id, price: 12 }] },
    }),
  },
  {
    operation: 'POST /api/variants/prices',
    idIn: 'body',
    id: 'variantId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: '/api/variants/prices',
      payload: { companyId: w.own.companyId, changes: [{ variantId: (await w.target.variant()).id, price: 12 }] },
    }),
  },
  {
    operation: 'POST /api/variants/:id/barcodes',
    idIn: 'path',
    id: 'variant id',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: `/api/variants/${(await w.target.variant()).id}/barcodes`,
      payload: { code: w.unique('BC-') },
    }),
  },
  {
    operation: 'DELETE /api/barcodes/:id',
    idIn: 'path',
    id: 'barcode id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/barcodes/${(await w.target.barcode()).id}` }),
  },
  {
    operation: 'PUT /api/variants/:id/listings/:branchId',
    idIn: 'path',
    id: 'variant id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/variants/${(await w.target.variant()).id}/listings/${w.target.branchId}`,
      payload: { price: 30 },
    }),
  },
  {
    operation: 'PUT /api/variants/:id/listings/:branchId',
    idIn: 'path',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/variants/${(await w.own.variant()).id}/listings/${w.target.branchId}`,
      payload: { price: null },
    }),
  },
  // ---- suppliers, purchase orders and stock counts (purchasing) ----------------------------------
  {
    operation: 'GET /api/suppliers',
    idIn: 'query',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/suppliers?${q({ companyId: w.target.companyId })}` }),
  },
  {
    operation: 'GET /api/suppliers/export.csv',
    idIn: 'query',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/suppliers/export.csv?${q({ companyId: w.target.companyId })}` }),
  },
  {
    operation: 'POST /api/suppliers',
    idIn: 'body',
    id: 'companyId',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/suppliers',
      payload: { companyId: w.target.companyId, name: w.unique('Matrix Supplier ') },
    }),
  },
  {
    operation: 'GET /api/suppliers/:id',
    idIn: 'path',
    id: 'supplier id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/suppliers/${(await w.target.supplier()).id}` }),
  },
  {
    operation: 'PATCH /api/suppliers/:id',
    idIn: 'path',
    id: 'supplier id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/suppliers/${(await w.target.supplier()).id}`, payload: { phone: '0300-1' } }),
  },
  {
    operation: 'DELETE /api/suppliers/:id',
    idIn: 'path',
    id: 'supplier id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/suppliers/${(await w.target.supplier()).id}` }),
  },
  {
    operation: 'GET /api/purchase-orders',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/purchase-orders?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/purchase-orders/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/purchase-orders/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'POST /api/purchase-orders',
    idIn: 'body',
    id: 'branchId (with its supplier and product)',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/purchase-orders',
      payload: {
        branchId: w.target.branchId,
        supplierId: (await w.target.supplier()).id,
        lines: [{ productId: (await w.target.product()).id, quantity: 3, unitCost: 4.5 }],
      },
    }),
  },
  {
    operation: 'POST /api/purchase-orders',
    idIn: 'body',
    id: 'productId (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(201),
    request: async (w) => ({
      url: '/api/purchase-orders',
      payload: {
        branchId: w.own.branchId,
        supplierId: (await w.own.supplier()).id,
        lines: [{ productId: (await w.target.product()).id, quantity: 3, unitCost: 4.5 }],
      },
    }),
  },
  {
    operation: 'POST /api/purchase-orders',
    idIn: 'body',
    id: 'supplierId (own branch)',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({
      url: '/api/purchase-orders',
      payload: {
        branchId: w.own.branchId,
        supplierId: (await w.target.supplier()).id,
        lines: [{ productId: (await w.own.product()).id, quantity: 3, unitCost: 4.5 }],
      },
    }),
  },
  {
    // The target branch gets a product at its low-stock threshold (stock 10, threshold 10) first.
    operation: 'POST /api/purchase-orders/reorder',
    idIn: 'body',
    id: 'branchId (with its supplier)',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => {
      await w.target.product();
      return {
        url: '/api/purchase-orders/reorder',
        payload: { branchId: w.target.branchId, supplierId: (await w.target.supplier()).id },
      };
    },
  },
  {
    operation: 'GET /api/purchase-orders/:id',
    idIn: 'path',
    id: 'purchase order id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/purchase-orders/${(await w.target.purchaseOrder()).id}` }),
  },
  {
    operation: 'PATCH /api/purchase-orders/:id',
    idIn: 'path',
    id: 'purchase order id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({
      url: `/api/purchase-orders/${(await w.target.purchaseOrder()).id}`,
      payload: { note: 'Matrix' },
    }),
  },
  {
    operation: 'POST /api/purchase-orders/:id/order',
    idIn: 'path',
    id: 'purchase order id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/purchase-orders/${(await w.target.purchaseOrder()).id}/order`, payload: {} }),
  },
  {
    operation: 'POST /api/purchase-orders/:id/cancel',
    idIn: 'path',
    id: 'purchase order id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/purchase-orders/${(await w.target.purchaseOrder()).id}/cancel`, payload: {} }),
  },
  {
    operation: 'POST /api/purchase-orders/:id/receive',
    idIn: 'path',
    id: 'purchase order id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => {
      const po = await w.target.purchaseOrder('ordered');
      return {
        url: `/api/purchase-orders/${po.id}/receive`,
        payload: { lines: [{ productId: po.productId, quantity: 2 }] },
      };
    },
  },
  {
    // A Cashier counts only where the branch allows it (cashier_may_count, off by default): 403 there.
    operation: 'GET /api/stock-counts',
    idIn: 'query',
    id: 'branchId',
    expect: { superAdmin: [200, 200, 404], manager: [200, 200, 404], cashier: [403, 404, 404] },
    request: async (w) => ({ url: `/api/stock-counts?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/stock-counts/export.csv',
    idIn: 'query',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/stock-counts/export.csv?${q({ branchId: w.target.branchId })}` }),
  },
  {
    operation: 'GET /api/stock-counts/:id/variances/export.csv',
    idIn: 'path',
    id: 'stock count id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/stock-counts/${(await w.target.stockCount()).id}/variances/export.csv` }),
  },
  {
    operation: 'POST /api/stock-counts',
    idIn: 'body',
    id: 'branchId',
    expect: MANAGERS_IN_COMPANY(201),
    request: async (w) => ({ url: '/api/stock-counts', payload: { branchId: w.target.branchId } }),
  },
  {
    operation: 'POST /api/stock-counts',
    idIn: 'body',
    id: 'categoryId (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(201),
    request: async (w) => ({
      url: '/api/stock-counts',
      payload: { branchId: w.own.branchId, categoryId: (await w.target.category()).id },
    }),
  },
  {
    operation: 'GET /api/stock-counts/:id',
    idIn: 'path',
    id: 'stock count id',
    expect: { superAdmin: [200, 200, 404], manager: [200, 200, 404], cashier: [403, 404, 404] },
    request: async (w) => ({ url: `/api/stock-counts/${(await w.target.stockCount()).id}` }),
  },
  {
    operation: 'GET /api/stock-counts/:id/lines',
    idIn: 'path',
    id: 'stock count id',
    expect: { superAdmin: [200, 200, 404], manager: [200, 200, 404], cashier: [403, 404, 404] },
    request: async (w) => ({ url: `/api/stock-counts/${(await w.target.stockCount()).id}/lines` }),
  },
  {
    operation: 'POST /api/stock-counts/:id/lines',
    idIn: 'path',
    id: 'stock count id (with its product)',
    expect: { superAdmin: [200, 200, 404], manager: [200, 200, 404], cashier: [403, 404, 404] },
    request: async (w) => {
      const count = await w.target.stockCount();
      return { url: `/api/stock-counts/${count.id}/lines`, payload: { productId: count.productId, quantity: 3 } };
    },
  },
  {
    operation: 'POST /api/stock-counts/:id/lines',
    idIn: 'body',
    id: 'productId (own branch)',
    expect: MANAGERS_SAME_BRANCH_ONLY(200),
    request: async (w) => ({
      url: `/api/stock-counts/${(await w.own.stockCount()).id}/lines`,
      payload: { productId: (await w.target.product()).id, quantity: 3 },
    }),
  },
  {
    operation: 'GET /api/stock-counts/:id/variances',
    idIn: 'path',
    id: 'stock count id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/stock-counts/${(await w.target.stockCount()).id}/variances` }),
  },
  {
    operation: 'POST /api/stock-counts/:id/apply',
    idIn: 'path',
    id: 'stock count id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/stock-counts/${(await w.target.stockCount()).id}/apply`, payload: {} }),
  },
  {
    operation: 'POST /api/stock-counts/:id/cancel',
    idIn: 'path',
    id: 'stock count id',
    expect: MANAGERS_IN_COMPANY(200),
    request: async (w) => ({ url: `/api/stock-counts/${(await w.target.stockCount()).id}/cancel`, payload: {} }),
  },
];
