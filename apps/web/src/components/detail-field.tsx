import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label over its value, in the details modals (a sale, a return). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div" mt={2}>
        {children}
      </Text>
    </div>
  );
}
