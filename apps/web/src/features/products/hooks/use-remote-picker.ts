import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { fetchBrands } from '../../../lib/api/brands.api';
import { fetchCategories } from '../../../lib/api/categories.api';
import {
  nextPickerPage,
  PICKER_DEBOUNCE_MS,
  PICKER_PAGE_SIZE,
  type PickerItem,
  type PickerPage,
  pickerOptions,
} from '../utils/picker-options';

/** The pickers of the product form: GET /categories or /brands, 10 a page, searched on the server. */
export type PickerSource = 'categories' | 'brands';

type PickerParams = { source: PickerSource; branchId: string; search: string };

type PageFetcher = (
  params: { branchId: string; search: string; page: number; limit: number },
  signal?: AbortSignal,
) => Promise<PickerPage>;

const fetchers: Record<PickerSource, PageFetcher> = { categories: fetchCategories, brands: fetchBrands };

/** Loads only while the dropdown is open, so an unopened form costs no request. */
function usePickerPages({ enabled, ...params }: PickerParams & { enabled: boolean }) {
  const { source, branchId, search } = params;
  return useInfiniteQuery({
    // Under the families' own keys, so adding a category or brand refreshes the pickers as well.
    queryKey: [source, branchId, 'picker', search] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchers[source]({ branchId, search, page: pageParam, limit: PICKER_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => nextPickerPage(lastPage, allPages),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(branchId),
  });
}

/**
 * State of one searchable picker of the product form: the typed search reaches the server after
 * 800 ms; pages of 10 load while the dropdown is open, the next one when the list is scrolled to its
 * end, up to 50 options.
 */
export function useRemotePicker({
  source,
  branchId,
  selected,
}: {
  source: PickerSource;
  branchId: string | null;
  /** The current value with its name, so it shows before (or without) its page being loaded. */
  selected: PickerItem | null;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  // Select writes the chosen label into the search box; that is a display, not a search.
  const typed = search.trim() === (selected?.name ?? '').trim() ? '' : search.trim();
  const [debouncedSearch] = useDebouncedValue(typed, PICKER_DEBOUNCE_MS);
  const query = usePickerPages({ source, branchId: branchId ?? '', search: debouncedSearch, enabled: isOpen });
  const pages = query.data?.pages;
  const options = useMemo(() => pickerOptions({ pages: pages ?? [], selected }), [pages, selected]);

  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  return {
    options,
    search,
    setSearch,
    isOpen,
    open: () => setIsOpen(true),
    close: () => setIsOpen(false),
    loadMore,
    isLoading: query.isFetching || typed !== debouncedSearch,
    hasMore: Boolean(query.hasNextPage),
    isError: query.isError,
  };
}
