import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { moneyInputProps } from '../utils/inputs';
import { parsePrice } from '../utils/listings';

type Props = {
  /** The field's accessible name: 'Price of Tee / M at Main'. Its save button is 'Save price of ...'. */
  label: string;
  /** The price as the server holds it. */
  value: number;
  /** Saves a changed price; a rejection leaves the typed price in the field. */
  onSave: (price: number) => unknown;
  width?: number;
};

const saveName = (label: string) => `Save ${label.charAt(0).toLowerCase()}${label.slice(1)}`;

/**
 * A price in a grid cell, changed in place: typing makes it pending, Enter or its Save button saves it, Escape
 * puts the saved price back. A new price from the server (saved here or elsewhere) replaces what it shows.
 */
export function PriceEditor({ label, value, onSave, width = 140 }: Props) {
  const [typed, setTyped] = useState<number | string>(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTyped(value);
    setError(null);
  }, [value]);

  const pending = typeof typed === 'number' ? typed !== value : typed.trim() !== String(value);

  const save = async () => {
    const parsed = parsePrice(typed);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    if (parsed.price === value) return setTyped(value);
    setBusy(true);
    try {
      await onSave(parsed.price);
    } catch {
      // The caller has told the user; the typed price stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <NumberInput
        aria-label={label}
        {...moneyInputProps()}
        value={typed}
        onChange={(next) => {
          setTyped(next);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape' && pending) {
            setTyped(value);
            setError(null);
          }
        }}
        error={error}
        hideControls
        w={width}
        size="sm"
      />
      {pending ? (
        <ActionIcon size={36} variant="filled" aria-label={saveName(label)} onClick={() => void save()} loading={busy}>
          <IconCheck size={18} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
