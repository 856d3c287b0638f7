import { Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import {
  DEFAULT_SCANNER_SETTINGS,
  loadScannerSettings,
  type ScannerSettings,
  saveScannerSettings,
} from '../store/scanner-settings';

const toInt = (value: string | number, fallback: number) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
};

/**
 * This register's barcode scanner: how fast a burst of keys must be to count as a scan, how long a code
 * is at least, and the prefix / suffix the scanner is set to send. Saved in this browser (the till).
 */
export function ScannerSettingsForm() {
  const [settings, setSettings] = useState<ScannerSettings>(loadScannerSettings);
  const set = (change: Partial<ScannerSettings>) => setSettings((current) => ({ ...current, ...change }));
  const d = DEFAULT_SCANNER_SETTINGS;

  return (
    <form
      aria-labelledby="pos-scanner-settings-title"
      onSubmit={(event) => {
        event.preventDefault();
        setSettings(saveScannerSettings(settings));
        notifySuccess('Scanner settings saved');
      }}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id="pos-scanner-settings-title">
          Barcode scanner (this register)
        </Title>
        <Text size="xs" c="dimmed">
          A scan is a fast burst of keys ending in Enter; it goes to the cart wherever the cursor is.
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput
            size="xs"
            label="Longest pause between keys (ms)"
            min={5}
            max={250}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            value={settings.maxGapMs}
            onChange={(value) => set({ maxGapMs: toInt(value, d.maxGapMs) })}
          />
          <NumberInput
            size="xs"
            label="Shortest code (characters)"
            min={2}
            max={32}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            value={settings.minLength}
            onChange={(value) => set({ minLength: toInt(value, d.minLength) })}
          />
          <TextInput
            size="xs"
            label="Prefix"
            maxLength={8}
            autoComplete="off"
            value={settings.prefix}
            onChange={(event) => set({ prefix: event.currentTarget.value })}
          />
          <TextInput
            size="xs"
            label="Suffix (before Enter)"
            maxLength={8}
            autoComplete="off"
            value={settings.suffix}
            onChange={(event) => set({ suffix: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={() => setSettings(d)}>
            Defaults
          </Button>
          <Button size="xs" type="submit">
            Save scanner settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
