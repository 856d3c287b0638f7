import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifyError } from './notify';

/** Page-size options of every list (spec 02, section 9), default 10. */
export const PAGE_SIZE_OPTIONS = ['5', '10', '20', '50'];
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;

/** A page as every list route answers it: the rows and the meta. */
export type PageAnswer<T = unknown> = {
  data: T[];
  meta: { total: number; page: number; limit: number; totalPages: number; totalCapped?: boolean };
};

/** What `PagedTable` reads of a paged list: `usePagedList`, or a list the browser holds whole (`useLocalPages`). */
export type PagedRows<T> = {
  rows: T[];
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  total: number;
  totalPages: number;
  query: { isLoading: boolean; isError: boolean; isPlaceholderData: boolean };
};

/** What a list asks the server for: the page, its size, the search as it applies, and the list's filters. */
export type PageRequest<F> = { page: number; limit: number; search: string; filters: F };

type PagedListOptions<A extends PageAnswer, F, K extends QueryKey> = {
  /** The branch or company the list is of: another one starts again at page 1. */
  scope: string | null;
  /** The list's own filters (their first values): held here, and any change starts again at page 1. */
  filters?: F;
  /** A fixed page size (no picker); without it the size is the user's pick, 10 at first. */
  pageSize?: number;
  /** The query of one page: its key, fetcher and `enabled` (the api module's query options). */
  query: (request: PageRequest<F>) => UseQueryOptions<A, Error, A, K>;
  /** The toast a failed page raises, under one id (a refetch that fails again replaces it). */
  errorToast?: { id: string; message: string | ((error: Error) => string) };
};

/**
 * The one way the web app holds a server-paged list: the search box (debounced; an emptied box applies at
 * once), the filters, the page and the page size, and the query of the page they name. A new search, filter,
 * page size or scope reads page 1 in the same render, so no request goes out for a page of the old list; a
 * page past the end (its last rows deleted) moves to the last page. `PagedTable` renders it.
 */
export function usePagedList<A extends PageAnswer, F = Record<string, never>, K extends QueryKey = QueryKey>(
  options: PagedListOptions<A, F, K>,
) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const appliedSearch = search.trim() ? debouncedSearch : '';
  const [initialFilters] = useState(() => options.filters ?? ({} as F));
  const [filters, setFiltersState] = useState<F>(initialFilters);
  const [chosenSize, setChosenSize] = useState(DEFAULT_PAGE_SIZE);
  const pageSize = options.pageSize ?? chosenSize;

  const resetKey = JSON.stringify([options.scope, appliedSearch, filters, pageSize]);
  const [paging, setPaging] = useState({ page: 1, key: resetKey });
  const page = paging.key === resetKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, key: resetKey });

  const query = useQuery({
    placeholderData: keepPreviousData,
    ...options.query({ page, limit: pageSize, search: appliedSearch, filters }),
  });
  const { errorToast } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, not per render
  useEffect(() => {
    if (!query.error || !errorToast) return;
    const message = typeof errorToast.message === 'string' ? errorToast.message : errorToast.message(query.error);
    notifyError(message, 'Error', errorToast.id);
  }, [query.error]);
  useKeepPageInRange(page, setPage, query);

  const meta = query.data?.meta;
  return {
    search,
    setSearch,
    /** The search the last request carried (trimmed, debounced). */
    appliedSearch,
    isSearching: appliedSearch.length > 0,
    filters,
    setFilters: (next: F) => setFiltersState(next),
    setFilter: <K extends keyof F>(key: K, value: F[K]) => setFiltersState((prev) => ({ ...prev, [key]: value })),
    /** The filters and the search back to their first values, at once (no debounce). */
    clearFilters: () => {
      setSearch('');
      setFiltersState(initialFilters);
    },
    page,
    setPage,
    pageSize,
    setPageSize: (value: string | null) => setChosenSize(Number(value ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE),
    query,
    rows: (query.data?.data ?? []) as A['data'],
    total: meta?.total ?? 0,
    totalPages: Math.max(1, meta?.totalPages ?? 1),
    meta,
  };
}

export type PagedList<A extends PageAnswer = PageAnswer, F = unknown> = ReturnType<typeof usePagedList<A, F>>;

/** What `useKeepPageInRange` reads of a list's query. */
type PagedQuery = { data?: { meta?: { totalPages?: number } }; isPlaceholderData: boolean };

/**
 * A page past the end of a server-paged list (its last rows deleted, or a stale page) moves to the last
 * page, once the answer for the current page is in (not while the previous page's rows stand in for it).
 */
export function useKeepPageInRange(page: number, setPage: (page: number) => void, query: PagedQuery): void {
  const totalPages = Math.max(1, query.data?.meta?.totalPages ?? 1);
  const settled = Boolean(query.data) && !query.isPlaceholderData;
  useEffect(() => {
    if (settled && page > totalPages) setPage(totalPages);
  }, [settled, page, totalPages, setPage]);
}

/**
 * A list the browser already holds whole (the branches of every company), paged here for `PagedTable`: pages
 * of `pageSize` rows, a page past the end read as the last.
 */
export function useLocalPages<T>(
  all: T[],
  { pageSize, isLoading }: { pageSize: number; isLoading: boolean },
): PagedRows<T> {
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(all.length / pageSize));
  const current = Math.min(page, totalPages);
  return {
    rows: all.slice((current - 1) * pageSize, current * pageSize),
    page: current,
    setPage,
    pageSize,
    total: all.length,
    totalPages,
    query: { isLoading, isError: false, isPlaceholderData: false },
  };
}
