import { createHash, randomUUID } from 'node:crypto';
import {
  type CreateSaleInput,
  computeCartTotals,
  DEVICE_MSG,
  DEVICE_PROOF_INVALID,
  DEVICE_PROOF_REQUIRED,
  fromMinor,
  type PageMeta,
  type PaymentMethod,
  pageMeta,
  ROLE_IDS,
  type Sale,
  type TransactionAnalytics,
  type TransactionListItem,
  toMinor,
} from '@pos/shared';
import type { Db } from '../../db/client';
import {
  type Actor,
  type BranchScope,
  isCashier,
  loadInScope,
  reachesBranch,
  reachesSeveralCompanies,
  resolveBranch,
} from '../../lib/access';
import { auditOverrides, checkSaleLimits, reviewOfflineSale, saleOrigin } from '../../lib/approvals';
import { receiptNumberOf } from '../../lib/document-numbers';
import { AppError, conflict, notFound } from '../../lib/errors';
import { readPageByDays, withinDays } from '../../lib/keyset.repo';
import { toMoney } from '../../lib/money';
import { salesFigures } from '../../lib/sales-figures';
import { shiftErrorOf } from '../../lib/shifts';
import * as repo from './transactions.repo';

function hashRequest(input: CreateSaleInput): string {
  // The manager's grant is no part of the sale: a retry of the same sale matches whichever grant it names.
  return createHash('sha256')
    .update(JSON.stringify({ ...input, approval_grant_id: undefined }))
    .digest('hex');
}

const idempotencyMismatch = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different sale');

/**
 * POST /transactions. Prices from the database, totals recomputed with the shared money module, stock
 * decremented with one `sale` movement per product, a per-branch receipt number, the customer found or
 * created by phone. The same Idempotency-Key with the same body answers the first sale again; with
 * another body, 422.
 *
 * The totals are computed from the cart's prices, and one statement (repo.commitSale) writes the sale
 * only if every product is live in the branch at exactly that price with the stock for it: otherwise
 * it writes nothing, and the products as they are now say which line to refuse (409). The key is
 * checked by the unique index, not looked up first, so a new sale is one round trip. When the key
 * (or the client's sale id) is taken, or the sale is refused, a sale already stored under the key
 * answers instead: a retry gets the first answer even if the stock has run out since.
 */
export async function createSale(
  db: Db,
  actor: Actor,
  {
    input,
    idempotencyKey,
    device = null,
  }: {
    input: CreateSaleInput;
    idempotencyKey?: string;
    /** The register's signature of this sale, verified (a signed batch entry); null: the caller's word only. */
    device?: DeviceProof | null;
  },
): Promise<{ sale: Sale; isReplay: boolean }> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'sell' });
  if (!device && hasDeviceClaims(input, actor)) {
    throw new AppError(403, DEVICE_PROOF_REQUIRED, DEVICE_MSG.proofRequired);
  }
  const key = idempotencyKey ?? input.id;
  const requestHash = hashRequest(input);
  // A sale id must name one sale for everyone who can read it: an id already used in another company
  // the caller can read is refused like any id already taken (the same company: the primary key).
  if (input.id && reachesSeveralCompanies(actor)) {
    const holders = await repo.findSaleHolders(db, { id: input.id, companyIds: actor.companyIds });
    if (holders.some((h) => h.companyId !== scope.companyId)) throw idempotencyMismatch();
  }
  const origin = await saleOriginOf(db, actor, scope, { input, device });
  // The sale's id before the approval check: a manager's grant is consumed by this id, so a retry of
  // the same sale (same id) passes with it again.
  const saleId = input.id ?? randomUUID();
  try {
    // Online, a cashier past the branch's register rules needs a manager's one-time grant (403 otherwise).
    // Offline, the sale is a fact: what departed without an approval recorded on the device is flagged.
    const limits = origin.offline
      ? await reviewOfflineSale(db, scope, {
          input,
          cashier: origin.cashier,
          isTrustedRegister: device?.isTrusted === true,
        })
      : { ...(await checkSaleLimits(db, actor, scope, input, saleId)), flags: [] };
    origin.flags.push(...limits.flags);
    const sale = await writeSale(db, actor, scope, { input, saleId, key, requestHash, origin });
    await auditOverrides(db, {
      actor,
      scope,
      check: limits,
      entityType: 'sale',
      entityId: sale.id,
      ...saleOrigin(input),
      registerId: sale.register_id,
    });
    return { sale, isReplay: false };
  } catch (error) {
    if (!key || !(error instanceof repo.SaleCheckFailed || error instanceof AppError)) throw error;
    const existing = await repo.findSaleByIdempotencyKey(db, { ...scope, key });
    if (existing) {
      if (existing.requestHash !== requestHash) throw idempotencyMismatch();
      const found = await repo.findSale(db, { id: existing.id, companyIds: [scope.companyId] });
      if (!found) throw new Error('sale vanished after commit');
      return { sale: found.sale, isReplay: true };
    }
    if (error instanceof repo.SaleCheckFailed && error.reason === 'exists' && origin.receiptNumber) {
      const taken = await repo.findSaleIdByReceipt(db, { ...scope, receiptNumber: origin.receiptNumber });
      if (taken && taken.id !== input.id) {
        throw conflict(`Receipt number ${origin.receiptNumber} is already used in this branch`, {
          receipt_number: origin.receiptNumber,
        });
      }
    }
    if (error instanceof repo.SaleCheckFailed && input.id) {
      // The client's sale id belongs to a sale made under another key. Outside the caller's reach (a
      // cashier: another branch) that sale is "not found", as its id would be anywhere else.
      const [holder] = await repo.findSaleHolders(db, { id: input.id, companyIds: [scope.companyId] });
      if (holder && !reachesBranch(actor, holder)) throw notFound('Transaction');
      throw idempotencyMismatch();
    }
    throw error;
  }
}

/** What the register proved about a sale: the register whose enrolled key signed it, and its trust. */
export type DeviceProof = { registerId: string; code: string; isTrusted: boolean };

/**
 * Whether the sale claims what only a register can (docs/ARCHITECTURE.md, 'The register's trust model'):
 * made offline, its own sale time or receipt number, another cashier than the one signed in, an approval
 * made on the device. Such a sale is accepted only with the register's signature.
 */
function hasDeviceClaims(input: CreateSaleInput, actor: Actor): boolean {
  return (
    input.offline === true ||
    input.sold_at !== undefined ||
    input.receipt_number !== undefined ||
    input.device_approval !== undefined ||
    (input.cashier_id !== undefined && input.cashier_id !== actor.userId)
  );
}

/** Where and by whom a sale was made: the online defaults, or what a register's signed upload names. */
type SaleOrigin = {
  offline: boolean;
  soldAt: Date | null;
  registerId: string | null;
  receiptNumber: string | null;
  cashier: { id: string; name: string; isCashier: boolean };
  flags: string[];
};

/**
 * The register, offline receipt number, original cashier and time of a sale (contracts.md): a register
 * of another branch is "not found" (404); an offline number must start with the register's code (400);
 * the original cashier must be staff of the branch (404 otherwise) who has signed in on this register
 * (403 otherwise), and a deactivated one is accepted and flagged `cashier_inactive`. A signed sale from
 * a register no manager has confirmed is flagged `register_unconfirmed`; one claimed offline at a time
 * the same register was recording online sales, `online_at_sold_at`.
 */
async function saleOriginOf(
  db: Db,
  actor: Actor,
  scope: BranchScope,
  { input, device }: { input: CreateSaleInput; device: DeviceProof | null },
): Promise<SaleOrigin> {
  const flags: string[] = [];
  let registerCode: string | null = null;
  if (input.register_id) {
    // A signed sale's register was read (and found in the branch) to verify the signature.
    const register =
      device?.registerId === input.register_id
        ? device
        : await repo.findBranchRegister(db, { ...scope, id: input.register_id });
    if (!register) throw notFound('Register');
    registerCode = register.code;
  }
  const receiptNumber = input.receipt_number?.toUpperCase() ?? null;
  if (receiptNumber && (!registerCode || !receiptNumber.startsWith(`${registerCode}-`))) {
    const message = registerCode
      ? `Receipt number must start with the register code ${registerCode}`
      : 'A register receipt number needs its register (register_id)';
    throw new AppError(400, 'BAD_REQUEST', message, { receipt_number: message });
  }
  const user = await deviceUserOf(db, actor, scope, { userId: input.cashier_id, device, field: 'cashier_id' });
  const cashier = { id: user.id, name: user.name, isCashier: user.isCashier };
  if (!user.isActive) flags.push('cashier_inactive');
  const offline = input.offline === true;
  const soldAt = input.sold_at ? new Date(input.sold_at) : null;
  if (device && !device.isTrusted) flags.push('register_unconfirmed');
  if (offline && input.register_id) {
    const at = soldAt ?? new Date();
    if (await repo.wasRegisterOnlineAt(db, { ...scope, registerId: input.register_id, at })) {
      flags.push('online_at_sold_at');
    }
  }
  return { offline, soldAt, registerId: input.register_id ?? null, receiptNumber, cashier, flags };
}

/** The person a register names as having made a sale or moved cash on it (not necessarily the uploader). */
export type DeviceUser = {
  id: string;
  name: string;
  roleId: number;
  isSuperUser: boolean;
  isCashier: boolean;
  isActive: boolean;
};

/**
 * Who a register's upload names (a sale's `cashier_id`, a cash movement's `user_id`): the caller when it
 * names no one else; otherwise staff of the branch (404 otherwise) who has signed in on the register that
 * signed the upload (403 otherwise). A deactivated one is answered with `isActive` false (flagged, not refused).
 */
export async function deviceUserOf(
  db: Db,
  actor: Actor,
  scope: { companyId: string; branchId: string },
  { userId, device, field }: { userId: string | undefined; device: DeviceProof | null; field: string },
): Promise<DeviceUser> {
  if (!userId || userId === actor.userId) {
    return {
      id: actor.userId,
      name: actor.name,
      roleId: actor.roleId,
      isSuperUser: actor.isSuperUser,
      isCashier: isCashier(actor),
      isActive: true,
    };
  }
  const staff = await repo.findBranchStaff(db, { ...scope, id: userId });
  if (!staff) throw notFound(field === 'cashier_id' ? 'Cashier' : 'User');
  const registerId = device?.registerId ?? '';
  if (!(await repo.hasSignedInOn(db, { companyId: scope.companyId, registerId, userId: staff.id }))) {
    const message = `The ${field === 'cashier_id' ? 'cashier' : 'user'} named has never signed in on this register`;
    throw new AppError(403, DEVICE_PROOF_INVALID, message, { [field]: message });
  }
  return {
    id: staff.id,
    name: staff.name,
    roleId: staff.roleId,
    isSuperUser: false,
    isCashier: staff.roleId === ROLE_IDS.cashier,
    isActive: staff.isActive,
  };
}

/** A sale the statement refused to write: which line, as the products are now. */
async function refusal(
  db: Db,
  scope: BranchScope,
  input: CreateSaleInput,
  /** The total of the cart's prices when the client's differs from it. */
  expectedTotal?: number,
): Promise<AppError> {
  const quantities = quantitiesByProduct(input);
  const ids = [...quantities.keys()];
  const [found, known] = await Promise.all([
    repo.findCartProducts(db, { ...scope, ids }),
    repo.findBranchProductIds(db, { ...scope, ids }),
  ]);
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const line of input.items) {
    // Another branch's or company's product is "not found" (404) like an id that never existed.
    if (!known.has(line.product_id)) {
      return new AppError(404, 'NOT_FOUND', 'Product not found', { product_id: line.product_id });
    }
  }
  for (const line of input.items) {
    const product = byId.get(line.product_id);
    if (!product) return conflict('A product in the cart is no longer available', { product_id: line.product_id });
    if (toMinor(line.price) !== toMinor(product.price)) {
      return conflict(
        `The price of ${product.name} has changed to ${product.price.toFixed(2)}. Please refresh the cart.`,
        { product_id: product.id },
      );
    }
  }
  for (const [productId, quantity] of quantities) {
    const product = byId.get(productId);
    if (product && product.stockQuantity < quantity) {
      return conflict(`Insufficient stock for ${product.name}: ${product.stockQuantity} available`, {
        product_id: product.id,
      });
    }
  }
  if (expectedTotal !== undefined) {
    // The prices are the database's (checked above), so this is the total the server would charge.
    return conflict(`The cart total does not match: expected ${expectedTotal.toFixed(2)}. Please refresh the cart.`);
  }
  // Nothing is wrong any more: the stock changed between the statement and this look.
  return conflict('The stock changed while the sale was made. Please try again.');
}

function quantitiesByProduct(input: CreateSaleInput): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const line of input.items)
    quantities.set(line.product_id, (quantities.get(line.product_id) ?? 0) + line.quantity);
  return quantities;
}

async function writeSale(
  db: Db,
  _actor: Actor,
  scope: BranchScope,
  {
    input,
    saleId,
    key,
    requestHash,
    origin,
  }: { input: CreateSaleInput; saleId: string; key?: string; requestHash: string; origin: SaleOrigin },
): Promise<Sale> {
  // One price per product: lines of one product at different prices cannot all be the database's. The
  // line is charged its unit_price when it has one (a price changed at the register), else its price.
  const prices = new Map<string, number>();
  const charged = new Map<string, number>();
  let pricesAgree = true;
  for (const line of input.items) {
    const minor = toMinor(line.price);
    const chargedMinor = toMinor(line.unit_price ?? line.price);
    if ((prices.get(line.product_id) ?? minor) !== minor) pricesAgree = false;
    if ((charged.get(line.product_id) ?? chargedMinor) !== chargedMinor) pricesAgree = false;
    prices.set(line.product_id, minor);
    charged.set(line.product_id, chargedMinor);
  }
  const totals = computeCartTotals({
    items: input.items.map((line) => ({ price: line.unit_price ?? line.price, quantity: line.quantity })),
    taxRate: input.tax_rate,
    discountType: input.discount_type,
    discountValue: input.discount_value,
  });
  const totalsMatch = toMinor(input.total) === totals.minor.total;
  if (!pricesAgree || !totalsMatch) throw await refusal(db, scope, input, totalsMatch ? undefined : totals.total);
  const paid = toMinor(input.amount_paid);
  if (input.payment_method === 'cash' && paid < totals.minor.total) {
    throw new AppError(400, 'BAD_REQUEST', 'Amount received is less than the total', {
      amount_paid: 'Amount received is less than the total',
    });
  }
  const amountPaid = input.payment_method === 'card' ? totals.minor.total : paid;
  const phone = input.customer?.phone?.trim();

  const id = saleId;
  const row = {
    companyId: scope.companyId,
    id,
    branchId: scope.branchId,
    cashierId: origin.cashier.id,
    paymentMethod: input.payment_method,
    subtotal: totals.subtotal.toFixed(2),
    discountType: input.discount_type,
    discountValue: input.discount_value.toFixed(2),
    discountAmount: totals.discountAmount.toFixed(2),
    taxRate: input.tax_rate.toFixed(2),
    taxAmount: totals.tax.toFixed(2),
    total: totals.total.toFixed(2),
    amountPaid: fromMinor(amountPaid).toFixed(2),
    changeAmount: fromMinor(amountPaid - totals.minor.total).toFixed(2),
    idempotencyKey: key ?? null,
    requestHash,
  };
  const lines = input.items.map((line) => ({ id: randomUUID(), productId: line.product_id, quantity: line.quantity }));
  let committed: repo.CommittedSale;
  try {
    committed = await repo.commitSale(db, {
      ...row,
      products: [...quantitiesByProduct(input)]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([productId, quantity]) => ({
          id: productId,
          quantity,
          price: fromMinor(prices.get(productId) ?? 0).toFixed(2),
          charged: fromMinor(charged.get(productId) ?? 0).toFixed(2),
        })),
      lines,
      customer: phone
        ? { phone, name: input.customer?.name?.trim() || 'Customer', email: input.customer?.email?.trim() || null }
        : null,
      offline: origin.offline,
      soldAt: origin.soldAt,
      registerId: origin.registerId,
      shiftId: input.shift_id ?? null,
      receiptNumber: origin.receiptNumber,
      flags: origin.flags,
    });
  } catch (error) {
    if (error instanceof repo.SaleCheckFailed && error.reason === 'stock') throw await refusal(db, scope, input);
    // No open shift for a cash sale, or a closed shift: the sale trigger's refusal as a 409 (lib/shifts.ts).
    throw shiftErrorOf(error) ?? error;
  }

  const sold = new Map(committed.products.map((p) => [p.id, p]));
  const items = lines.map((line) => {
    const product = sold.get(line.productId);
    const unitPrice = product?.price ?? '0.00';
    return {
      companyId: scope.companyId,
      id: line.id,
      saleId: id,
      productId: line.productId,
      productName: product?.name ?? '',
      productSku: product?.sku ?? null,
      quantity: line.quantity,
      unitPrice,
      subtotal: fromMinor(toMinor(Number(unitPrice)) * line.quantity).toFixed(2),
      returnedQuantity: 0,
      flags: product?.flags ?? [],
    };
  });
  return repo.toSale(
    {
      ...row,
      status: 'completed',
      customerId: committed.customer?.id ?? null,
      receiptNumber: committed.receiptNumber,
      createdAt: committed.createdAt,
      soldAt: committed.soldAt,
      registerId: origin.registerId,
      shiftId: committed.shiftId,
      offline: origin.offline,
      flags: committed.flags,
    },
    items,
    {
      cashierName: origin.cashier.name,
      customer: committed.customer,
      branchName: committed.branchName,
      registerCode: committed.registerCode,
    },
  );
}

/**
 * GET /transactions/{id}, within the company the caller has selected (`companyId`). Without one, a
 * user of one company reads in it; a user of several whose id names sales in more than one of them
 * is asked to choose (409), never shown one of them at random.
 */
export async function getSale(db: Db, actor: Actor, id: string, query: { companyId?: string } = {}): Promise<Sale> {
  const companyId = query.companyId;
  if (companyId === undefined && reachesSeveralCompanies(actor)) {
    const holders = await repo.findSaleHolders(db, { id, companyIds: actor.companyIds });
    const reachable = new Set(holders.filter((h) => reachesBranch(actor, h)).map((h) => h.companyId));
    if (reachable.size > 1) {
      throw new AppError(
        409,
        'AMBIGUOUS_ID',
        'Sales of more than one of your companies have this id: choose the company (companyId)',
      );
    }
  }
  const found = await loadInScope(actor, {
    what: 'Transaction',
    permission: 'view_transactions',
    companyId,
    load: (companyIds) => repo.findSale(db, { id, companyIds }),
  });
  return found.sale;
}

export type SaleListQuery = {
  page: number;
  limit: number;
  branchId: string;
  cashierName?: string;
  paymentMethod?: PaymentMethod;
  status?: string;
  receiptNumber?: string;
  startDate?: string;
  endDate?: string;
};

/** 'rcp-12' -> prefix 'RCP-12'; digits alone are one receipt: '42' -> exactly 'RCP-000042'. */
export function receiptFilter(input: string): { value: string; exact: boolean } {
  const value = input.trim().toUpperCase();
  if (/^\d{1,9}$/.test(value)) return { value: receiptNumberOf(Number(value)), exact: true };
  return { value, exact: false };
}

/**
 * GET /transactions: a page of one branch's sales, newest first. Three queries whatever the page size
 * (the rows, their item counts or items, the total); with a receiptNumber each row carries its items
 * (the return lookup needs returnedQuantity per line).
 */
export async function listSales(
  db: Db,
  actor: Actor,
  query: SaleListQuery,
): Promise<{ items: TransactionListItem[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_transactions' });
  const filters: repo.SaleListFilters = {
    cashierName: query.cashierName,
    paymentMethod: query.paymentMethod,
    status: query.status,
    startDate: query.startDate,
    endDate: query.endDate,
    receipt: query.receiptNumber ? receiptFilter(query.receiptNumber) : undefined,
  };
  // Counted per local day (the daily totals when the filters allow): the total, and the day a deep page
  // starts in, so the page's walk skips only that day's rows (lib/keyset.repo.ts).
  const [rows, total] = await readPageByDays({
    page: query.page,
    limit: query.limit,
    counts: () => repo.countSalesByDay(db, scope, filters),
    rows: (seek) => repo.listSales(db, scope, withinDays(filters, seek), seek.window),
  });
  const saleIds = rows.map((r) => r.id);
  const withItems = Boolean(filters.receipt);
  const itemsBySale = withItems ? await repo.saleItemsOf(db, { companyId: scope.companyId, saleIds }) : undefined;
  const counts = withItems ? undefined : await repo.saleItemCounts(db, { companyId: scope.companyId, saleIds });

  const items = rows.map((r): TransactionListItem => {
    const lines = itemsBySale?.get(r.id);
    const c = lines
      ? {
          lines: lines.length,
          quantity: lines.reduce((n, l) => n + l.quantity, 0),
          returned: lines.reduce((n, l) => n + l.returnedQuantity, 0),
        }
      : (counts?.get(r.id) ?? { lines: 0, quantity: 0, returned: 0 });
    return {
      id: r.id,
      receiptNumber: r.receiptNumber,
      transactionDate: r.createdAt.toISOString(),
      cashierName: r.cashierName,
      customer:
        r.customerId && r.customerName ? { id: r.customerId, name: r.customerName, phone: r.customerPhone } : null,
      paymentMethod: r.paymentMethod,
      status: r.status,
      subtotal: toMoney(r.subtotal),
      discountAmount: toMoney(r.discountAmount),
      taxAmount: toMoney(r.taxAmount),
      total: toMoney(r.total),
      itemCount: c.lines,
      totalQuantity: c.quantity,
      returnedQuantity: c.returned,
      ...(lines && { items: lines }),
    };
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** GET /transactions/analytics: view_sales (Super Admin, Manager); a cashier gets 403. */
export async function getAnalytics(
  db: Db,
  actor: Actor,
  { branchId, startDate, endDate }: { branchId: string; startDate?: string; endDate?: string },
): Promise<TransactionAnalytics> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_sales' });
  return salesFigures(db, scope, { startDate, endDate });
}
