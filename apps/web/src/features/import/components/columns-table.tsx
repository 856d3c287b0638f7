import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IMPORT_COLUMNS, type ImportKind } from '@pos/shared';
import { IconFileDownload } from '@tabler/icons-react';
import { downloadTemplate } from '../utils/template';

/** The documented columns of an import file, with the template to start from. */
export function ColumnsTable({ kind }: { kind: ImportKind }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text fw={600}>Columns</Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFileDownload size={16} aria-hidden />}
          onClick={() => downloadTemplate(kind)}
        >
          Download template
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        A CSV file (comma, semicolon or tab separated; UTF-8, UTF-16 or Windows-1252: Excel's "CSV" and "CSV UTF-8" both
        work) whose first line names the columns. Exports of Shopify, Square, WooCommerce, Loyverse, Odoo and
        OpenSourcePOS are recognised; any other file's columns can be mapped to these after the check. Other columns are
        ignored.
      </Text>
      <Table aria-label={`Columns of a ${kind} file`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Meaning</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {IMPORT_COLUMNS[kind].map((c) => (
            <Table.Tr key={c.key}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {c.header}
                  </Text>
                  {c.required && (
                    <Badge size="xs" variant="light">
                      Required
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{c.description}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
