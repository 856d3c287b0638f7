import { Group } from '@mantine/core';
import { DateField } from '../../../components/date-field';
import type { HistoryRange } from '../hooks/use-history-range';

/** Start and end date pickers of a history tab (either may be empty). */
export function HistoryRangeFilter({ range }: { range: HistoryRange }) {
  return (
    <Group gap="sm" mb="sm">
      <DateField
        label="Start Date"
        value={range.start}
        onChange={(day) => range.setStart(day || null)}
        maxDate={range.end}
      />
      <DateField
        label="End Date"
        value={range.end}
        onChange={(day) => range.setEnd(day || null)}
        minDate={range.start}
      />
    </Group>
  );
}
