import { Badge, Table, Text } from '@mantine/core';
import type { CustomerReturn, PageMeta } from '@pos/shared';
import { PagerFooter } from '../../../components/pager-footer';
import { TableStateRow } from '../../../components/table-state';
import { formatDate, formatDollars, showingRange } from '../../../lib/format';
import { HISTORY_PAGE_SIZE, type HistoryRange } from '../hooks/use-history-range';
import { historyStatusColor, reasonLabel } from '../utils/format';
import { HistoryRangeFilter } from './history-range-filter';

type ReturnHistoryTabProps = {
  range: HistoryRange;
  page: { data: CustomerReturn[]; meta: PageMeta } | undefined;
  loading: boolean;
  timeZone: string | undefined;
};

/** The customer's returns in the range, 10 a page. */
export function ReturnHistoryTab({ range, page, loading, timeZone }: ReturnHistoryTabProps) {
  const rows = page?.data ?? [];
  return (
    <>
      <HistoryRangeFilter range={range} />
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label="Return History">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Return #</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th ta="right">Refund</Table.Th>
              <Table.Th ta="right">Restocking Fee</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <TableStateRow colSpan={7} loading={loading} emptyText="No returns found" />
            ) : (
              rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.returnNumber}</Table.Td>
                  <Table.Td>{formatDate(r.returnDate, timeZone)}</Table.Td>
                  <Table.Td>{r.items}</Table.Td>
                  <Table.Td ta="right">{formatDollars(r.refundAmount)}</Table.Td>
                  <Table.Td ta="right">{formatDollars(r.restockingFee)}</Table.Td>
                  <Table.Td>
                    {reasonLabel(r.reason)}
                    {r.reasonDescription ? (
                      <Text size="xs" c="dimmed">
                        {r.reasonDescription}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={historyStatusColor(r.status)} variant="light">
                      {r.status}
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
          label={showingRange({ page: range.page, limit: HISTORY_PAGE_SIZE, total: page.meta.total, noun: 'returns' })}
          page={range.page}
          totalPages={Math.max(1, page.meta.totalPages)}
          onPageChange={range.setPage}
        />
      ) : null}
    </>
  );
}
