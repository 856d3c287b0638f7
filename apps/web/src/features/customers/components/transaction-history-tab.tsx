import { Badge, Table } from '@mantine/core';
import type { CustomerTransaction, PageMeta } from '@pos/shared';
import { useNavigate } from 'react-router';
import { formatDate, formatDollars } from '../../../lib/format';
import type { HistoryRange } from '../hooks/use-history-range';
import { historyStatusColor } from '../utils/format';
import { HistoryTab } from './history-tab';

type TransactionHistoryTabProps = {
  range: HistoryRange;
  page: { data: CustomerTransaction[]; meta: PageMeta } | undefined;
  loading: boolean;
  timeZone: string | undefined;
};

/** The customer's sales in the range, 10 a page; a row opens the sale on the transactions screen. */
export function TransactionHistoryTab({ timeZone, ...history }: TransactionHistoryTabProps) {
  const navigate = useNavigate();
  return (
    <HistoryTab
      {...history}
      label="Transaction History"
      noun="transactions"
      emptyText="No transactions found"
      minWidth={640}
      columns={[
        <Table.Th key="receipt">Receipt #</Table.Th>,
        <Table.Th key="date">Date</Table.Th>,
        <Table.Th key="items">Items</Table.Th>,
        <Table.Th key="payment">Payment</Table.Th>,
        <Table.Th key="total" ta="right">
          Total
        </Table.Th>,
        <Table.Th key="status">Status</Table.Th>,
      ]}
      row={(t) => (
        <Table.Tr
          key={t.id}
          style={{ cursor: 'pointer' }}
          onClick={() => navigate(`/dashboard/transactions?id=${encodeURIComponent(t.id)}`)}
        >
          <Table.Td>{t.receiptNumber}</Table.Td>
          <Table.Td>{formatDate(t.transactionDate, timeZone)}</Table.Td>
          <Table.Td>{t.itemCount}</Table.Td>
          <Table.Td tt="capitalize">{t.paymentMethod}</Table.Td>
          <Table.Td ta="right">{formatDollars(t.total)}</Table.Td>
          <Table.Td>
            <Badge color={historyStatusColor(t.status)} variant="light">
              {t.status}
            </Badge>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
