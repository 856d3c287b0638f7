import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { isHeldByRegisterRules } from '@pos/shared';
import { IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useRegisterRulesQuery } from '../../../lib/api/register-rules.api';
import { formatMoney, getDisplayCurrency } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { textLangProps } from '../../../lib/text-direction';

export const LINE_PRICE_TEXT = {
  title: 'Change price',
  field: 'New price',
  apply: 'Apply',
  reset: 'Use product price',
  required: 'Enter a price',
  tooHigh: 'Price must be at most 1,000,000,000',
  needsManager: "A manager approves the changed price at Payment (the branch's register rules).",
} as const;

const MAX_PRICE = 1_000_000_000;

/** The cart line being priced, as the dialog shows it (no cart store here: this chunk stays small). */
export type PricedLine = { key: string; name: string; price: number; charged: number; changed: boolean };

/**
 * The line's price changed at the register: the price charged for this line only; the
 * product's price stays. Past the branch's register rules (a cashier without "Cashiers may change
 * prices") the sale asks a manager's approval at Payment, as a discount past the limit does.
 * `onApply(null)`: back to the product's price.
 */
export function LinePriceModal({
  line,
  onApply,
  onClose,
}: {
  line: PricedLine | null;
  onApply: (price: number | null) => void;
  onClose: () => void;
}) {
  // What the dialog shows: the line, kept through the closing transition.
  const shownRef = useRef(line);
  if (line) shownRef.current = line;
  const shown = shownRef.current;
  const { branch } = useCurrentSelection();
  const user = useSessionUser();
  const rules = useRegisterRulesQuery(line && user && isHeldByRegisterRules(user) ? (branch?.id ?? null) : null);
  const needsManager = Boolean(user && isHeldByRegisterRules(user) && rules.data?.cashierMayChangePrice !== true);
  const [value, setValue] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const opened = line !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new line starts from its current price
  useEffect(() => {
    if (line) setValue(line.charged);
    setError(null);
  }, [line?.key]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!line) return;
    const price = typeof value === 'number' ? value : Number.parseFloat(value);
    if (value === '' || !Number.isFinite(price)) return setError(LINE_PRICE_TEXT.required);
    if (price > MAX_PRICE) return setError(LINE_PRICE_TEXT.tooHigh);
    onApply(price);
  };

  // The register's shortcuts (mod+P, mod+T, F2) wait while this dialog is open; Escape and Tab work as usual.
  const keepShortcuts = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.key === 'F2') event.stopPropagation();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={LINE_PRICE_TEXT.title} centered size="sm">
      {/* A scan here goes to the cart, never into the price (data-scan-hold: use-barcode-scanner.ts). */}
      <form onSubmit={submit} onKeyDown={keepShortcuts} noValidate data-scan-hold aria-label={LINE_PRICE_TEXT.title}>
        <Stack gap="sm">
          <div>
            <Text fw={600} {...textLangProps(shown?.name ?? '')}>
              {shown?.name}
            </Text>
            <Text size="sm" c="dimmed">
              Product price {formatMoney(shown?.price ?? 0)}
            </Text>
          </div>
          <NumberInput
            data-autofocus
            label={LINE_PRICE_TEXT.field}
            min={0}
            max={MAX_PRICE}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            leftSection={<Text size="xs">{getDisplayCurrency()}</Text>}
            leftSectionWidth={44}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            error={error}
          />
          {needsManager ? (
            <Alert color="blue" variant="light" icon={<IconShieldLock size={18} aria-hidden />} p="xs">
              <Text size="sm">{LINE_PRICE_TEXT.needsManager}</Text>
            </Alert>
          ) : null}
          <Group justify="space-between" wrap="wrap" gap="xs">
            {shown?.changed ? (
              <Button variant="subtle" onClick={() => onApply(null)}>
                {LINE_PRICE_TEXT.reset}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">{LINE_PRICE_TEXT.apply}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
