import { randomInt, randomUUID } from 'node:crypto';
import {
  computeCartTotals,
  computeReturnRefund,
  fromMinor,
  lineGoodsMinor,
  ROLE_IDS,
  type RoleId,
  toMinor,
} from '@pos/shared';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import {
  barcodes,
  branches,
  brands,
  categories,
  categoryBranches,
  companies,
  companyMembers,
  customers,
  fiscalDocuments,
  giftVoucherEntries,
  giftVouchers,
  products,
  registers,
  returnItems,
  returns,
  saleItems,
  sales,
  shifts,
  taxClasses,
  users,
  variants,
} from '../../src/db/schema';
import { listingPrice } from '../../src/domain/catalog.repo';
import { nextReceiptNumber } from '../../src/domain/document-numbers.repo';
import { recordInitialStock } from '../../src/domain/stock-ledger.repo';
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
    pin,
  }: {
    roleId?: RoleId;
    companyId?: string | null;
    branchId?: string | null;
    isSuperUser?: boolean;
    isActive?: boolean;
    username?: string;
    /** An approval PIN (Managers and Super Admins; domain/approvals.ts). */
    pin?: string;
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
      pinHash: pin === undefined ? null : await hashPassword(pin),
    })
    .returning();
  if (!user) throw new Error('user');
  if (roleId === ROLE_IDS.superAdmin && companyId) {
    await db.insert(companyMembers).values({ companyId, userId: user.id });
  }
  return user;
}

/**
 * A company with a main branch and a second branch, plus one user of each role. With `shifts`, each
 * user has an open shift (float 0) at a register of their own at the main branch, and the Super Admin
 * and the Manager at the second branch too, so cash sales and refunds through the API pass
 * (docs/architecture/shifts.md).
 */
export async function createTenant(db: Db, { shifts: withShifts = false }: { shifts?: boolean } = {}) {
  const company = await createCompany(db);
  const main = await createBranch(db, { companyId: company.id, isMain: true, name: unique('Main ') });
  const second = await createBranch(db, { companyId: company.id });
  const admin = await createUser(db, { roleId: ROLE_IDS.superAdmin, companyId: company.id });
  const manager = await createUser(db, { roleId: ROLE_IDS.manager, companyId: company.id, branchId: main.id });
  const cashier = await createUser(db, { roleId: ROLE_IDS.cashier, companyId: company.id, branchId: main.id });
  if (withShifts) {
    for (const [branchId, user] of [
      [main.id, admin],
      [main.id, manager],
      [main.id, cashier],
      [second.id, admin],
      [second.id, manager],
    ] as const) {
      await openTestShift(db, { companyId: company.id, branchId, userId: user.id });
    }
  }
  return { company, main, second, admin, manager, cashier };
}

/** A register enrolled directly, coded like the enrolment does (the branch's next R<n>). */
export async function createRegister(db: Db, { companyId, branchId }: { companyId: string; branchId: string }) {
  const next = sql<string>`(select 'R' || (coalesce(max(substring(${registers.code} from 2)::int), 0) + 1)
    from ${registers} where ${registers.companyId} = ${companyId} and ${registers.branchId} = ${branchId})`;
  const [register] = await db
    .insert(registers)
    .values({ companyId, branchId, deviceId: unique('test-device-'), code: next })
    .returning({ id: registers.id, code: registers.code });
  if (!register) throw new Error('register');
  return register;
}

/** A new open shift (float 0) of a new cashier of the branch at a new register. */
export async function createOpenShift(db: Db, { companyId, branchId }: { companyId: string; branchId: string }) {
  const user = await createUser(db, { roleId: ROLE_IDS.cashier, companyId, branchId });
  return openTestShift(db, { companyId, branchId, userId: user.id });
}

/**
 * The user's open shift in the branch, or a new one (float 0) at a new register of the branch enrolled
 * for the test: a cash sale or refund needs one (migration 0013/0014's triggers).
 */
export async function openTestShift(
  db: Db,
  {
    companyId,
    branchId,
    userId,
    openingFloat = '0.00',
  }: { companyId: string; branchId: string; userId: string; openingFloat?: string },
) {
  const [open] = await db
    .select({ id: shifts.id, registerId: shifts.registerId })
    .from(shifts)
    .where(
      and(
        eq(shifts.companyId, companyId),
        eq(shifts.branchId, branchId),
        eq(shifts.cashierId, userId),
        eq(shifts.status, 'open'),
      ),
    )
    .limit(1);
  if (open) return open;
  const register = await createRegister(db, { companyId, branchId });
  const [shift] = await db
    .insert(shifts)
    .values({ companyId, branchId, registerId: register.id, cashierId: userId, openingFloat })
    .returning({ id: shifts.id, registerId: shifts.registerId });
  if (!shift) throw new Error('shift');
  return shift;
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

/** A tax class of the company (exempt at 0 % unless told otherwise). */
export async function createTaxClass(
  db: Db,
  { companyId, ...overrides }: { companyId: string } & Partial<typeof taxClasses.$inferInsert>,
) {
  const [row] = await db
    .insert(taxClasses)
    .values({ companyId, name: unique('Tax class '), kind: 'exempt', rate: '0', ...overrides })
    .returning();
  if (!row) throw new Error('tax class');
  return row;
}

/** A products row as it sells, for `db.select(listingColumns)`: the stored price is null when it is the chain price. */
export const listingColumns = { ...getTableColumns(products), price: listingPrice() };

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
  // The row stores no price when it is the chain price: the factory answers the listing's price.
  const [{ price } = { price: null }] = await db
    .select({ price: listingPrice() })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, product.id)));
  if (price === null) throw new Error('product price');
  if (product.stockQuantity > 0) {
    await recordInitialStock(db, {
      companyId,
      branchId,
      productId: product.id,
      quantity: product.stockQuantity,
      userId: null,
    });
  }
  return { ...product, price };
}

/** A product's variant in the company's catalogue, with its item. */
export async function variantOf(db: Db, product: { companyId: string; variantId: string }) {
  const [variant] = await db
    .select({ id: variants.id, itemId: variants.itemId })
    .from(variants)
    .where(and(eq(variants.companyId, product.companyId), eq(variants.id, product.variantId)));
  if (!variant) throw new Error('variant');
  return variant;
}

/** A Code 128 barcode of a new product's variant (its listings' copies refreshed, as the API does). */
export async function createBarcode(db: Db, product: { companyId: string; variantId: string }) {
  const [barcode] = await db
    .insert(barcodes)
    .values({ companyId: product.companyId, variantId: product.variantId, code: unique('BC-'), kind: 'code128' })
    .returning();
  if (!barcode) throw new Error('barcode');
  const { itemId } = await variantOf(db, product);
  await db.execute(sql`select pos_catalog_refresh_listings(${product.companyId}::uuid, array[${itemId}::uuid])`);
  return barcode;
}

type SaleLine = { product: { id: string; name: string; sku: string | null; price: string }; quantity: number };

/**
 * A sale inserted directly (bookkeeping only: stock and movements are not touched), for reports that
 * need chosen timestamps. Totals come from the shared money module like POST /transactions; the
 * receipt number from the branch's counter. The kept totals follow by the roll-up.
 */
export async function createSale(
  db: Db,
  {
    companyId,
    branchId,
    cashierId,
    lines,
    createdAt,
    taxRate = 0,
    discountType = 'amount',
    discountValue = 0,
    paymentMethod = 'cash',
    customerId = null,
    status = 'completed',
  }: {
    companyId: string;
    branchId: string;
    cashierId: string;
    lines: SaleLine[];
    createdAt?: Date;
    taxRate?: number;
    discountType?: 'amount' | 'percentage';
    discountValue?: number;
    paymentMethod?: 'cash' | 'card';
    customerId?: string | null;
    status?: string;
  },
) {
  const totals = computeCartTotals({
    items: lines.map((l) => ({ price: Number(l.product.price), quantity: l.quantity })),
    taxRate,
    discountType,
    discountValue,
  });
  if (paymentMethod === 'cash') await openTestShift(db, { companyId, branchId, userId: cashierId });
  const receiptNumber = await nextReceiptNumber(db, { branchId });
  // One transaction, as the server writes a sale: the roll-up never sees the sale without its lines.
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .insert(sales)
      .values({
        companyId,
        branchId,
        receiptNumber,
        cashierId,
        customerId,
        paymentMethod,
        status,
        subtotal: totals.subtotal.toFixed(2),
        discountType,
        discountValue: discountValue.toFixed(2),
        discountAmount: totals.discountAmount.toFixed(2),
        taxRate: taxRate.toFixed(2),
        taxAmount: totals.tax.toFixed(2),
        total: totals.total.toFixed(2),
        amountPaid: totals.total.toFixed(2),
        changeAmount: '0.00',
        ...(createdAt && { createdAt, soldAt: createdAt }),
      })
      .returning();
    if (!sale) throw new Error('sale');
    const items = await tx
      .insert(saleItems)
      .values(
        lines.map((l) => ({
          companyId,
          saleId: sale.id,
          productId: l.product.id,
          productName: l.product.name,
          productSku: l.product.sku,
          quantity: l.quantity,
          unitPrice: l.product.price,
          subtotal: fromMinor(lineGoodsMinor(toMinor(Number(l.product.price)), l.quantity)).toFixed(2),
          taxRate: taxRate.toFixed(2),
        })),
      )
      .returning();
    return { sale, items };
  });
}

let returnCounter = 0;

/**
 * A return inserted directly, as the returns API records one: each line refunds what the customer paid
 * for its units (the shared computeReturnRefund: its share of the sale's discount and tax) less the
 * restocking fee, the refund is their sum, and the sale items' returned_quantity rises (stock is not
 * touched).
 */
export async function createReturn(
  db: Db,
  {
    companyId,
    branchId,
    saleId,
    processedBy,
    items,
    createdAt,
    status = 'completed',
    refundMethod = 'cash',
    reason = 'defective',
  }: {
    companyId: string;
    branchId: string;
    saleId: string;
    processedBy: string;
    items: { saleItemId: string; quantity: number; restockingFee?: number }[];
    createdAt?: Date;
    status?: string;
    refundMethod?: (typeof returns.$inferInsert)['refundMethod'];
    reason?: string;
  },
) {
  const [sale] = await db
    .select({ discountAmount: sales.discountAmount, taxAmount: sales.taxAmount })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.id, saleId)));
  const sold = await db
    .select()
    .from(saleItems)
    .where(and(eq(saleItems.companyId, companyId), eq(saleItems.saleId, saleId)));
  if (!sale) throw new Error(`sale ${saleId}`);
  const computed = computeReturnRefund({
    sale: {
      discountAmount: Number(sale.discountAmount),
      taxAmount: Number(sale.taxAmount),
      items: sold.map((s) => ({
        id: s.id,
        quantity: s.quantity,
        unitPrice: Number(s.unitPrice),
        returnedQuantity: s.returnedQuantity,
      })),
    },
    lines: items.map((i) => ({ saleItemId: i.saleItemId, quantity: i.quantity, restockingFee: i.restockingFee ?? 0 })),
  });
  const lines = items.map((i, index) => {
    const item = sold.find((s) => s.id === i.saleItemId);
    const piece = computed.lines[index];
    if (!item || !piece) throw new Error(`sale item ${i.saleItemId} not in sale ${saleId}`);
    return { item, quantity: i.quantity, piece };
  });
  const refund = computed.total.refund;
  returnCounter += 1;
  if (refundMethod === 'cash') await openTestShift(db, { companyId, branchId, userId: processedBy });
  const [row] = await db
    .insert(returns)
    .values({
      companyId,
      branchId,
      returnNumber: `RET-${Date.now().toString(36)}-${returnCounter}`,
      originalSaleId: saleId,
      processedBy,
      status,
      refundAmount: fromMinor(refund).toFixed(2),
      refundMethod,
      reason,
      ...(createdAt && { createdAt }),
    })
    .returning();
  if (!row) throw new Error('return');
  const rows = await db
    .insert(returnItems)
    .values(
      lines.map((l) => ({
        companyId,
        returnId: row.id,
        saleItemId: l.item.id,
        productId: l.item.productId,
        productName: l.item.productName,
        productSku: l.item.productSku,
        quantity: l.quantity,
        unitPrice: l.item.unitPrice,
        restockingFee: fromMinor(l.piece.fee).toFixed(2),
        discountAmount: fromMinor(l.piece.discount).toFixed(2),
        taxAmount: fromMinor(l.piece.tax).toFixed(2),
        goods: fromMinor(l.piece.goods).toFixed(2),
        totalAmount: fromMinor(l.piece.refund).toFixed(2),
      })),
    )
    .returning();
  for (const l of lines) {
    await db
      .update(saleItems)
      .set({ returnedQuantity: sql`${saleItems.returnedQuantity} + ${l.quantity}` })
      .where(and(eq(saleItems.companyId, companyId), eq(saleItems.id, l.item.id)));
  }
  return { return: row, items: rows };
}

export async function createCustomer(
  db: Db,
  {
    companyId,
    branchId,
    ...overrides
  }: { companyId: string; branchId: string } & Partial<typeof customers.$inferInsert>,
) {
  const [customer] = await db
    .insert(customers)
    .values({ companyId, branchId, name: unique('Customer '), phone: unique('03'), ...overrides })
    .returning();
  if (!customer) throw new Error('customer');
  return customer;
}

/** A gift voucher of 25.00 sold by card at the branch (its issue entry gives the balance). */
export async function createGiftVoucher(db: Db, { companyId, branchId }: { companyId: string; branchId: string }) {
  const code = `GV${Array.from({ length: 10 }, () => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[randomInt(32)]).join('')}`;
  const [voucher] = await db
    .insert(giftVouchers)
    .values({ companyId, branchId, code, amount: '25.00', method: 'card' })
    .returning({ id: giftVouchers.id, code: giftVouchers.code });
  if (!voucher) throw new Error('gift voucher');
  await db.insert(giftVoucherEntries).values({ companyId, voucherId: voucher.id, amount: '25.00', kind: 'issue' });
  return voucher;
}

/** A fiscal invoice of this branch its authority refused (the outbox's 'failed'), for a manager to resend. */
export async function createFailedFiscalDocument(
  db: Db,
  { companyId, branchId }: { companyId: string; branchId: string },
) {
  const [doc] = await db
    .insert(fiscalDocuments)
    .values({
      companyId,
      branchId,
      kind: 'sale',
      documentId: randomUUID(),
      usin: unique('RCP-'),
      status: 'failed',
      attempts: 1,
      lastCode: '103',
      lastError: 'Invalid PCT code',
    })
    .returning({ id: fiscalDocuments.id });
  if (!doc) throw new Error('fiscal document');
  return doc;
}

/** Company A (with one user of each role) and company B: the cast of the scope and permission tests. */
export async function createTwoTenants(app: FastifyInstance, db: Db) {
  const a = await createTenant(db, { shifts: true });
  const b = await createTenant(db, { shifts: true });
  const [adminA, managerA, cashierA, adminB] = await Promise.all([
    login(app, a.admin.username),
    login(app, a.manager.username),
    login(app, a.cashier.username),
    login(app, b.admin.username),
  ]);
  return { a, b, tokens: { adminA, managerA, cashierA, adminB } };
}

/** List, get, create, patch and delete calls for one collection under /api (`app` is read at call time). */
export function collection(app: () => FastifyInstance, path: string) {
  return {
    list: (token: string, query: Record<string, string | number> = {}) =>
      request(app(), token, {
        url: `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      }),
    get: (token: string, id: string) => request(app(), token, { url: `/api/${path}/${id}` }),
    create: (token: string, payload: unknown) =>
      request(app(), token, { method: 'POST', url: `/api/${path}`, payload }),
    patch: (token: string, id: string, payload: unknown) =>
      request(app(), token, { method: 'PATCH', url: `/api/${path}/${id}`, payload }),
    del: (token: string, id: string) => request(app(), token, { method: 'DELETE', url: `/api/${path}/${id}` }),
  };
}
