import { expect, type Page } from '@playwright/test';
import { computeCartTotals } from '../packages/shared/src/money';
import { DEMO_PASSWORD } from './helpers';

/** Test setup through the real API: a signed-in user's headers and their branch (own, else main). */
export type ApiSession = { headers: Record<string, string>; branchId: string };

type Product = { id: string; sku: string; price: number | string; stockQuantity: number };
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

/** A card sale without tax or discount; totals from the shared money module, as the register sends them. */
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
  const items = lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, price: Number(l.product.price) }));
  const totals = computeCartTotals({ items, taxRate, discountType: 'amount', discountValue: discountAmount });
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
