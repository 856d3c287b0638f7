import { ROLE_IDS, type RoleId } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import {
  branches,
  brands,
  categories,
  categoryBranches,
  companies,
  companyMembers,
  products,
  stockMovements,
  users,
} from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const PASSWORD = 'Secret123';
let passwordHash: Promise<string> | undefined;

export async function createCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [company] = await db
    .insert(companies)
    .values({
      name: unique('Company '),
      address: '1 Test Street',
      phone: '0300-0000000',
      email: 'co@example.com',
      ...overrides,
    })
    .returning();
  if (!company) throw new Error('company');
  return company;
}

export async function createBranch(
  db: Db,
  { companyId, ...overrides }: { companyId: string } & Partial<typeof branches.$inferInsert>,
) {
  const [branch] = await db
    .insert(branches)
    .values({
      companyId,
      name: unique('Branch '),
      address: '2 Test Avenue',
      phone: '0300-1111111',
      isMain: false,
      timezone: 'Asia/Karachi',
      ...overrides,
    })
    .returning();
  if (!branch) throw new Error('branch');
  return branch;
}

export async function createUser(
  db: Db,
  {
    roleId = ROLE_IDS.cashier,
    companyId = null,
    branchId = null,
    isSuperUser = false,
    isActive = true,
    username = unique('user'),
  }: {
    roleId?: RoleId;
    companyId?: string | null;
    branchId?: string | null;
    isSuperUser?: boolean;
    isActive?: boolean;
    username?: string;
  } = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: `Test ${username}`,
      username,
      email: `${username}@example.com`,
      passwordHash: await passwordHash,
      roleId,
      companyId,
      branchId,
      isSuperUser,
      isActive,
    })
    .returning();
  if (!user) throw new Error('user');
  if (roleId === ROLE_IDS.superAdmin && companyId) {
    await db.insert(companyMembers).values({ companyId, userId: user.id });
  }
  return user;
}

/** A company with a main branch and a second branch, plus one user of each role. */
export async function createTenant(db: Db) {
  const company = await createCompany(db);
  const main = await createBranch(db, { companyId: company.id, isMain: true, name: unique('Main ') });
  const second = await createBranch(db, { companyId: company.id });
  const admin = await createUser(db, { roleId: ROLE_IDS.superAdmin, companyId: company.id });
  const manager = await createUser(db, { roleId: ROLE_IDS.manager, companyId: company.id, branchId: main.id });
  const cashier = await createUser(db, { roleId: ROLE_IDS.cashier, companyId: company.id, branchId: main.id });
  return { company, main, second, admin, manager, cashier };
}

export async function login(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A request as a signed-in user: app.inject with the bearer header and, for POST/PUT/PATCH, a JSON body. */
export function request(
  app: FastifyInstance,
  token: string | undefined,
  {
    method = 'GET',
    url,
    payload,
  }: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown },
) {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** A category attached to the given branches (all in one company). */
export async function createCategory(
  db: Db,
  {
    companyId,
    branchIds,
    ...overrides
  }: { companyId: string; branchIds: string[] } & Partial<typeof categories.$inferInsert>,
) {
  const [category] = await db
    .insert(categories)
    .values({ companyId, name: unique('Category '), ...overrides })
    .returning();
  if (!category) throw new Error('category');
  if (branchIds.length > 0) {
    await db
      .insert(categoryBranches)
      .values(branchIds.map((branchId) => ({ companyId, categoryId: category.id, branchId })));
  }
  return category;
}

export async function createBrand(
  db: Db,
  { companyId, branchId, ...overrides }: { companyId: string; branchId: string } & Partial<typeof brands.$inferInsert>,
) {
  const [brand] = await db
    .insert(brands)
    .values({ companyId, branchId, name: unique('Brand '), ...overrides })
    .returning();
  if (!brand) throw new Error('brand');
  return brand;
}

/** A product with an initial_stock movement when it starts with stock (the ledger invariant holds). */
export async function createProduct(
  db: Db,
  {
    companyId,
    branchId,
    ...overrides
  }: { companyId: string; branchId: string } & Partial<typeof products.$inferInsert>,
) {
  const [product] = await db
    .insert(products)
    .values({
      companyId,
      branchId,
      name: unique('Product '),
      sku: unique('SKU-'),
      cost: '50.00',
      price: '80.00',
      stockQuantity: 20,
      ...overrides,
    })
    .returning();
  if (!product) throw new Error('product');
  if (product.stockQuantity > 0) {
    await db.insert(stockMovements).values({
      companyId,
      branchId,
      productId: product.id,
      movementType: 'initial_stock',
      direction: 'in',
      quantity: product.stockQuantity,
      previousQuantity: 0,
      newQuantity: product.stockQuantity,
    });
  }
  return product;
}
