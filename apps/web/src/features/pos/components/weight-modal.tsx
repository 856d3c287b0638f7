import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatQuantity, hasQuantityDecimals, lineSubtotal, QUANTITY_MSG, type Unit } from '@pos/shared';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { QuantityInput } from '../../../components/quantity-input';
import { formatMoney } from '../../../lib/format';
import { textLangProps } from '../../../lib/text-direction';
import { measureOf, pricePer, unitSymbol } from '../utils/units';

const MAX_QUANTITY = 100_000;

export const WEIGHT_TEXT = {
  title: (unit: string) => `Enter ${measureOf(unit).toLowerCase()}`,
  field: (unit: string) => `${measureOf(unit)} (${unitSymbol(unit)})`,
  required: (unit: string) => `Enter a ${measureOf(unit).toLowerCase()} above 0`,
  tooLarge: 'Quantity must be at most 100,000',
  notInStock: (available: number, unit: string) => `Only ${formatQuantity(available, unit)} in stock`,
  add: 'Add to cart',
  apply: 'Apply',
} as const;

/** What the dialog asks for (no cart store here: this chunk stays small). */
export type WeighedEntry = {
  /** A new entry (another product, or a line) starts from its own value. */
  key: string;
  name: string;
  unit: string;
  /** The price charged per unit. */
  price: number;
  /** The line's quantity when it is changed; null for a new one. */
  quantity: number | null;
  /** The most it may be: the stock less the product's other lines. */
  available: number;
};

/**
 * The weight (or volume, length) of a product sold by it, typed by the cashier: 3 decimals, Enter adds it,
 * Escape cancels. A scale label needs none of this: its weight is printed on it.
 */
export function WeightModal({
  entry,
  onApply,
  onClose,
  onExited,
}: {
  entry: WeighedEntry | null;
  onApply: (quantity: number) => void;
  onClose: () => void;
  onExited?: () => void;
}) {
  // What the dialog shows: the entry, kept through the closing transition.
  const shownRef = useRef(entry);
  if (entry) shownRef.current = entry;
  const shown = shownRef.current;
  const unit = shown?.unit ?? 'kg';
  const [value, setValue] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new entry starts from its own quantity
  useEffect(() => {
    if (entry) setValue(entry.quantity ?? '');
    setError(null);
  }, [entry?.key]);

  const quantity = typeof value === 'number' ? value : Number.parseFloat(value);
  const valid = Number.isFinite(quantity) && quantity > 0 && hasQuantityDecimals(quantity);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    if (!Number.isFinite(quantity) || quantity <= 0) return setError(WEIGHT_TEXT.required(unit));
    if (!hasQuantityDecimals(quantity)) return setError(QUANTITY_MSG.decimals);
    if (quantity > MAX_QUANTITY) return setError(WEIGHT_TEXT.tooLarge);
    if (quantity > entry.available) return setError(WEIGHT_TEXT.notInStock(entry.available, unit));
    onApply(quantity);
  };

  // The register's shortcuts (mod+P, mod+T, F2) wait while this dialog is open; Escape and Tab work as usual.
  const keepShortcuts = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.key === 'F2') event.stopPropagation();
  };

  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title={WEIGHT_TEXT.title(unit)}
      centered
      size="sm"
    >
      {/* A scan here is held for the cart, never typed into the weight (data-scan-hold: use-barcode-scanner.ts). */}
      <form onSubmit={submit} onKeyDown={keepShortcuts} noValidate data-scan-hold aria-label={WEIGHT_TEXT.title(unit)}>
        <Stack gap="sm">
          <div>
            <Text fw={600} {...textLangProps(shown?.name ?? '')}>
              {shown?.name}
            </Text>
            <Text size="sm" c="dimmed">
              {pricePer(shown?.price ?? 0, unit)}
            </Text>
          </div>
          <QuantityInput
            data-autofocus
            unit={unit as Unit}
            label={WEIGHT_TEXT.field(unit)}
            max={MAX_QUANTITY}
            hideControls
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            error={error}
          />
          <Text size="sm">
            Line total{' '}
            <Text span fw={700}>
              {formatMoney(valid ? lineSubtotal({ price: shown?.price ?? 0, quantity }) : 0)}
            </Text>
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{shown?.quantity != null ? WEIGHT_TEXT.apply : WEIGHT_TEXT.add}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
