// A return's draft, its refund by the shared rule, its payload and the labels: one definition for the
// back office's Process Return (features/returns) and the register's Return (features/pos).
import {
  addQuantities,
  allowsDecimals,
  type CreateReturnInput,
  computeReturnRefund,
  EXCHANGE_MSG,
  fromMinor,
  moneyMethodLabel,
  RETURNS_MSG,
  type RefundLineMethod,
  type RefundMethod,
  type ReturnItemCondition,
  type ReturnReason,
  type ReturnRefund,
  type ReturnStatus,
  refundByTenders,
  remainingQuantity,
  restockableByDefault,
  toMinor,
  toQuantity,
  type Unit,
} from '@pos/shared';
import { formatMoney } from './format';

export { remainingQuantity, restockableByDefault };

export const RETURN_STATUS_COLORS: Record<ReturnStatus, string> = {
  pending: 'yellow',
  approved: 'blue',
  completed: 'green',
  rejected: 'red',
};

export const returnStatusColor = (status: string): string => RETURN_STATUS_COLORS[status as ReturnStatus] ?? 'gray';

const titleCase = (value: string) =>
  value
    .split('_')
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');

export const RETURN_STATUS_OPTIONS = (['pending', 'approved', 'completed', 'rejected'] as const).map((s) => ({
  value: s,
  label: titleCase(s),
}));

export const REFUND_METHOD_OPTIONS: { value: RefundMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card_refund', label: 'Card Refund' },
  { value: 'store_credit', label: 'Store Credit' },
  { value: 'account', label: 'Back to Account' },
  { value: 'voucher', label: 'Back to Gift Voucher' },
  { value: 'exchange', label: 'Exchange' },
  { value: 'mixed', label: 'As paid' },
];

/** The sale's tenders and what its returns gave back so far (the sale's answer): how a refund goes back as paid. */
type SalePaid = { paymentMethod?: string; tenders?: readonly TenderShare[]; refunded?: readonly TenderShare[] };
type TenderShare = { method: string; amount: number };

const paidSeveralWays = (sale: SalePaid) => (sale.tenders?.length ?? 0) > 1;

/**
 * The refund method a return starts with: back the way the sale was paid (a split sale 'As paid', a card sale
 * to the card, store credit to the balance, cash in cash).
 */
export function defaultRefundMethod(sale: SalePaid): RefundMethod {
  if (paidSeveralWays(sale)) return 'mixed';
  if (sale.paymentMethod === 'card') return 'card_refund';
  if (sale.paymentMethod === 'store_credit') return 'store_credit';
  if (sale.paymentMethod === 'account' || sale.paymentMethod === 'voucher') return sale.paymentMethod;
  return 'cash';
}

/** A refund 'As paid': over what each tender paid less what earlier returns gave back that way (money.ts). */
export function refundAsPaid(sale: SalePaid, refund: number): { method: RefundLineMethod; amount: number }[] {
  const minor = (lines: readonly TenderShare[] = []) =>
    lines.map((l) => ({ method: l.method, amount: toMinor(l.amount) }));
  return refundByTenders(toMinor(refund), minor(sale.tenders), minor(sale.refunded)).map((l) => ({
    method: l.method as RefundLineMethod,
    amount: fromMinor(l.amount),
  }));
}

/** 'Card refund PKR 30.00 · Cash PKR 55.00': how a refund 'As paid' goes back. */
export const refundLinesText = (lines: readonly { method: string; amount: number }[]) =>
  lines.map((l) => `${moneyMethodLabel(l.method)} ${formatMoney(l.amount)}`).join(' · ');

/** The sale's customer as a return names it (the sale's `customer`; null: a walk-in sale). */
type SaleCustomer = { name: string; phone?: string | null } | null | undefined;

/**
 * The refund methods for a sale: store credit goes to the sale's customer's balance, so it is offered only when
 * the sale has a customer (disabled otherwise; refundMethodHint says why); money goes back to a card only when
 * a card paid (the server bounds it by the card's part: a sale paid in cash or store credit has none), to the
 * customer's account or a gift voucher only when that paid (not offered otherwise).
 */
export function refundMethodOptions(
  sale: { customer: SaleCustomer } & SalePaid,
  { atRegister = false }: { atRegister?: boolean } = {},
): { value: RefundMethod; label: string; disabled?: boolean }[] {
  const noCard = sale.paymentMethod === 'cash' || sale.paymentMethod === 'store_credit';
  const paidBy = (method: string) =>
    sale.paymentMethod === method || (sale.tenders ?? []).some((t) => t.method === method);
  // 'As paid' only for a sale paid several ways; back to an account or a voucher only when that paid it.
  const options = REFUND_METHOD_OPTIONS.filter(
    (o) =>
      (o.value !== 'mixed' || paidSeveralWays(sale)) &&
      ((o.value !== 'account' && o.value !== 'voucher') || paidBy(o.value)),
  );
  return options.map((option) =>
    (option.value === 'store_credit' && !sale.customer) ||
    (option.value === 'card_refund' && noCard) ||
    // An exchange sells the new items too: only at the register.
    (option.value === 'exchange' && !atRegister)
      ? { ...option, disabled: true }
      : option,
  );
}

/**
 * Under the refund method: why store credit cannot be chosen (a sale without a customer), or whose balance it
 * goes to when chosen ("Goes to Ayesha Khan's store credit"); nothing otherwise.
 */
export function refundMethodHint(
  method: RefundMethod,
  customer: SaleCustomer,
  { atRegister = false }: { atRegister?: boolean } = {},
): string | undefined {
  if (method === 'exchange') return atRegister ? EXCHANGE_MSG.next : EXCHANGE_MSG.atRegister;
  if (!customer) return RETURNS_MSG.storeCreditNeedsCustomer;
  if (method !== 'store_credit') return undefined;
  const who = customer.name.trim() || customer.phone?.trim() || 'the customer';
  return `Goes to ${who}'s store credit`;
}

export const RETURN_REASON_OPTIONS: { value: ReturnReason; label: string }[] = [
  { value: 'defective', label: 'Defective' },
  { value: 'wrong_item', label: 'Wrong Item' },
  { value: 'customer_change_mind', label: 'Customer Changed Mind' },
  { value: 'damaged_in_transit', label: 'Damaged in Transit' },
  { value: 'expired', label: 'Expired' },
  { value: 'other', label: 'Other' },
];

export const CONDITION_OPTIONS: { value: ReturnItemCondition; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'opened', label: 'Opened' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'defective', label: 'Defective' },
];

const labelOf = (options: { value: string; label: string }[], value: string | null | undefined) =>
  options.find((o) => o.value === value)?.label ?? (value ? titleCase(value) : '');

export const refundMethodLabel = (v: string | null | undefined) => labelOf(REFUND_METHOD_OPTIONS, v);
export const reasonLabel = (v: string | null | undefined) => labelOf(RETURN_REASON_OPTIONS, v);
export const conditionLabel = (v: string | null | undefined) => labelOf(CONDITION_OPTIONS, v);
export const returnStatusLabel = (v: string | null | undefined) => (v ? titleCase(v) : '');

type SoldLine = {
  id: string;
  productName: string;
  quantity: number;
  unit?: Unit;
  unitPrice: number;
  /** The rate the line was taxed at (its tax class, else the sale's), and whether it was inside the price. */
  taxRate?: number;
  taxIncluded?: boolean;
  returnedQuantity: number;
};

/** 'Returnable' when at least one line has units left to return, else 'Fully Returned' (spec 02 section 4). */
export function returnableStatus(items: { quantity: number; returnedQuantity: number }[] | undefined) {
  return (items ?? []).some((i) => remainingQuantity(i) > 0) ? 'Returnable' : 'Fully Returned';
}

/** One line of the Process Return form. */
export type ReturnDraftLine = {
  saleItemId: string;
  productName: string;
  productSku?: string | null;
  /** What the quantity counts: a kg line returns by the gram, a piece line in whole units. */
  unit: Unit;
  unitPrice: number;
  /** The rate the line was taxed at: a sale of several rates splits its discount and tax by rate first. */
  taxRate?: number;
  /** The unit price included the tax (a retail-price class): the line's goods are the price without it. */
  taxIncluded?: boolean;
  sold: number;
  remaining: number;
  quantity: number;
  condition: ReturnItemCondition;
  isRestockable: boolean;
  restockingFee: number;
};

/** A new line: quantity 0, condition new, restockable, no fee. */
export function draftLine(item: SoldLine & { productSku?: string | null }): ReturnDraftLine {
  return {
    saleItemId: item.id,
    productName: item.productName,
    productSku: item.productSku ?? null,
    unit: item.unit ?? 'piece',
    unitPrice: item.unitPrice,
    ...(item.taxRate !== undefined && { taxRate: item.taxRate }),
    ...(item.taxIncluded && { taxIncluded: true }),
    sold: item.quantity,
    remaining: remainingQuantity(item),
    quantity: 0,
    condition: 'new',
    isRestockable: true,
    restockingFee: 0,
  };
}

/** A condition change also sets the restockable default of that condition (it can then be toggled). */
export const withCondition = (line: ReturnDraftLine, condition: ReturnItemCondition): ReturnDraftLine => ({
  ...line,
  condition,
  isRestockable: restockableByDefault(condition),
});

/** A quantity clamped to 0..remaining: whole units, or 3 decimals for a unit that takes them. */
export const clampQuantity = (value: number | string, remaining: number, unit: Unit = 'piece'): number => {
  const n = allowsDecimals(unit) ? toQuantity(Number(value)) : Math.floor(Number(value));
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(n, remaining);
};

/** A fee >= 0 with at most 2 decimals. */
export const normalizeFee = (value: number | string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return 0;
  return fromMinor(toMinor(n));
};

/** The sale's order discount and tax, which its lines share (what the customer paid for them). */
export type SaleMoney = { discountAmount: number; taxAmount: number };

/**
 * The draft's refund by the server's rule (money.ts computeReturnRefund), in minor units: per line with
 * a quantity, what the customer paid for those units (goods, less the line's share of the discount,
 * plus its tax) less the restocking fee, and the sums. `lines` are all the sale's lines (the form's).
 */
export function draftRefund(sale: SaleMoney, lines: ReturnDraftLine[]): ReturnRefund {
  return computeReturnRefund({
    sale: {
      discountAmount: sale.discountAmount,
      taxAmount: sale.taxAmount,
      items: lines.map((l) => ({
        id: l.saleItemId,
        quantity: l.sold,
        unitPrice: l.unitPrice,
        taxRate: l.taxRate,
        taxIncluded: l.taxIncluded,
        returnedQuantity: addQuantities(l.sold, -l.remaining),
      })),
    },
    lines: lines
      .filter((l) => l.quantity > 0)
      .map((l) => ({ saleItemId: l.saleItemId, quantity: l.quantity, restockingFee: l.restockingFee })),
  });
}

/** One line's refund in the currency (0 for a line not returned). */
export const lineRefund = (refund: ReturnRefund, saleItemId: string): number =>
  fromMinor(refund.lines.find((l) => l.saleItemId === saleItemId)?.refund ?? 0);

export const totalRefund = (refund: ReturnRefund): number => fromMinor(refund.total.refund);

export type ReturnDraft = {
  transactionId: string | null;
  lines: ReturnDraftLine[];
  reason: ReturnReason | null;
};

/** The first rule of spec 02 section 5 that the draft breaks, or null. */
export function validateReturn(draft: ReturnDraft): string | null {
  if (!draft.transactionId || draft.lines.length === 0) return RETURNS_MSG.noItems;
  if (!draft.lines.some((l) => l.quantity > 0 && l.remaining > 0)) return RETURNS_MSG.noQuantities;
  if (!draft.reason) return RETURNS_MSG.noReason;
  return null;
}

/** The POST /returns payload: the lines with a quantity, the refund as the form shows it. */
export function returnPayload(
  draft: ReturnDraft & {
    sale: SaleMoney & SalePaid;
    branchId: string;
    refundMethod: RefundMethod;
    description: string;
    notes: string;
    /** The register whose open shift takes the refund (a cash refund is paid from its drawer). */
    registerId?: string | null;
  },
): CreateReturnInput {
  const lines = draft.lines.filter((l) => l.quantity > 0);
  const refund = totalRefund(draftRefund(draft.sale, draft.lines));
  return {
    originalTransactionId: draft.transactionId ?? '',
    branchId: draft.branchId,
    items: lines.map((l) => ({
      original_transaction_item_id: l.saleItemId,
      return_quantity: l.quantity,
      reason: draft.reason,
      condition: l.condition,
      restocking_fee: l.restockingFee,
      is_restockable: l.isRestockable,
    })),
    refund_method: draft.refundMethod,
    refund_amount: refund,
    ...(draft.refundMethod === 'mixed' && { refunds: refundAsPaid(draft.sale, refund) }),
    reason: draft.reason ?? 'other',
    reason_description: draft.description.trim() || null,
    notes: draft.notes.trim() || null,
    ...(draft.registerId ? { register_id: draft.registerId } : {}),
  };
}
