import { describe, expect, it } from 'vitest';
import {
  buildCategoryTree,
  type CategoryNode,
  collectParentIds,
  countDescendants,
  type FlatCategory,
  findNode,
  flattenForPicker,
  pageOfRoots,
  searchCategoryTree,
} from '../src/features/categories/utils/category-tree';

const cat = (id: string, name: string, parentId: string | null = null, description: string | null = null) => ({
  id,
  name,
  parentId,
  description,
});

const flat: FlatCategory[] = [
  cat('snacks', 'Snacks', null, 'Snacks aisle'),
  cat('bev', 'Beverages', null, 'Drinks aisle'),
  cat('soft', 'Soft Drinks', 'bev'),
  cat('juice', 'Juices', 'bev', 'Fresh and packed'),
  cat('cola', 'Cola', 'soft', 'Fizzy'),
  cat('chips', 'Chips', 'snacks'),
  cat('dairy', 'Dairy', null),
];

const names = (nodes: CategoryNode[]) => nodes.map((n) => n.category.name);
const find = (nodes: CategoryNode[], id: string): CategoryNode | undefined => {
  for (const node of nodes) {
    if (node.category.id === id) return node;
    const below = find(node.children, id);
    if (below) return below;
  }
  return undefined;
};

describe('buildCategoryTree', () => {
  it('nests by parentId with names sorted A-Z on every level', () => {
    const tree = buildCategoryTree(flat);
    expect(names(tree)).toEqual(['Beverages', 'Dairy', 'Snacks']);
    expect(names(find(tree, 'bev')?.children ?? [])).toEqual(['Juices', 'Soft Drinks']);
    expect(names(find(tree, 'soft')?.children ?? [])).toEqual(['Cola']);
  });

  it('records the breadcrumb path and depth of every node', () => {
    const cola = find(buildCategoryTree(flat), 'cola');
    expect(cola?.path).toEqual(['Beverages', 'Soft Drinks', 'Cola']);
    expect(cola?.depth).toBe(2);
  });

  it('makes a category whose parent is missing a root', () => {
    const tree = buildCategoryTree([cat('a', 'Orphan', 'gone'), cat('b', 'Root')]);
    expect(names(tree)).toEqual(['Orphan', 'Root']);
    expect(find(tree, 'a')?.path).toEqual(['Orphan']);
  });

  it('places every category of a parent cycle exactly once', () => {
    const tree = buildCategoryTree([cat('a', 'A', 'b'), cat('b', 'B', 'a')]);
    const all = flattenForPicker(tree).map((o) => o.value);
    expect(all.sort()).toEqual(['a', 'b']);
  });

  it('answers an empty list with an empty tree', () => {
    expect(buildCategoryTree([])).toEqual([]);
  });
});

describe('searchCategoryTree', () => {
  const tree = buildCategoryTree(flat);

  it('finds a match deep below and keeps and expands its ancestors', () => {
    const result = searchCategoryTree(tree, 'cola');
    expect(names(result.nodes)).toEqual(['Beverages']);
    expect(names(result.nodes[0]?.children ?? [])).toEqual(['Soft Drinks']);
    expect(result.expandedIds).toEqual(new Set(['bev', 'soft']));
    expect(result.matchedIds).toEqual(new Set(['cola']));
  });

  it('matches the description, case-insensitively, ignoring surrounding spaces', () => {
    const result = searchCategoryTree(tree, '  FIZZY ');
    expect(result.matchedIds).toEqual(new Set(['cola']));
    expect(names(result.nodes)).toEqual(['Beverages']);
  });

  it('keeps the full subcategory count on a pruned parent', () => {
    const result = searchCategoryTree(tree, 'juice');
    expect(result.nodes[0]?.children).toHaveLength(1);
    expect(result.nodes[0]?.childCount).toBe(2);
    expect(countDescendants(findNode(tree, 'bev') as CategoryNode)).toBe(3);
  });

  it('keeps the whole subtree of a matching node, collapsed', () => {
    const result = searchCategoryTree(tree, 'snacks');
    expect(names(result.nodes)).toEqual(['Snacks']);
    expect(names(result.nodes[0]?.children ?? [])).toEqual(['Chips']);
    expect(result.expandedIds.has('snacks')).toBe(false);
  });

  it('prunes siblings that lead to no match', () => {
    const result = searchCategoryTree(tree, 'juice');
    expect(names(result.nodes[0]?.children ?? [])).toEqual(['Juices']);
  });

  it('answers nothing when nothing matches', () => {
    const result = searchCategoryTree(tree, 'zzz');
    expect(result.nodes).toEqual([]);
    expect(result.expandedIds.size).toBe(0);
  });

  it('answers the tree unchanged for a blank search', () => {
    const result = searchCategoryTree(tree, '   ');
    expect(names(result.nodes)).toEqual(['Beverages', 'Dairy', 'Snacks']);
    expect(result.matchedIds.size).toBe(0);
  });
});

describe('tree helpers', () => {
  const tree = buildCategoryTree(flat);

  it('pages the top-level nodes, subcategories travelling with their root', () => {
    expect(names(pageOfRoots(tree, { page: 1, pageSize: 2 }))).toEqual(['Beverages', 'Dairy']);
    expect(names(pageOfRoots(tree, { page: 2, pageSize: 2 }))).toEqual(['Snacks']);
    expect(pageOfRoots(tree, { page: 3, pageSize: 2 })).toEqual([]);
  });

  it('counts descendants at every depth', () => {
    expect(countDescendants(find(tree, 'bev') as CategoryNode)).toBe(3);
    expect(countDescendants(find(tree, 'dairy') as CategoryNode)).toBe(0);
  });

  it('collects the ids that have children', () => {
    expect(collectParentIds(tree)).toEqual(new Set(['bev', 'soft', 'snacks']));
  });

  it('lists every category for the parent picker with its full path', () => {
    expect(flattenForPicker(tree).slice(0, 4)).toEqual([
      { value: 'bev', label: 'Beverages' },
      { value: 'juice', label: 'Beverages / Juices' },
      { value: 'soft', label: 'Beverages / Soft Drinks' },
      { value: 'cola', label: 'Beverages / Soft Drinks / Cola' },
    ]);
  });
});
