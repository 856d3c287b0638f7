import { NumberInput, SimpleGrid, Text } from '@mantine/core';
import { type DenominationCount, denominationTotalMinor, fromMinor } from '@pos/shared';
import { formatMoney } from '../../../lib/format';

/** Counts of the drawer's notes and coins (minor units, largest first) and their total. */
export function ShiftDenominations({
  denominations,
  value,
  onChange,
}: {
  denominations: number[];
  value: DenominationCount;
  onChange: (next: DenominationCount) => void;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
        {denominations.map((d) => (
          <NumberInput
            key={d}
            label={`${formatMoney(fromMinor(d))} ×`}
            min={0}
            max={100000}
            allowDecimal={false}
            allowNegative={false}
            value={value[String(d)] ?? ''}
            onChange={(v) => onChange({ ...value, [String(d)]: typeof v === 'number' ? v : Number(v) || 0 })}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" fw={600} aria-live="polite">
        Counted: {formatMoney(fromMinor(denominationTotalMinor(value)))}
      </Text>
    </>
  );
}
