import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { DateField } from '../../../components/date-field';
import { PAGE_SIZE_OPTIONS } from '../../../lib/use-list-controls';
import type { TransactionFiltersState } from '../hooks/use-transaction-filters';
import { PAYMENT_FILTER_OPTIONS } from '../utils/filters';

/** Cashier name search, payment method, start and end date and page size (spec 02, section 2). */
export function TransactionFilters({ filters }: { filters: TransactionFiltersState }) {
  const anyInput =
    filters.cashierName.trim() !== '' || filters.paymentMethod !== 'all' || filters.startDate || filters.endDate;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Cashier Name"
        placeholder="Search by cashier name..."
        leftSection={<IconSearch size={16} />}
        value={filters.cashierName}
        onChange={(event) => filters.setCashierName(event.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label="Payment Method"
        data={PAYMENT_FILTER_OPTIONS.map((o) => ({ ...o }))}
        value={filters.paymentMethod}
        onChange={filters.setPaymentMethod}
        allowDeselect={false}
        w={150}
      />
      <DateField
        label="Start Date"
        value={filters.startDate}
        onChange={(day) => filters.setStartDate(day || null)}
        maxDate={filters.endDate}
      />
      <DateField
        label="End Date"
        value={filters.endDate}
        onChange={(day) => filters.setEndDate(day || null)}
        minDate={filters.startDate}
      />
      <Select
        label="Per page"
        data={PAGE_SIZE_OPTIONS}
        value={String(filters.pageSize)}
        onChange={filters.setPageSize}
        allowDeselect={false}
        w={90}
      />
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconFilterOff size={16} />}
        onClick={filters.clear}
        disabled={!anyInput}
      >
        Clear filters
      </Button>
    </Group>
  );
}
