import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { suppliersQuery } from '../api/suppliers.api';

type Props = {
  companyId: string | null;
  value: { id: string; name: string } | null;
  onChange: (supplier: { id: string; name: string } | null) => void;
  label?: string;
  required?: boolean;
};

/** A supplier picker that searches the company's suppliers on the server. */
export function SupplierSelect({ companyId, value, onChange, label = 'Supplier', required }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const term = value && search === value.name ? '' : debounced;
  const suppliers = useQuery({
    ...suppliersQuery({ companyId, page: 1, limit: 20, search: term }),
    placeholderData: keepPreviousData,
  });
  const found = suppliers.data?.data;
  const data = useMemo(() => {
    const list = (found ?? []).map((s) => ({ value: s.id, label: s.name }));
    return value && !list.some((o) => o.value === value.id) ? [{ value: value.id, label: value.name }, ...list] : list;
  }, [found, value]);
  return (
    <Select
      label={label}
      placeholder="Search suppliers"
      searchable
      required={required}
      data={data}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={suppliers.isFetching ? 'Searching...' : 'No suppliers found'}
      onChange={(id) => {
        const option = data.find((o) => o.value === id);
        onChange(option ? { id: option.value, name: option.label } : null);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
