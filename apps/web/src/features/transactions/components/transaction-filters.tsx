import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { PAGE_SIZE_OPTIONS } from '../../../lib/use-list-controls';
import type { TransactionFiltersState } from '../hooks/use-transaction-filters';
import { PAYMENT_FILTER_OPTIONS } from '../utils/filters';

/** Display format of the date pickers (spec 02, section 9); the value sent is yyyy-mm-dd. */
const DATE_FORMAT = 'DD/MM/YYYY';

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
      <DatePickerInput
        label="Start Date"
        placeholder="dd/mm/yyyy"
        valueFormat={DATE_FORMAT}
        leftSection={<IconCalendar size={16} />}
        value={filters.startDate}
        onChange={filters.setStartDate}
        maxDate={filters.endDate ?? undefined}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear start date' }}
        w={170}
      />
      <DatePickerInput
        label="End Date"
        placeholder="dd/mm/yyyy"
        valueFormat={DATE_FORMAT}
        leftSection={<IconCalendar size={16} />}
        value={filters.endDate}
        onChange={filters.setEndDate}
        minDate={filters.startDate ?? undefined}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear end date' }}
        w={170}
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
