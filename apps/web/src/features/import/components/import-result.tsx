import { Alert, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ImportResult } from '@pos/shared';

const SHOWN = 50;

/** What a preview (or an import) found: counts, new categories and brands, and every row error. */
export function ImportResultView({ result }: { result: ImportResult }) {
  const lists = [
    ...(result.newCategories.length > 0 ? [`New categories: ${result.newCategories.join(', ')}`] : []),
    ...(result.newBrands.length > 0 ? [`New brands: ${result.newBrands.join(', ')}`] : []),
  ];
  return (
    <Stack gap="sm" aria-live="polite">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color="gray" size="lg">
          {result.rows} rows
        </Badge>
        <Badge variant="light" color="green" size="lg">
          {result.toCreate} to create
        </Badge>
        <Badge variant="light" color="blue" size="lg">
          {result.toUpdate} to update
        </Badge>
        <Badge variant="light" color={result.errorCount > 0 ? 'red' : 'gray'} size="lg">
          {result.errorCount} with errors
        </Badge>
        {result.skipped > 0 && (
          <Badge variant="light" color="gray" size="lg">
            {result.skipped} passed over
          </Badge>
        )}
      </Group>
      {lists.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      {result.errorCount > 0 && (
        <Paper withBorder radius="md">
          <Alert color="red" variant="light" radius={0} title={result.applied ? 'Rows left out' : 'Rows with errors'}>
            {result.errorCount} {result.errorCount === 1 ? 'row has' : 'rows have'} errors.{' '}
            {result.applied
              ? 'Download them (with their row number and the reason), fix them and import that file.'
              : 'Import the good rows and download the others (with their row number and the reason) to fix them, or fix the file and check it again.'}
          </Alert>
          <Table striped aria-label="Rows with errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.errors.slice(0, SHOWN).map((e) => (
                <Table.Tr key={`${e.row}-${e.column}`}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.column}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {result.errors.length > SHOWN && (
            <Text size="sm" c="dimmed" p="sm">
              The first {SHOWN} errors are shown.
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
