import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useAllCategories } from '../../../lib/api/categories.api';
import { useCurrentSelection } from '../../../lib/selection-context';
import { categoryOptions } from '../utils/category-options';

type Props = {
  value: string | null;
  /** The current category with its name, shown although the selected branch does not carry it. */
  selected?: { id: string; name: string } | null;
  onChange: (id: string | null) => void;
  error?: string;
};

/**
 * The item's category: the categories of the branch selected in the header (a category belongs to the
 * company; the branches it is attached to decide where it shows), searched in the browser.
 */
export function CategorySelect({ value, selected, onChange, error }: Props) {
  const { branch } = useCurrentSelection();
  const categories = useAllCategories(branch?.id ?? null);
  const options = useMemo(() => categoryOptions(categories.data ?? [], selected), [categories.data, selected]);
  return (
    <Select
      label="Category"
      placeholder={categories.isLoading ? 'Loading categories...' : 'No category'}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="No categories found"
      maxDropdownHeight={240}
      error={error}
    />
  );
}
