import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { DateField } from '../../../components/date-field';
import { PAGE_SIZE_OPTIONS, type PagedList } from '../../../lib/use-paged-list';
import { isPaymentFilter, type ListFilters, PAYMENT_FILTER_OPTIONS } from '../utils/filters';

type TransactionList = Pick<
  PagedList<never, ListFilters>,
  'search' | 'setSearch' | 'filters' | 'setFilter' | 'clearFilters' | 'pageSize' | 'setPageSize'
>;

/** Cashier name search, payment method, start and end date and page size (spec 02, section 2). */
export function TransactionFilters({ list }: { list: TransactionList }) {
  const { filters } = list;
  const anyInput = list.search.trim() !== '' || filters.paymentMethod !== 'all' || filters.startDate || filters.endDate;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Cashier Name"
        placeholder="Search by cashier name..."
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label="Payment Method"
        data={PAYMENT_FILTER_OPTIONS.map((o) => ({ ...o }))}
        value={filters.paymentMethod}
        onChange={(value) => list.setFilter('paymentMethod', isPaymentFilter(value) ? value : 'all')}
        allowDeselect={false}
        w={150}
      />
      <DateField
        label="Start Date"
        value={filters.startDate}
        onChange={(day) => list.setFilter('startDate', day || null)}
        maxDate={filters.endDate}
      />
      <DateField
        label="End Date"
        value={filters.endDate}
        onChange={(day) => list.setFilter('endDate', day || null)}
        minDate={filters.startDate}
      />
      <Select
        label="Per page"
        data={PAGE_SIZE_OPTIONS}
        value={String(list.pageSize)}
        onChange={list.setPageSize}
        allowDeselect={false}
        w={90}
      />
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconFilterOff size={16} />}
        onClick={list.clearFilters}
        disabled={!anyInput}
      >
        Clear filters
      </Button>
    </Group>
  );
}
