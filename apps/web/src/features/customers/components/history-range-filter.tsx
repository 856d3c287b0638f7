import '@mantine/dates/styles.css';
import { Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { DateValue, HistoryRange } from '../hooks/use-history-range';

/** Start and end date pickers of a history tab (either may be empty). */
export function HistoryRangeFilter({ range }: { range: HistoryRange }) {
  return (
    <Group gap="sm" mb="sm">
      <DatePickerInput
        label="Start Date"
        placeholder="dd/mm/yyyy"
        valueFormat="DD/MM/YYYY"
        leftSection={<IconCalendar size={16} />}
        value={range.start}
        onChange={(v) => range.setStart(v as DateValue)}
        maxDate={range.end ?? undefined}
        clearable
        w={170}
      />
      <DatePickerInput
        label="End Date"
        placeholder="dd/mm/yyyy"
        valueFormat="DD/MM/YYYY"
        leftSection={<IconCalendar size={16} />}
        value={range.end}
        onChange={(v) => range.setEnd(v as DateValue)}
        minDate={range.start ?? undefined}
        clearable
        w={170}
      />
    </Group>
  );
}
