import { Select } from '@mantine/core';
import { UNIT_LABELS, UNITS, type Unit } from '@pos/shared';

const OPTIONS = UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }));

export const UNIT_HELP = 'Kilogram, litre and metre take weights and measures with 3 decimals';

/** What a quantity of the item counts: pieces, or a weight or measure (kg, L, m take 3 decimals). */
export function UnitSelect({
  value,
  onChange,
  error,
}: {
  value: Unit;
  onChange: (unit: Unit) => void;
  error?: string;
}) {
  return (
    <Select
      label="Unit"
      description={UNIT_HELP}
      data={OPTIONS}
      value={value}
      onChange={(next) => {
        if (next) onChange(next as Unit);
      }}
      allowDeselect={false}
      error={error}
    />
  );
}
