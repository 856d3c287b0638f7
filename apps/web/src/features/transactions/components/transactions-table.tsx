import { Badge, Button, Skeleton, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { TransactionListItem } from '../../../lib/api/transactions.api';
import {
  customerLabel,
  formatAmount,
  formatDateTime,
  orNotAvailable,
  paymentMethodColor,
  paymentMethodLabel,
  statusLabel,
} from '../../../lib/format';

const COLUMNS = ['Receipt #', 'Date', 'Cashier', 'Customer', 'Payment', 'Total', 'Status', 'Actions'];
const SKELETON_ROWS = 5;

type TransactionsTableProps = {
  rows: TransactionListItem[];
  isLoading: boolean;
  /** Shown in place of rows when the list is empty. */
  emptyText: string;
  /** The previous page stays visible, dimmed, while the next loads. */
  isStale?: boolean;
  timeZone?: string | null;
  onView: (id: string) => void;
};

export function TransactionsTable({ rows, isLoading, emptyText, isStale, timeZone, onView }: TransactionsTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-label="Transactions"
        aria-busy={isLoading || isStale ? true : undefined}
        style={{ opacity: isStale ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'Total' ? 'right' : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
              <Table.Tr key={i} data-testid="transaction-skeleton-row">
                {COLUMNS.map((column) => (
                  <Table.Td key={column}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="lg">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {orNotAvailable(row.receiptNumber)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.transactionDate, timeZone)}</Table.Td>
                <Table.Td>{orNotAvailable(row.cashierName)}</Table.Td>
                <Table.Td>{customerLabel(row.customer)}</Table.Td>
                <Table.Td>
                  <Badge color={paymentMethodColor(row.paymentMethod)} variant="light">
                    {paymentMethodLabel(row.paymentMethod)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={600}>
                  {formatAmount(row.total)}
                </Table.Td>
                <Table.Td>
                  <Badge color="green" variant="light">
                    {statusLabel(row.status)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconEye size={14} />}
                    onClick={() => onView(row.id)}
                    aria-label={`View ${row.receiptNumber || 'transaction'}`}
                  >
                    View
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
