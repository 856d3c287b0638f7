import { Badge, Table } from '@mantine/core';
import { useNavigate } from 'react-router';
import { customerTransactionsQuery } from '../../../lib/api/customers.api';
import { formatDate, formatDollars, paymentMethodLabel } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { historyStatusColor } from '../utils/format';
import { ALL_DATES, HISTORY_PAGE_SIZE, HistoryTab, historyRange } from './history-tab';

type TransactionHistoryTabProps = {
  customerId: string;
  /** Its tab is open: the history is fetched only then. */
  active: boolean;
  timeZone: string | undefined;
};

/** The customer's sales in the range, 10 a page; a row opens the sale on the transactions screen. */
export function TransactionHistoryTab({ customerId, active, timeZone }: TransactionHistoryTabProps) {
  const list = usePagedList({
    scope: customerId,
    filters: ALL_DATES,
    pageSize: HISTORY_PAGE_SIZE,
    query: ({ page, limit, filters }) =>
      customerTransactionsQuery(customerId, { page, limit, ...historyRange(filters) }, active),
    errorToast: { id: 'fetch-customer-transactions', message: 'Failed to fetch transactions' },
  });
  const navigate = useNavigate();
  return (
    <HistoryTab
      list={list}
      label="Transaction History"
      noun="transactions"
      emptyText="No transactions found"
      minWidth={640}
      columns={['Receipt #', 'Date', 'Items', 'Payment', { label: 'Total', ta: 'right' }, 'Status']}
      row={(t) => (
        <Table.Tr
          key={t.id}
          style={{ cursor: 'pointer' }}
          onClick={() => navigate(`/dashboard/transactions?id=${encodeURIComponent(t.id)}`)}
        >
          <Table.Td>{t.receiptNumber}</Table.Td>
          <Table.Td>{formatDate(t.transactionDate, timeZone)}</Table.Td>
          <Table.Td>{t.itemCount}</Table.Td>
          <Table.Td>{paymentMethodLabel(t.paymentMethod)}</Table.Td>
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
