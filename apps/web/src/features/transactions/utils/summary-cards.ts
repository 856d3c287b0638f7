import type { TransactionAnalytics } from '@pos/shared';
import { formatAmount, formatCount, formatPercent, NOT_AVAILABLE } from '../../../lib/format';

export type SummaryCardKey =
  | 'grossRevenue'
  | 'netRevenue'
  | 'transactions'
  | 'averageTransaction'
  | 'itemsSold'
  | 'taxCollected'
  | 'discounts'
  | 'returns';

export type SummaryCard = { key: SummaryCardKey; title: string; value: string; detail: string };

export const ACCESS_RESTRICTED = 'Access Restricted';
export const INSUFFICIENT_PERMISSIONS = 'Insufficient permissions';

const TITLES: Record<SummaryCardKey, string> = {
  grossRevenue: 'Gross Revenue',
  netRevenue: 'Net Revenue',
  transactions: 'Transactions',
  averageTransaction: 'Average Transaction',
  itemsSold: 'Items Sold',
  taxCollected: 'Tax Collected',
  discounts: 'Discounts',
  returns: 'Returns',
};

export const SUMMARY_CARD_KEYS = Object.keys(TITLES) as SummaryCardKey[];

/**
 * The eight summary cards of the filtered period from GET /transactions/analytics. Without figures
 * (a failed call) every value reads 'N/A'; rates are percents (0-100).
 */
export function summaryCards(a: Partial<TransactionAnalytics> | null | undefined): SummaryCard[] {
  const x = a ?? {};
  const cards: Record<SummaryCardKey, Omit<SummaryCard, 'key' | 'title'>> = {
    grossRevenue: { value: formatAmount(x.grossRevenue), detail: 'Before returns' },
    netRevenue: {
      value: formatAmount(x.netRevenue),
      detail: x.refundRate === undefined ? 'After returns' : `After returns · ${formatPercent(x.refundRate)} refunded`,
    },
    transactions: { value: formatCount(x.grossTransactions), detail: 'Completed sales' },
    averageTransaction: { value: formatAmount(x.averageTransactionValue), detail: 'Per sale' },
    itemsSold: {
      value: formatCount(x.grossItemsSold),
      detail: `Net ${formatCount(x.netItemsSold)} after returns`,
    },
    taxCollected: { value: formatAmount(x.grossTax), detail: 'On sales' },
    discounts: { value: formatAmount(x.grossDiscounts), detail: 'Given on sales' },
    returns: {
      value: formatAmount(x.totalReturnedValue),
      detail:
        x.returnRate === undefined && x.totalItemsReturned === undefined
          ? NOT_AVAILABLE
          : `${formatCount(x.totalItemsReturned)} items · ${formatPercent(x.returnRate)} return rate`,
    },
  };
  return SUMMARY_CARD_KEYS.map((key) => ({ key, title: TITLES[key], ...cards[key] }));
}
