import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Unit } from '@pos/shared';
import { useMemo, useState } from 'react';
import { useProductOptions } from '../../../lib/api/inventory.api';

export type PickedProduct = { id: string; name: string; sku: string | null; stockQuantity: number; unit: Unit };

type Props = { branchId: string | null; onPick: (product: PickedProduct) => void; exclude: string[] };

const optionLabel = (p: PickedProduct) => `${p.name}${p.sku ? ` (${p.sku})` : ''} - ${p.stockQuantity} in stock`;

/** Adds a product of the sending branch to the transfer: the server searches name and SKU. */
export function TransferProductPicker({ branchId, onPick, exclude }: Props) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [term] = useDebouncedValue(search.trim(), 300);
  const options = useProductOptions({ branchId, search: term, enabled: opened });
  const found = options.data?.data;
  const data = useMemo(
    () =>
      (found ?? [])
        .filter((p) => !exclude.includes(p.id))
        .map((p) => ({ value: p.id, label: optionLabel(p), disabled: p.stockQuantity <= 0 })),
    [found, exclude],
  );

  return (
    <Select
      label="Add product"
      placeholder="Search by name or SKU..."
      searchable
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={options.isFetching ? 'Searching...' : 'No products found'}
      onChange={(id) => {
        const p = found?.find((x) => x.id === id);
        if (!p) return;
        onPick({ id: p.id, name: p.name, sku: p.sku, stockQuantity: p.stockQuantity, unit: p.unit });
        setSearch('');
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
