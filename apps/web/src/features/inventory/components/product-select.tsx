import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { InventoryStockItem } from '@pos/shared';
import { useMemo, useState } from 'react';
import { useProductOptions } from '../../../lib/api/inventory.api';

type Props = {
  branchId: string | null;
  value: InventoryStockItem | null;
  onChange: (product: InventoryStockItem | null) => void;
  label?: string;
  placeholder?: string;
  clearable?: boolean;
  required?: boolean;
  disabled?: boolean;
  w?: number | string;
};

const optionLabel = (p: InventoryStockItem) => (p.sku ? `${p.name} (${p.sku})` : p.name);

/** A searchable product picker: the server searches name and SKU (the catalogue may hold 100,000). */
export function ProductSelect({
  branchId,
  value,
  onChange,
  label,
  placeholder,
  clearable,
  required,
  disabled,
  w,
}: Props) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // While the field shows the chosen product's label, do not search for that label.
  const term = value && search === optionLabel(value) ? '' : debounced;
  const options = useProductOptions({ branchId, search: term, enabled: opened });
  const found = options.data?.data;
  const data = useMemo(() => {
    const list = found ?? [];
    const all = value && !list.some((p) => p.id === value.id) ? [value, ...list] : list;
    return all.map((p) => ({ value: p.id, label: optionLabel(p) }));
  }, [found, value]);

  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable={clearable}
      required={required}
      disabled={disabled}
      w={w}
      data={data}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={options.isFetching ? 'Searching...' : 'No products found'}
      onChange={(id) => {
        if (!id) return onChange(null);
        const product = found?.find((p) => p.id === id) ?? (value?.id === id ? value : null);
        onChange(product);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
