import type { dashboardResponses, Freshness, LowStockItem, shiftDashboardResponse } from '@pos/shared';
import { useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';
import { fetchStock } from '../../../lib/api/inventory.api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  panel: (branchId: string, panel: string) => ['dashboard', branchId, panel] as const,
};

type Panels = typeof dashboardResponses;
const paths: { [K in keyof Panels]: string } = {
  salesSummary: 'sales-summary',
  inventorySummary: 'inventory-summary',
  returnsSummary: 'returns-summary',
  recentTransactions: 'recent-transactions',
};

/** One panel's answer, typed by its response schema. */
const answer = <K extends keyof Panels>(panel: K, branchId: string, signal?: AbortSignal) =>
  apiRequest<Answer<Panels[K]>>(`/dashboard/${paths[panel]}`, { query: { branchId }, signal });

/** One panel's data. */
const get = <K extends keyof Panels>(panel: K, branchId: string, signal?: AbortSignal) =>
  answer(panel, branchId, signal).then((r): Answer<Panels[K]>['data'] => r.data);

/** A 403 is an answer (the panel shows Access Restricted), not something to retry. */
const noRetryOn4xx = (count: number, error: unknown) =>
  count < 2 && !(error && typeof error === 'object' && 'status' in error && Number(error.status) < 500);

function usePanel<T>(branchId: string | undefined, panel: string, fetcher: (signal?: AbortSignal) => Promise<T>) {
  return useQuery({
    queryKey: dashboardKeys.panel(branchId ?? '', panel),
    queryFn: ({ signal }) => fetcher(signal),
    enabled: Boolean(branchId),
    retry: noRetryOn4xx,
  });
}

/**
 * The sales and returns figures may be read from a replica: their queries keep the whole answer (meta.freshness
 * with the data), and each hook selects what it shows from the one cached answer.
 */
const figuresQuery = <K extends 'salesSummary' | 'returnsSummary'>(panel: K, key: string, branchId?: string) => ({
  queryKey: dashboardKeys.panel(branchId ?? '', key),
  queryFn: ({ signal }: { signal?: AbortSignal }) => answer(panel, branchId ?? '', signal),
  enabled: Boolean(branchId),
  retry: noRetryOn4xx,
});
const salesQuery = (branchId?: string) => figuresQuery('salesSummary', 'sales', branchId);
const returnsQuery = (branchId?: string) => figuresQuery('returnsSummary', 'returns', branchId);

export const useSalesSummary = (branchId?: string) => useQuery({ ...salesQuery(branchId), select: (r) => r.data });
export const useInventorySummary = (branchId?: string) =>
  usePanel(branchId, 'inventory', (signal) => get('inventorySummary', branchId ?? '', signal));
export const useReturnsSummary = (branchId?: string) => useQuery({ ...returnsQuery(branchId), select: (r) => r.data });

/** How fresh the sales and returns figures are (`meta.freshness` of each answer; undefined: from the primary). */
export function useFiguresFreshness(branchId?: string): (Freshness | undefined)[] {
  const sales = useQuery({ ...salesQuery(branchId), select: (r) => r.meta?.freshness });
  const returns = useQuery({ ...returnsQuery(branchId), select: (r) => r.meta?.freshness });
  return [sales.data, returns.data];
}
export const useRecentTransactions = (branchId?: string) =>
  usePanel(branchId, 'recent', (signal) => get('recentTransactions', branchId ?? '', signal));

/** GET /inventory/stock?lowStock=true&limit=10 (spec 01 section 7): the list and how many there are in all. */
export const useLowStock = (branchId?: string) =>
  usePanel(branchId, 'low-stock', async (signal) => {
    const res = await fetchStock({ branchId: branchId ?? '', lowStock: true, page: 1, limit: 10 }, signal);
    const items: LowStockItem[] = (res.data ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      currentStock: p.stockQuantity,
      lowStockThreshold: p.lowStockThreshold,
    }));
    return { items, total: res.meta?.total ?? items.length };
  });

/** GET /dashboard/shifts-summary?branchId=: shifts open now and the day's over/short (Manager, Super Admin). */
export const useShiftsSummary = (branchId?: string) =>
  usePanel(branchId, 'shifts', (signal) =>
    apiRequest<Answer<typeof shiftDashboardResponse>>('/dashboard/shifts-summary', {
      query: { branchId: branchId ?? '' },
      signal,
    }).then((r) => r.data),
  );
