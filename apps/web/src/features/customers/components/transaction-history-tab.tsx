import { Badge, Table } from '@mantine/core';
import type { CustomerTransaction, PageMeta } from '@pos/shared';
import { useNavigate } from 'react-router';
import { PagerFooter } from '../../../components/pager-footer';
import { TableStateRow } from '../../../components/table-state';
import { formatDate, formatDollars, showingRange } from '../../../lib/format';
import { HISTORY_PAGE_SIZE, type HistoryRange } from '../hooks/use-history-range';
import { historyStatusColor } from '../utils/format';
import { HistoryRangeFilter } from './history-range-filter';

type TransactionHistoryTabProps = {
  range: HistoryRange;
  page: { data: CustomerTransaction[]; meta: PageMeta } | undefined;
  loading: boolean;
  timeZone: string | undefined;
};

/** The customer's sales in the range, 10 a page; a row opens the sale on the transactions screen. */
export function TransactionHistoryTab({ range, page, loading, timeZone }: TransactionHistoryTabProps) {
  const navigate = useNavigate();
  const rows = page?.data ?? [];
  return (
    <>
      <HistoryRangeFilter range={range} />
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="Transaction History">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Receipt #</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th>Payment</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <TableStateRow colSpan={6} loading={loading} emptyText="No transactions found" />
            ) : (
              rows.map((t) => (
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
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page ? (
        <PagerFooter
          mt="sm"
          label={showingRange({
            page: range.page,
            limit: HISTORY_PAGE_SIZE,
            total: page.meta.total,
            noun: 'transactions',
          })}
          page={range.page}
          totalPages={Math.max(1, page.meta.totalPages)}
          onPageChange={range.setPage}
        />
      ) : null}
    </>
  );
}
