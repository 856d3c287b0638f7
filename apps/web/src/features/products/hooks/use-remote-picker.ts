import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { type PickerSource, usePickerPages } from '../api/products';
import { PICKER_DEBOUNCE_MS, type PickerItem, pickerOptions } from '../utils/picker-options';

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
