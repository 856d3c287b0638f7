import { Badge, Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IMPORT_COLUMNS, IMPORT_MSG, type ImportKind, type ImportMapping, type ImportResult } from '@pos/shared';

type Props = {
  kind: ImportKind;
  /** The last check's answer: the file's columns, the export recognised, the mapping it used. */
  result: ImportResult;
  /** The mapping on screen (the answer's, or the user's changes to it). */
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  /** Back to the mapping the file's header alone gives (a preset's, or by column names). */
  onReset: () => void;
  /** The mapping changed since the last check: its rows are not checked with it yet. */
  stale: boolean;
  disabled: boolean;
};

const same = (a: ImportMapping, b: ImportMapping) =>
  Object.keys({ ...a, ...b }).every((k) => JSON.stringify(a[k] ?? []) === JSON.stringify(b[k] ?? []));

/**
 * The file's columns against ours: for each of our columns the file's columns that feed it,
 * changeable. Several columns make one cell: joined for names, addresses and descriptions, else the
 * first non-empty one (a barcode, else the SKU).
 */
export function ColumnMapping({ kind, result, mapping, onChange, onReset, stale, disabled }: Props) {
  const options = [...new Set(result.header.filter((h) => h.trim() !== ''))];
  const source = {
    request: 'As you mapped it.',
    saved: 'As you mapped a file with these columns before.',
    preset: 'As that export is laid out.',
    headers: 'By the columns’ names.',
  }[result.mappingSource];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            Column mapping
          </Title>
          <Button
            variant="subtle"
            size="xs"
            onClick={onReset}
            disabled={disabled || same(mapping, result.detectedMapping)}
          >
            Use the detected mapping
          </Button>
        </Group>
        {result.preset && (
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light" color="teal">
                Recognised
              </Badge>
              <Text size="sm" fw={600}>
                {result.preset.label}
              </Text>
            </Group>
            <Text size="sm">{result.preset.note}</Text>
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          Read as {result.encoding}. {source} Change any column below, then check the file again; the mapping you import
          with is remembered for your next file with the same columns.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {IMPORT_COLUMNS[kind].map((column) => {
            const chosen = mapping[column.key] ?? [];
            return (
              <MultiSelect
                key={column.key}
                label={column.header}
                withAsterisk={column.required}
                data={options}
                value={chosen}
                onChange={(value) => onChange({ ...mapping, [column.key]: value })}
                placeholder={chosen.length === 0 ? 'Not imported' : undefined}
                description={
                  chosen.length > 1 ? (column.join ? 'These columns are joined' : 'The first non-empty one') : undefined
                }
                error={column.required && chosen.length === 0 ? IMPORT_MSG.notMapped(column.header) : undefined}
                searchable
                clearable
                disabled={disabled}
              />
            );
          })}
        </SimpleGrid>
        {stale && (
          <Text size="sm" c="orange.9" role="status">
            The mapping changed: check the file again to see its rows with it.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
