import { expect, type Page } from '@playwright/test';
import { computeCartTotals } from '../packages/shared/src/money';
import { DEMO_PASSWORD } from './helpers';

/** Test setup through the real API: a signed-in user's headers and their branch (own, else main). */
export type ApiSession = { headers: Record<string, string>; branchId: string };

type Product = { id: string; sku: string; price: number | string; stockQuantity: number; taxRate?: number | null };
type SaleItem = { id: string; quantity: number; unitPrice: number; returnedQuantity: number };
type Sale = {
  id: string;
  receiptNumber: string;
  discountAmount: number;
  taxAmount: number;
  total: number;
  items: SaleItem[];
};

export async function apiSession(page: Page, username: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const login = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(login.ok()).toBeTruthy();
  const { access_token: token, user } = await login.json();
  const branchId: string =
    user.branchId ??
    user.managedBranch?.id ??
    user.company?.[0]?.branches?.find((b: { isMain?: boolean }) => b.isMain)?.id;
  expect(branchId).toBeTruthy();
  return { headers: { Authorization: `Bearer ${token}` }, branchId };
}

export async function findProduct(page: Page, { headers, branchId }: ApiSession, sku: string): Promise<Product> {
  const res = await page.request.get('/api/products', { headers, params: { branchId, search: sku } });
  const product = (await res.json()).data.find((p: Product) => p.sku === sku);
  expect(product, `product ${sku}`).toBeTruthy();
  return product;
}

/**
 * A new product of the session's branch through POST /api/products: cost 5 and stock 20 unless given, a unique
 * SKU unless given.
 */
export async function createProductViaApi(
  page: Page,
  { headers, branchId }: ApiSession,
  fields: {
    name: string;
    price: number;
    sku?: string;
    stockQuantity?: number;
    cost?: number;
    categoryId?: string;
    brandId?: string;
  },
): Promise<Product & { name: string; price: number }> {
  const sku = fields.sku ?? `E2E-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`.toUpperCase();
  const res = await page.request.post('/api/products', {
    headers,
    data: { stockQuantity: 20, cost: 5, ...fields, sku, branchId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data;
}

/** A card sale (without tax or discount unless given); totals from the shared money module, as the register sends them. */
export async function sellViaApi(
  page: Page,
  { headers, branchId }: ApiSession,
  {
    lines,
    customer,
    taxRate = 0,
    discountAmount = 0,
  }: {
    lines: { product: Product; quantity: number }[];
    customer?: { name: string; phone: string };
    /** Optional tax percent and amount discount (a sale whose refunds share them). */
    taxRate?: number;
    discountAmount?: number;
  },
): Promise<Sale> {
  // A product of a tax class (demo: the exempt milk) is sent with its class's rate, as the register does.
  const items = lines.map((l) => ({
    product_id: l.product.id,
    quantity: l.quantity,
    price: Number(l.product.price),
    ...(typeof l.product.taxRate === 'number' && { tax_rate: l.product.taxRate }),
  }));
  const totals = computeCartTotals({
    items: items.map((i) => ({ price: i.price, quantity: i.quantity, taxRate: i.tax_rate })),
    taxRate,
    discountType: 'amount',
    discountValue: discountAmount,
  });
  const res = await page.request.post('/api/transactions', {
    headers,
    data: {
      branchId,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: taxRate,
      discount_type: 'amount',
      discount_value: discountAmount,
      discount_amount: totals.discountAmount,
      total: totals.total,
      payment_method: 'card',
      amount_paid: totals.total,
      change: 0,
      ...(customer && { customer }),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data;
}

/**
 * An open shift for API-made cash refunds (a cash refund needs one): the session's own register
 * (enrolled with a device id of its own) and its open shift, opened with a zero float if it has none.
 */
export async function ensureApiShift(page: Page, { headers, branchId }: ApiSession): Promise<string> {
  const enrol = await page.request.post('/api/registers', {
    headers,
    data: { branchId, deviceId: `e2e-api-${headers.Authorization?.slice(-12)}` },
  });
  expect(enrol.ok()).toBeTruthy();
  const registerId: string = (await enrol.json()).data.id;
  const current = await page.request.get('/api/shifts/current', { headers, params: { registerId } });
  const open = (await current.json()).data.shift;
  if (open) return open.id;
  const opened = await page.request.post('/api/shifts', { headers, data: { branchId, registerId, openingFloat: 0 } });
  expect(opened.status()).toBe(201);
  return (await opened.json()).data.id;
}

/** Returns `quantity` of the sale's first line (a cash refund, at the session's own register and shift). */
export async function returnViaApi(
  page: Page,
  { headers, branchId }: ApiSession,
  { sale, quantity = 1, condition = 'new' }: { sale: Sale; quantity?: number; condition?: 'new' | 'defective' },
): Promise<{ returnNumber: string }> {
  const reason = condition === 'new' ? 'customer_change_mind' : 'defective';
  await ensureApiShift(page, { headers, branchId });
  const res = await page.request.post('/api/returns', {
    headers,
    data: {
      originalTransactionId: sale.id,
      branchId,
      items: [
        {
          original_transaction_item_id: sale.items[0]?.id,
          return_quantity: quantity,
          reason,
          condition,
          restocking_fee: 0,
          is_restockable: condition === 'new',
        },
      ],
      refund_method: 'cash',
      reason,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data;
}

/**
 * A sale made offline at a register and uploaded later, as the register's outbox does: a device enrolled
 * with its own ECDSA P-256 key under the cashier and confirmed by a manager signing in on it, then the sale
 * (cash, a percentage discount) signed over saleSigningText in POST /api/transactions/batch. A discount past
 * the cashier's limit lands as an exception of the branch. Returns the sale's id and receipt number.
 */
export async function uploadOfflineSaleViaApi(
  page: Page,
  { cashier, manager }: { cashier: ApiSession; manager: ApiSession },
  { product, quantity = 1, discountPercent }: { product: Product; quantity?: number; discountPercent: number },
): Promise<{ id: string; receiptNumber: string }> {
  const { generateKeyPairSync, randomUUID, sign } = await import('node:crypto');
  const { saleSigningText } = await import('../packages/shared/src/device-proof');
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const spki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  const deviceId = `e2e-offline-${randomUUID()}`;
  const branchId = cashier.branchId;
  let register: { id: string; code: string } | undefined;
  for (const session of [cashier, manager]) {
    const res = await page.request.post('/api/registers', {
      headers: session.headers,
      data: { branchId, deviceId, publicKey: spki },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    register ??= (await res.json()).data;
  }
  if (!register) throw new Error('The register was not enrolled');

  const price = Number(product.price);
  const items = [{ product_id: product.id, quantity, price, unit_price: price }];
  const totals = computeCartTotals({ items, taxRate: 0, discountType: 'percentage', discountValue: discountPercent });
  const receiptNumber = `${register.code}-000001`;
  const sale = {
    id: randomUUID(),
    branchId,
    items,
    subtotal: totals.subtotal,
    tax: 0,
    tax_rate: 0,
    discount_type: 'percentage',
    discount_value: discountPercent,
    discount_amount: totals.discountAmount,
    total: totals.total,
    payment_method: 'cash',
    amount_paid: totals.total,
    change: 0,
    register_id: register.id,
    offline: true,
    sold_at: new Date(Date.now() - 30 * 60_000).toISOString(),
    receipt_number: receiptNumber,
  };
  const signature = sign('sha256', Buffer.from(saleSigningText(sale)), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  }).toString('base64');
  const res = await page.request.post('/api/transactions/batch', {
    headers: cashier.headers,
    data: { branchId, sales: [{ idempotency_key: sale.id, sale, signature }] },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const [result] = (await res.json()).data.results;
  expect(result.status, result.message).toBe(201);
  return { id: result.id, receiptNumber };
}
