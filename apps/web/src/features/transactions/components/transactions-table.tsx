import { Badge, Button, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { PagedTable } from '../../../components/paged-table';
import type { TransactionListItem } from '../../../lib/api/transactions.api';
import {
  customerLabel,
  formatAmount,
  formatDateTime,
  orNotAvailable,
  paymentMethodColor,
  paymentMethodLabel,
  showingRange,
  statusLabel,
} from '../../../lib/format';
import type { PagedRows } from '../../../lib/use-paged-list';

const COLUMNS = [
  'Receipt #',
  'Date',
  'Cashier',
  'Customer',
  'Payment',
  { label: 'Total', ta: 'right' as const },
  'Status',
  'Actions',
];

type TransactionsTableProps = {
  list: PagedRows<TransactionListItem>;
  /** Waiting for the branch: a loader, not the empty text. */
  loading: boolean;
  /** Shown in place of rows when the list is empty. */
  emptyText: string;
  timeZone?: string | null;
  onView: (id: string) => void;
};

/** One page of the branch's sales, each with View, and the pager. */
export function TransactionsTable({ list, loading, emptyText, timeZone, onView }: TransactionsTableProps) {
  return (
    <PagedTable
      list={list}
      label="Transactions"
      columns={COLUMNS}
      row={(row) => (
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
      )}
      minWidth={860}
      loading={loading}
      errorText="Failed to fetch transactions"
      emptyText={emptyText}
      summary={(range) => showingRange({ ...range, noun: 'transactions' })}
    />
  );
}
