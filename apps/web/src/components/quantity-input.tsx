import { NumberInput, type NumberInputProps, Text } from '@mantine/core';
import { allowsDecimals, QUANTITY_DECIMALS, UNIT_SYMBOLS, type Unit } from '@pos/shared';

type Props = Omit<NumberInputProps, 'allowDecimal' | 'decimalScale' | 'allowNegative' | 'min'> & {
  /** The product's unit (a line's `unit`); undefined while it is not known. */
  unit: Unit | null | undefined;
  /** 0 is a valid quantity (units received or counted now), else the least is 1 (or 0.001 of a decimal unit). */
  allowZero?: boolean;
  /** Whether decimals are taken while the unit is not known (a product typed by SKU: the server decides). */
  decimalsWhenUnknown?: boolean;
};

/**
 * A quantity of a product (transfers, purchase orders, stock counts): up to 3 decimals for a unit that takes
 * them (kg, L, m), whole numbers otherwise, with the unit's symbol beside it. While the unit is not known, a
 * fraction already there keeps its decimals.
 */
export function QuantityInput({ unit, allowZero = false, decimalsWhenUnknown = false, value, ...props }: Props) {
  const decimals = unit
    ? allowsDecimals(unit)
    : decimalsWhenUnknown || (typeof value === 'number' && !Number.isInteger(value));
  const symbol = unit ? UNIT_SYMBOLS[unit] : '';
  return (
    <NumberInput
      {...props}
      value={value}
      min={allowZero ? 0 : decimals ? 10 ** -QUANTITY_DECIMALS : 1}
      allowNegative={false}
      allowDecimal={decimals}
      decimalScale={decimals ? QUANTITY_DECIMALS : 0}
      rightSection={
        symbol ? (
          <Text size="xs" c="dimmed" aria-hidden>
            {symbol}
          </Text>
        ) : undefined
      }
      rightSectionPointerEvents={symbol ? 'none' : undefined}
    />
  );
}
