import type { Category } from '@pos/shared';

/** The category picker's options: each category with its parents ('Clothing › T-shirts'), by that label. */
export function categoryOptions(
  categories: readonly Pick<Category, 'id' | 'name' | 'parentId'>[],
  selected?: { id: string; name: string } | null,
): { value: string; label: string }[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const pathOf = (category: Pick<Category, 'id' | 'name' | 'parentId'>) => {
    const names = [category.name];
    const seen = new Set([category.id]);
    for (let parent = category.parentId ? byId.get(category.parentId) : undefined; parent; ) {
      if (seen.has(parent.id)) break;
      seen.add(parent.id);
      names.unshift(parent.name);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return names.join(' › ');
  };
  const options = categories
    .map((c) => ({ value: c.id, label: pathOf(c) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  if (selected && !byId.has(selected.id)) options.unshift({ value: selected.id, label: selected.name });
  return options;
}
