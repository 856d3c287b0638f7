import { Group, Text } from '@mantine/core';
import { useId } from 'react';

/** A figure of a dialog's summary: its label and the value (an output named by the label), on one line. */
export function SummaryRow({
  label,
  value,
  strong = false,
  danger = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" id={id} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text
        component="output"
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        c={danger ? 'red.9' : undefined}
        aria-labelledby={id}
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}
