import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Page-size options of every list (spec 02, section 9), default 10. */
export const PAGE_SIZE_OPTIONS = ['5', '10', '20', '50'];
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Search box, page and page size of a server-paged list. The search reaches the server debounced;
 * a new search, page size or scope starts again at page 1.
 */
export function useListControls({ scope }: { scope: string | null }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // The page belongs to one search, size and scope; when any changes it reads 1 in the same render,
  // so no request goes out for a page of the old list.
  const resetKey = `${scope ?? ''}|${debouncedSearch}|${pageSize}`;
  const [paging, setPaging] = useState({ page: 1, key: resetKey });
  const page = paging.key === resetKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, key: resetKey });

  return {
    search,
    setSearch,
    debouncedSearch,
    isSearching: debouncedSearch.length > 0,
    page,
    setPage,
    pageSize,
    setPageSize: (value: string | null) => setPageSize(Number(value ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE),
  };
}

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
