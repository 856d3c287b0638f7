import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../lib/use-list-controls';
import {
  dateRangeParams,
  hasActiveFilters,
  isPaymentFilter,
  type PaymentFilter,
  type TransactionFilters,
} from '../utils/filters';

/** The cashier search reaches the server 500 ms after the last keystroke (spec 02, section 9). */
export const CASHIER_SEARCH_DEBOUNCE_MS = 500;

/**
 * The filters, page and page size of the transactions screen. The cashier name is debounced; a new
 * filter, page size or branch starts again at page 1.
 */
export function useTransactionFilters({ scope }: { scope: string | null }) {
  const [cashierName, setCashierName] = useState('');
  const [debouncedCashierName] = useDebouncedValue(cashierName.trim(), CASHIER_SEARCH_DEBOUNCE_MS);
  const [paymentMethod, setPaymentMethodState] = useState<PaymentFilter>('all');
  const [startDate, setStartDate] = useState<string | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);

  // Typing waits for the debounce; an emptied box (or 'Clear filters') applies at once.
  const appliedCashierName = cashierName.trim() ? debouncedCashierName : '';
  const applied: TransactionFilters = { cashierName: appliedCashierName, paymentMethod, startDate, endDate };
  const range = dateRangeParams(applied);

  // The page belongs to one set of filters; when any changes it reads 1 in the same render, so no
  // request goes out for a page of the old list.
  const resetKey = JSON.stringify([scope, appliedCashierName, paymentMethod, range, pageSize]);
  const [paging, setPaging] = useState({ page: 1, key: resetKey });
  const page = paging.key === resetKey ? paging.page : 1;

  return {
    cashierName,
    setCashierName,
    paymentMethod,
    setPaymentMethod: (value: string | null) => setPaymentMethodState(isPaymentFilter(value) ? value : 'all'),
    startDate,
    setStartDate,
    endDate,
    setEndDate,
    /** The filters of the last request (cashier name debounced). */
    applied,
    range,
    filtersActive: hasActiveFilters(applied),
    page,
    setPage: (next: number) => setPaging({ page: next, key: resetKey }),
    pageSize,
    setPageSize: (value: string | null) => setPageSizeState(Number(value ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE),
    clear: () => {
      setCashierName('');
      setPaymentMethodState('all');
      setStartDate(null);
      setEndDate(null);
    },
  };
}

export type TransactionFiltersState = ReturnType<typeof useTransactionFilters>;
