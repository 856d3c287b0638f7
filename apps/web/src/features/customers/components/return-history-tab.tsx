import { Badge, Table, Text } from '@mantine/core';
import { customerReturnsQuery } from '../../../lib/api/customers.api';
import { formatDate, formatDollars } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { historyStatusColor, reasonLabel } from '../utils/format';
import { ALL_DATES, HISTORY_PAGE_SIZE, HistoryTab, historyRange } from './history-tab';

type ReturnHistoryTabProps = {
  customerId: string;
  /** Its tab is open: the history is fetched only then. */
  active: boolean;
  timeZone: string | undefined;
};

/** The customer's returns in the range, 10 a page. */
export function ReturnHistoryTab({ customerId, active, timeZone }: ReturnHistoryTabProps) {
  const list = usePagedList({
    scope: customerId,
    filters: ALL_DATES,
    pageSize: HISTORY_PAGE_SIZE,
    query: ({ page, limit, filters }) =>
      customerReturnsQuery(customerId, { page, limit, ...historyRange(filters) }, active),
    errorToast: { id: 'fetch-customer-returns', message: 'Failed to fetch returns' },
  });
  return (
    <HistoryTab
      list={list}
      label="Return History"
      noun="returns"
      emptyText="No returns found"
      minWidth={720}
      columns={[
        'Return #',
        'Date',
        'Items',
        { label: 'Refund', ta: 'right' },
        { label: 'Restocking Fee', ta: 'right' },
        'Reason',
        'Status',
      ]}
      row={(r) => (
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
      )}
    />
  );
}
