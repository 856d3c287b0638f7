import type { Category } from '@pos/shared';
import { useDeferredValue, useMemo, useState } from 'react';
import {
  buildCategoryTree,
  type CategoryNode,
  collectParentIds,
  flattenForPicker,
  pageOfRoots,
  searchCategoryTree,
} from '../utils/category-tree';

export const PAGE_SIZE_OPTIONS = ['5', '10', '20', '50'];
export const DEFAULT_PAGE_SIZE = 10;

/**
 * The view state of the category tree: search, expanded rows and paging of the top-level nodes.
 * While a search is active every matching root is shown (no pager) and the parents of matches are
 * expanded; the user can still fold them, and the folding is forgotten when the search changes.
 */
export function useCategoryTreeView({ categories, scope }: { categories: Category[]; scope: string | null }) {
  const tree = useMemo(() => buildCategoryTree(categories), [categories]);
  const parentOptions = useMemo(() => flattenForPicker(tree), [tree]);

  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const term = deferredSearch.trim();
  const isSearching = term.length > 0;
  const result = useMemo(() => searchCategoryTree(tree, term), [tree, term]);

  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [searchExpanded, setSearchExpanded] = useState<{ term: string; ids: Set<string> } | null>(null);
  const expandedIds = isSearching
    ? searchExpanded?.term === term
      ? searchExpanded.ids
      : result.expandedIds
    : expanded;

  const toggle = (id: string) => {
    const next = new Set(expandedIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    if (isSearching) setSearchExpanded({ term, ids: next });
    else setExpanded(next);
  };
  const expand = (id: string) => {
    if (!expandedIds.has(id)) toggle(id);
  };
  const expandAll = () => {
    const all = collectParentIds(result.nodes);
    if (isSearching) setSearchExpanded({ term, ids: all });
    else setExpanded(all);
  };
  const collapseAll = () => {
    if (isSearching) setSearchExpanded({ term, ids: new Set() });
    else setExpanded(new Set());
  };

  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
  const resetKey = `${scope ?? ''}|${pageSize}`;
  const [paging, setPaging] = useState({ page: 1, key: resetKey });
  const totalPages = Math.max(1, Math.ceil(tree.length / pageSize));
  const page = Math.min(paging.key === resetKey ? paging.page : 1, totalPages);
  const nodes: CategoryNode<Category>[] = isSearching ? result.nodes : pageOfRoots(tree, { page, pageSize });

  return {
    tree,
    parentOptions,
    total: categories.length,
    rootCount: tree.length,
    search,
    setSearch,
    isSearching,
    nodes,
    expandedIds,
    matchedIds: result.matchedIds,
    toggle,
    expand,
    expandAll,
    collapseAll,
    page,
    totalPages,
    setPage: (next: number) => setPaging({ page: next, key: resetKey }),
    pageSize,
    setPageSize: (value: string | null) => setPageSizeState(Number(value) || DEFAULT_PAGE_SIZE),
    /** The pager is hidden while a search is active (spec 02, section 2). */
    showPager: !isSearching && tree.length > 0,
  };
}
