import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import type { LabelSelection } from '../hooks/use-label-selection';
import { LabelPrintModal } from './label-print-modal';

/** Shown while products are picked for labels: how many, and the button to print them. */
export function LabelPrintBar({ selection }: { selection: LabelSelection }) {
  const [opened, setOpened] = useState(false);
  const n = selection.picks.length;
  return (
    <>
      {n > 0 ? (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {n} product{n === 1 ? '' : 's'} selected for labels
            </Text>
            <Group gap="sm">
              <Button variant="subtle" color="gray" onClick={selection.clear}>
                Clear
              </Button>
              <Button leftSection={<IconBarcode size={16} aria-hidden />} onClick={() => setOpened(true)}>
                Print labels
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      <LabelPrintModal opened={opened && n > 0} onClose={() => setOpened(false)} selection={selection} />
    </>
  );
}
