import { Group } from '@mantine/core';
import { DateField } from '../../../components/date-field';

export type HistoryDates = { start: string | null; end: string | null };

type HistoryRangeFilterProps = {
  dates: HistoryDates;
  onChange: <K extends keyof HistoryDates>(key: K, value: HistoryDates[K]) => void;
};

/** Start and end date pickers of a history tab (either may be empty); a new date goes back to page 1. */
export function HistoryRangeFilter({ dates, onChange }: HistoryRangeFilterProps) {
  return (
    <Group gap="sm" mb="sm">
      <DateField
        label="Start Date"
        value={dates.start}
        onChange={(day) => onChange('start', day || null)}
        maxDate={dates.end}
      />
      <DateField
        label="End Date"
        value={dates.end}
        onChange={(day) => onChange('end', day || null)}
        minDate={dates.start}
      />
    </Group>
  );
}
