import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

const toNumber = (value: string | number): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
};

type Props = Omit<NumberInputProps, 'value' | 'onChange'> & { value: number; onCommit: (value: number) => void };

/**
 * A NumberInput over a store number: the typed text stays as typed ('0.', '') while it means the
 * stored number, and follows the store when the store changes it (a reset, a cap).
 */
export function NumberField({ value, onCommit, ...props }: Props) {
  const [text, setText] = useState<string | number>(value);
  useEffect(() => {
    setText((current) => (toNumber(current) === value ? current : value));
  }, [value]);
  return (
    <NumberInput
      {...props}
      value={text}
      onChange={(next) => {
        setText(next);
        onCommit(toNumber(next));
      }}
    />
  );
}
