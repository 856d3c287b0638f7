import { createHash, randomUUID } from 'node:crypto';
import {
  ACCOUNT_MSG,
  addQuantities,
  type CreateSaleInput,
  computeCartTotals,
  DEVICE_MSG,
  DEVICE_PROOF_INVALID,
  DEVICE_PROOF_REQUIRED,
  fromMinor,
  lineNet,
  quantityProblem,
  ROLE_IDS,
  SALES_MSG,
  type Sale,
  type Settlement,
  saleSettlement,
  type TenderMethod,
  toMinor,
  VOUCHER_MSG,
} from '@pos/shared';
import type { Db, DbOrTx } from '../../db/client';
import { auditOverrides, checkSaleLimits, reviewOfflineSale, saleOrigin } from '../../domain/approvals';
import { writeAudit } from '../../domain/audit.repo';
import { accountApprover, accountErrorOf, paysOnAccount } from '../../domain/customer-account';
import { voucherErrorOf } from '../../domain/gift-vouchers';
import { findVoucherByCode } from '../../domain/gift-vouchers.repo';
import { shiftErrorOf } from '../../domain/shifts';
import { creditErrorOf } from '../../domain/store-credit';
import {
  type Actor,
  type BranchScope,
  isCashier,
  reachesBranch,
  reachesSeveralCompanies,
  resolveBranch,
} from '../../lib/access';
import { AppError, conflict, notFound } from '../../lib/errors';
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
 * In four steps: price the cart from its own lines (priceCart, no database), commit it in one statement
 * (commitSale: it writes the sale only if every product is live in the branch at exactly that price
 * with the stock for it), explain a refusal from the products as they are now (explainRefusal), and
 * replay: when the key (or the client's sale id) is taken, or the sale is refused, a sale already stored
 * under the key answers instead, so a retry gets the first answer even if the stock has run out since
 * (replayOrRefuse). The key is checked by the unique index, not looked up first: a new sale is one
 * round trip for the write.
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
  const attempt: SaleAttempt = { input, saleId, key, requestHash, origin };
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
    await checkUnits(db, scope, input);
    const cart = priceCart(input);
    if (!cart.agrees) throw await explainRefusal(db, scope, input, cart.expectedTotal);
    if (!origin.offline) {
      attempt.accountApprovedBy = await accountApprover(db, actor, scope, input, saleId, limits.approvedBy ?? null);
    }
    const sale = await commitSale(db, scope, attempt, cart);
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
    return replayOrRefuse(db, actor, scope, attempt, error);
  }
}

/** One try at writing a sale: the request, the sale's id and idempotency key, and where it was made. */
export type SaleAttempt = {
  input: CreateSaleInput;
  saleId: string;
  key?: string;
  requestHash: string;
  origin: SaleOrigin;
  /** The manager who approved an account tender past the customer's credit limit (accountApprover). */
  accountApprovedBy?: string | null;
};

/**
 * Step 4, replay: a refused or failed write answers the sale already stored under the key (the same
 * body: a replay; another body: 422). Otherwise the refusal stands, said precisely: the register's
 * receipt number taken by another sale (409), the client's sale id held by a sale under another key
 * (404 out of the caller's reach, else 422).
 */
async function replayOrRefuse(
  db: Db,
  actor: Actor,
  scope: BranchScope,
  { input, key, requestHash, origin }: SaleAttempt,
  error: unknown,
): Promise<{ sale: Sale; isReplay: true }> {
  if (!key || !(error instanceof repo.SaleCheckFailed || error instanceof AppError)) throw error;
  const existing = await repo.findSaleByIdempotencyKey(db, { ...scope, key });
  if (existing) {
    if (existing.requestHash !== requestHash) throw idempotencyMismatch();
    const found = await repo.findSale(db, { id: existing.id, companyIds: [scope.companyId] });
    if (!found) throw new Error('sale vanished after commit');
    return { sale: found.sale, isReplay: true };
  }
  if (!(error instanceof repo.SaleCheckFailed)) throw error;
  if (error.reason === 'exists' && origin.receiptNumber) {
    const taken = await repo.findSaleIdByReceipt(db, { ...scope, receiptNumber: origin.receiptNumber });
    if (taken && taken.id !== input.id) {
      throw conflict(`Receipt number ${origin.receiptNumber} is already used in this branch`, {
        receipt_number: origin.receiptNumber,
      });
    }
  }
  if (input.id) {
    // The client's sale id belongs to a sale made under another key. Outside the caller's reach (a
    // cashier: another branch) that sale is "not found", as its id would be anywhere else.
    const [holder] = await repo.findSaleHolders(db, { id: input.id, companyIds: [scope.companyId] });
    if (holder && !reachesBranch(actor, holder)) throw notFound('Transaction');
    throw idempotencyMismatch();
  }
  throw error;
}

/** What the register proved about a sale: the register whose enrolled key signed it, and its trust. */
export type DeviceProof = { registerId: string; code: string; isTrusted: boolean };

/**
 * Whether the sale claims what only a register can (docs/architecture/register-trust.md):
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
export type SaleOrigin = {
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
export async function saleOriginOf(
  db: DbOrTx,
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
  db: DbOrTx,
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

/**
 * Step 3, explain a refusal: the statement (or the pricing) refused the sale and wrote nothing; the
 * products as they are now say which line, and why (404 out of reach, 409 gone, repriced, short).
 */
export async function explainRefusal(
  db: DbOrTx,
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
    if ((line.tax_rate ?? null) !== product.taxRate || Boolean(line.tax_included) !== product.taxIncluded) {
      const rate =
        product.taxRate === null
          ? 'the branch rate'
          : `${product.taxRate}%${product.taxIncluded ? ' included in the price' : ''}`;
      return conflict(`The tax of ${product.name} has changed to ${rate}. Please refresh the cart.`, {
        product_id: product.id,
      });
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
    quantities.set(line.product_id, addQuantities(quantities.get(line.product_id) ?? 0, line.quantity));
  return quantities;
}

/**
 * A fraction of a product sold by the piece is a 400 on its line. Only a cart with a fractional quantity
 * reads the units (a whole quantity fits every unit), so a sale of pieces costs no extra look.
 */
export async function checkUnits(db: DbOrTx, scope: BranchScope, input: CreateSaleInput): Promise<void> {
  const fractional = input.items.flatMap((line, i) => (Number.isInteger(line.quantity) ? [] : [{ line, i }]));
  if (fractional.length === 0) return;
  const found = await repo.findCartProducts(db, { ...scope, ids: fractional.map((f) => f.line.product_id) });
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const { line, i } of fractional) {
    const product = byId.get(line.product_id);
    const problem = product && quantityProblem(line.quantity, product);
    if (problem) throw new AppError(400, 'BAD_REQUEST', problem, { [`items.${i}.quantity`]: problem });
  }
}

/** A cart priced from its own lines: what the statement is asked to write. */
export type PricedCart = {
  /** One price per product and the client's total equal to the lines' total. */
  agrees: boolean;
  /** The lines' total, when the client's total differs from it. */
  expectedTotal?: number;
  totals: ReturnType<typeof computeCartTotals>;
  /** How its tenders pay the total (minor units): received, change, and each tender's part. */
  settlement: Settlement;
  products: repo.SaleToCommit['products'];
  lines: repo.SaleToCommit['lines'];
};

/**
 * Step 1, price the cart (no database): totals from the lines with the shared money module, each line
 * taxed at its tax class's rate as the register knew it (the statement checks it), else the sale's. Lines
 * of one product at different prices or rates cannot all be the database's. A line is charged its unit_price when
 * it has one (a price changed at the register), else its price. Cash below the total is a 400.
 */
export function priceCart(input: CreateSaleInput): PricedCart {
  const prices = new Map<string, number>();
  const charged = new Map<string, number>();
  const rates = new Map<string, number | null>();
  const included = new Map<string, boolean>();
  let pricesAgree = true;
  for (const line of input.items) {
    const minor = toMinor(line.price);
    const chargedMinor = toMinor(line.unit_price ?? line.price);
    const rate = line.tax_rate ?? null;
    if ((prices.get(line.product_id) ?? minor) !== minor) pricesAgree = false;
    if ((charged.get(line.product_id) ?? chargedMinor) !== chargedMinor) pricesAgree = false;
    const taxIncluded = Boolean(line.tax_included);
    if (rates.has(line.product_id) && rates.get(line.product_id) !== rate) pricesAgree = false;
    if (included.has(line.product_id) && included.get(line.product_id) !== taxIncluded) pricesAgree = false;
    prices.set(line.product_id, minor);
    charged.set(line.product_id, chargedMinor);
    rates.set(line.product_id, rate);
    included.set(line.product_id, taxIncluded);
  }
  const totals = computeCartTotals({
    items: input.items.map((line) => ({
      price: line.unit_price ?? line.price,
      quantity: line.quantity,
      taxRate: line.tax_rate,
      taxIncluded: line.tax_included,
    })),
    taxRate: input.tax_rate,
    discountType: input.discount_type,
    discountValue: input.discount_value,
    serviceFee: input.service_fee,
  });
  const totalsMatch = toMinor(input.total) === totals.minor.total;
  const settled = saleSettlement(input, totals.minor.total);
  // A cart whose prices or total disagree is answered by the statement's check (409) before its payment.
  if ('problem' in settled && pricesAgree && totalsMatch) {
    const field = input.tenders ? 'tenders' : 'amount_paid';
    throw new AppError(400, 'BAD_REQUEST', settled.problem, { [field]: settled.problem });
  }
  const settlement = 'problem' in settled ? { paid: toMinor(input.amount_paid), change: 0, lines: [] } : settled;
  // An account is the customer's: without the customer's phone there is no one to charge.
  if (paysOnAccount(input) && !input.customer?.phone?.trim()) {
    throw new AppError(400, 'BAD_REQUEST', ACCOUNT_MSG.needsCustomer, { customer: ACCOUNT_MSG.needsCustomer });
  }
  // Store credit is the customer's balance: without the customer's phone there is no one to take it from.
  if (settlement.lines.some((t) => t.method === 'store_credit') && !input.customer?.phone?.trim()) {
    throw new AppError(400, 'BAD_REQUEST', SALES_MSG.storeCreditNeedsCustomer, {
      customer: SALES_MSG.storeCreditNeedsCustomer,
    });
  }
  return {
    agrees: pricesAgree && totalsMatch,
    ...(!totalsMatch && { expectedTotal: totals.total }),
    totals,
    settlement,
    products: [...quantitiesByProduct(input)]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([productId, quantity]) => ({
        id: productId,
        quantity,
        price: fromMinor(prices.get(productId) ?? 0).toFixed(2),
        charged: fromMinor(charged.get(productId) ?? 0).toFixed(2),
        taxRate: rates.get(productId)?.toFixed(2) ?? null,
        taxIncluded: included.get(productId) ?? false,
      })),
    lines: input.items.map((line) => ({ id: randomUUID(), productId: line.product_id, quantity: line.quantity })),
  };
}

/**
 * The gift voucher a `voucher` tender spends: the sale's `voucher_code` in the company (400 without a code or for
 * an unknown one). Its balance and expiry are the statement's to check (the entries' trigger).
 */
async function voucherOf(db: DbOrTx, scope: BranchScope, input: CreateSaleInput, cart: PricedCart) {
  if (!cart.settlement.lines.some((t) => t.method === 'voucher')) return null;
  if (!input.voucher_code) {
    throw new AppError(400, 'BAD_REQUEST', VOUCHER_MSG.needsCode, { voucher_code: VOUCHER_MSG.needsCode });
  }
  const voucher = await findVoucherByCode(db, { companyId: scope.companyId, code: input.voucher_code });
  if (!voucher) throw new AppError(400, 'BAD_REQUEST', VOUCHER_MSG.unknown, { voucher_code: VOUCHER_MSG.unknown });
  return voucher.id;
}

/**
 * Step 2, commit: the priced cart in one statement (repo.commitSale). A product it could not sell is
 * explained (step 3); no open shift for a cash sale, or a closed shift, is the sale trigger's refusal as
 * a 409 (domain/shifts.ts). Answers the sale as a read of it would.
 */
export async function commitSale(
  db: DbOrTx,
  scope: BranchScope,
  { input, saleId, key, requestHash, origin, accountApprovedBy = null }: SaleAttempt,
  cart: PricedCart,
  /** Explain a product it could not sell here; false: rethrow SaleCheckFailed (the caller's transaction explains it). */
  explain = true,
): Promise<Sale> {
  const { totals } = cart;
  const phone = input.customer?.phone?.trim();
  const voucherId = await voucherOf(db, scope, input, cart);
  const tenders = cart.settlement.lines.map((t) => ({
    method: t.method as TenderMethod,
    amount: fromMinor(t.amount).toFixed(2),
  }));
  const row = {
    companyId: scope.companyId,
    id: saleId,
    branchId: scope.branchId,
    cashierId: origin.cashier.id,
    paymentMethod: input.payment_method,
    subtotal: totals.subtotal.toFixed(2),
    discountType: input.discount_type,
    discountValue: input.discount_value.toFixed(2),
    discountAmount: totals.discountAmount.toFixed(2),
    taxRate: input.tax_rate.toFixed(2),
    taxAmount: totals.tax.toFixed(2),
    serviceFee: totals.serviceFee.toFixed(2),
    total: totals.total.toFixed(2),
    amountPaid: fromMinor(cart.settlement.paid).toFixed(2),
    changeAmount: fromMinor(cart.settlement.change).toFixed(2),
    idempotencyKey: key ?? null,
    requestHash,
  };
  let committed: repo.CommittedSale;
  try {
    committed = await repo.commitSale(db, {
      ...row,
      products: cart.products,
      lines: cart.lines,
      tenders,
      customer: phone
        ? { phone, name: input.customer?.name?.trim() || 'Customer', email: input.customer?.email?.trim() || null }
        : null,
      offline: origin.offline,
      soldAt: origin.soldAt,
      registerId: origin.registerId,
      shiftId: input.shift_id ?? null,
      receiptNumber: origin.receiptNumber,
      flags: origin.flags,
      accountApprovedBy,
      voucherId,
    });
  } catch (error) {
    if (explain && error instanceof repo.SaleCheckFailed && error.reason === 'stock') {
      throw await explainRefusal(db, scope, input);
    }
    if (error instanceof repo.SaleCheckFailed && error.reason === 'service_fee') {
      throw conflict(SALES_MSG.serviceFeeChanged, { service_fee: SALES_MSG.serviceFeeChanged });
    }
    throw shiftErrorOf(error) ?? creditErrorOf(error) ?? accountErrorOf(error) ?? voucherErrorOf(error) ?? error;
  }
  // An online sale on account past the credit limit went there with a manager's approval: its trail.
  if (committed.accountOverLimit && !origin.offline) {
    await writeAudit(db, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: origin.cashier.id,
      approvedById: accountApprovedBy,
      registerId: origin.registerId,
      action: 'sale.account_over_limit',
      entityType: 'sale',
      entityId: saleId,
      after: { receiptNumber: committed.receiptNumber, customerId: committed.customer?.id ?? null },
    });
  }

  const sold = new Map(committed.products.map((p) => [p.id, p]));
  const items = cart.lines.map((line) => {
    const product = sold.get(line.productId);
    const unitPrice = product?.price ?? '0.00';
    return {
      companyId: scope.companyId,
      id: line.id,
      saleId,
      productId: line.productId,
      productName: product?.name ?? '',
      productSku: product?.sku ?? null,
      quantity: line.quantity,
      unit: product?.unit ?? 'piece',
      unitPrice,
      subtotal: fromMinor(
        lineNet(toMinor(Number(unitPrice)), line.quantity, {
          rate: Number(product?.taxRate ?? row.taxRate),
          taxIncluded: product?.taxIncluded,
        }).goods,
      ).toFixed(2),
      taxRate: product?.taxRate ?? row.taxRate,
      taxIncluded: product?.taxIncluded ?? false,
      taxClassId: product?.taxClassId ?? null,
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
    tenders,
    {
      cashierName: origin.cashier.name,
      customer: committed.customer,
      branchName: committed.branchName,
      registerCode: committed.registerCode,
    },
  );
}
