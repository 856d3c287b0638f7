import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { InventoryStockItem } from '@pos/shared';
import { useMemo, useState } from 'react';
import { useProductOptions } from '../../../lib/api/inventory.api';

type Props = {
  branchId: string | null;
  onPick: (product: InventoryStockItem) => void;
  label?: string;
};

const optionLabel = (p: InventoryStockItem) => (p.sku ? `${p.name} (${p.sku})` : p.name);

/** Adds a product: searches the branch's products by name or SKU on the server; picking clears the field. */
export function ProductPicker({ branchId, onPick, label = 'Add product' }: Props) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const options = useProductOptions({ branchId, search: debounced, enabled: opened });
  const found = options.data?.data;
  const data = useMemo(() => (found ?? []).map((p) => ({ value: p.id, label: optionLabel(p) })), [found]);
  return (
    <Select
      label={label}
      placeholder="Search by name or SKU"
      searchable
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={options.isFetching ? 'Searching...' : 'No products found'}
      onChange={(id) => {
        const product = found?.find((p) => p.id === id);
        if (product) onPick(product);
        setSearch('');
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
