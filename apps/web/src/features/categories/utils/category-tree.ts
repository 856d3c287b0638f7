/**
 * The category tree of the Categories screen, built on the client from the branch's flat list.
 * Pure functions, so the screen and the tests share one definition.
 */

export type FlatCategory = {
  id: string;
  name: string;
  description?: string | null;
  parentId?: string | null;
};

export type CategoryNode<T extends FlatCategory = FlatCategory> = {
  category: T;
  children: CategoryNode<T>[];
  /** Names from the root down to this node, the node included: the breadcrumb badge. */
  path: string[];
  depth: number;
  /** Direct subcategories, also when a search shows only some of them. */
  childCount: number;
};

const byName = <T extends FlatCategory>(a: CategoryNode<T>, b: CategoryNode<T>) =>
  a.category.name.localeCompare(b.category.name, 'en', { sensitivity: 'base' });

/**
 * Nests the flat list by parentId, names sorted A-Z on every level. A category whose parent is not in
 * the list (another branch's, or deleted) becomes a root, and a parent cycle is broken, so every
 * category appears exactly once.
 */
export function buildCategoryTree<T extends FlatCategory>(categories: ReadonlyArray<T>): CategoryNode<T>[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const childrenOf = new Map<string | null, T[]>();
  for (const category of categories) {
    const parentId = category.parentId && byId.has(category.parentId) ? category.parentId : null;
    const siblings = childrenOf.get(parentId) ?? [];
    siblings.push(category);
    childrenOf.set(parentId, siblings);
  }

  const placed = new Set<string>();
  const grow = (category: T, parentPath: string[]): CategoryNode<T> => {
    placed.add(category.id);
    const path = [...parentPath, category.name];
    const children = (childrenOf.get(category.id) ?? [])
      .filter((child) => !placed.has(child.id))
      .map((child) => grow(child, path))
      .sort(byName);
    return { category, children, path, depth: parentPath.length, childCount: children.length };
  };

  const roots = (childrenOf.get(null) ?? []).map((c) => grow(c, []));
  // Categories caught in a parent cycle never hang under a root: lift them to the top level.
  for (const category of categories) {
    if (!placed.has(category.id)) roots.push(grow(category, []));
  }
  return roots.sort(byName);
}

/** Every id in the tree that has children: the "expand all" set. */
export function collectParentIds<T extends FlatCategory>(nodes: ReadonlyArray<CategoryNode<T>>): Set<string> {
  const ids = new Set<string>();
  const walk = (list: ReadonlyArray<CategoryNode<T>>) => {
    for (const node of list) {
      if (node.children.length > 0) {
        ids.add(node.category.id);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return ids;
}

/** How many categories hang below a node, at any depth. */
export function countDescendants<T extends FlatCategory>(node: CategoryNode<T>): number {
  return node.children.reduce((sum, child) => sum + 1 + countDescendants(child), 0);
}

export type CategorySearchResult<T extends FlatCategory> = {
  /** The pruned tree: matching nodes, their ancestors, and the whole subtree under a match. */
  nodes: CategoryNode<T>[];
  /** Ancestors of a match, which the screen expands so the match is visible. */
  expandedIds: Set<string>;
  /** The ids whose own name or description matches, for highlighting. */
  matchedIds: Set<string>;
};

const matches = (category: FlatCategory, term: string) =>
  category.name.toLowerCase().includes(term) || (category.description ?? '').toLowerCase().includes(term);

/**
 * Searches name and description case-insensitively through every level. A parent stays when one of
 * its descendants matches and is marked expanded; a matching node keeps all of its children (expanded
 * only when a match lies below) so the user can still browse under it. A blank term answers the tree
 * unchanged.
 */
export function searchCategoryTree<T extends FlatCategory>(
  nodes: ReadonlyArray<CategoryNode<T>>,
  search: string,
): CategorySearchResult<T> {
  const term = search.trim().toLowerCase();
  const expandedIds = new Set<string>();
  const matchedIds = new Set<string>();
  if (!term) return { nodes: [...nodes], expandedIds, matchedIds };

  const prune = (list: ReadonlyArray<CategoryNode<T>>): CategoryNode<T>[] => {
    const kept: CategoryNode<T>[] = [];
    for (const node of list) {
      const isMatch = matches(node.category, term);
      const children = prune(node.children);
      if (isMatch) matchedIds.add(node.category.id);
      if (children.length > 0) expandedIds.add(node.category.id);
      // A match keeps its whole subtree; a mere ancestor keeps only the branches that lead to matches.
      if (isMatch) kept.push(node);
      else if (children.length > 0) kept.push({ ...node, children });
    }
    return kept;
  };

  return { nodes: prune(nodes), expandedIds, matchedIds };
}

/** One page of top-level nodes; subcategories always travel with their root. */
export function pageOfRoots<T>(roots: ReadonlyArray<T>, { page, pageSize }: { page: number; pageSize: number }): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return roots.slice(start, start + pageSize);
}

/** The parent picker's options: every category, indented by depth and labelled with its full path. */
export function flattenForPicker<T extends FlatCategory>(
  nodes: ReadonlyArray<CategoryNode<T>>,
): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  const walk = (list: ReadonlyArray<CategoryNode<T>>) => {
    for (const node of list) {
      options.push({ value: node.category.id, label: node.path.join(' / ') });
      walk(node.children);
    }
  };
  walk(nodes);
  return options;
}

/** The node of an id in the full tree (a search result holds pruned copies). */
export function findNode<T extends FlatCategory>(
  nodes: ReadonlyArray<CategoryNode<T>>,
  id: string,
): CategoryNode<T> | undefined {
  for (const node of nodes) {
    if (node.category.id === id) return node;
    const below = findNode(node.children, id);
    if (below) return below;
  }
  return undefined;
}
