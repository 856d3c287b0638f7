import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

/** yyyy-mm-dd of a date picker's value (its calendar day), '' when cleared: the filters' wire form. */
export function dayOf(value: string | Date | null): string {
  if (!value) return '';
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

type DateFieldProps = {
  label: string;
  /** yyyy-mm-dd, or '' / null for none. */
  value: string | null;
  /** yyyy-mm-dd, or '' when cleared. */
  onChange: (day: string) => void;
  minDate?: string | null;
  maxDate?: string | null;
};

/**
 * The one date filter of the back office: dd/mm/yyyy (spec 02, section 9), clearable, and a calendar
 * named after its field (Mantine labels the popup by an id its input does not carry, so it had no name).
 * The arrows' names and the calendar's styles are the app's (app/theme.ts, main.tsx).
 */
export function DateField({ label, value, onChange, minDate, maxDate }: DateFieldProps) {
  return (
    <DatePickerInput
      label={label}
      placeholder="dd/mm/yyyy"
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={value || null}
      onChange={(v) => onChange(dayOf(v))}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      popoverProps={{ attributes: { dropdown: { 'aria-label': `${label}: calendar` } } }}
      w={170}
    />
  );
}
