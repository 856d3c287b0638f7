import { SALE_TENDER_METHODS, type SaleTenderMethod, type TransactionListQuery } from '@pos/shared';
import type { TransactionListParams } from '../../../lib/api/transactions.api';
import { paymentMethodLabel } from '../../../lib/format';

/**
 * The payment method filter (spec 02, section 2: All, Cash or Card): a tender shows the sales it paid part or
 * all of (the server's `tender`), Mixed the sales several tenders paid (its `paymentMethod`).
 */
export const PAYMENT_FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  ...SALE_TENDER_METHODS.map((method) => ({ value: method, label: paymentMethodLabel(method) })),
  { value: 'mixed', label: paymentMethodLabel('mixed') },
] as const satisfies readonly { value: string; label: string }[];
export type PaymentFilter = 'all' | 'mixed' | SaleTenderMethod;

export const isPaymentFilter = (value: unknown): value is PaymentFilter =>
  PAYMENT_FILTER_OPTIONS.some((option) => option.value === value);

/** The filters as they reach the server (the cashier name already debounced). */
export type TransactionFilters = {
  cashierName: string;
  paymentMethod: PaymentFilter;
  /** yyyy-mm-dd as the date pickers answer it, a Date, or null. */
  startDate: string | Date | null;
  endDate: string | Date | null;
};

/** The filters of the list besides the cashier name (the list's search), as they start and as 'Clear' leaves them. */
export type ListFilters = { paymentMethod: PaymentFilter; startDate: string | null; endDate: string | null };
export const NO_FILTERS: ListFilters = { paymentMethod: 'all', startDate: null, endDate: null };

export const EMPTY_FILTERS: TransactionFilters = { ...NO_FILTERS, cashierName: '' };

const pad = (n: number) => String(n).padStart(2, '0');
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A picked day as the API's date-only parameter, yyyy-mm-dd. A Date counts by its local calendar
 * day (what the picker showed); a string keeps its leading yyyy-mm-dd. Anything else: undefined.
 */
export function toDateParam(value: string | Date | null | undefined): string | undefined {
  if (!value) return undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  const match = DATE_ONLY.exec(value.trim());
  if (!match) return undefined;
  const [, y, m, d] = match;
  const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (check.getUTCFullYear() !== Number(y) || check.getUTCMonth() !== Number(m) - 1 || check.getUTCDate() !== Number(d))
    return undefined;
  return `${y}-${m}-${d}`;
}

/**
 * startDate / endDate of the list and analytics calls: only the ends that are set, in order (a range
 * picked backwards is read the right way round, both ends inclusive on the server).
 */
export function dateRangeParams({ startDate, endDate }: Pick<TransactionFilters, 'startDate' | 'endDate'>): {
  startDate?: string;
  endDate?: string;
} {
  let start = toDateParam(startDate);
  let end = toDateParam(endDate);
  if (start && end && start > end) [start, end] = [end, start];
  return { ...(start ? { startDate: start } : {}), ...(end ? { endDate: end } : {}) };
}

/** GET /transactions parameters: page, limit, branchId and only the filters in use. */
export function transactionListQuery(
  filters: TransactionFilters,
  { branchId, page, limit }: { branchId: string; page: number; limit: number },
): TransactionListParams {
  const cashierName = filters.cashierName.trim();
  return {
    branchId,
    page,
    limit,
    ...(cashierName ? { cashierName } : {}),
    ...(filters.paymentMethod === 'mixed'
      ? { paymentMethod: 'mixed' }
      : filters.paymentMethod !== 'all'
        ? { tender: filters.paymentMethod }
        : {}),
    ...dateRangeParams(filters),
  } satisfies TransactionListQuery;
}

/** Whether any filter narrows the list: a cashier name, a payment method or either date. */
export function hasActiveFilters(filters: TransactionFilters): boolean {
  return (
    filters.cashierName.trim().length > 0 ||
    filters.paymentMethod !== 'all' ||
    toDateParam(filters.startDate) !== undefined ||
    toDateParam(filters.endDate) !== undefined
  );
}

export const NO_TRANSACTIONS = 'No transactions found';
export const NO_MATCHING_TRANSACTIONS = 'No transactions found matching your criteria';

/** The empty list's text (spec 02, section 2): with filters in use, it says none match them. */
export function emptyTransactionsText(filtersActive: boolean): string {
  return filtersActive ? NO_MATCHING_TRANSACTIONS : NO_TRANSACTIONS;
}
