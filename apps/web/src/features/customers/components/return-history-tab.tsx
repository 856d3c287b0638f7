import { Badge, Table, Text } from '@mantine/core';
import type { CustomerReturn, PageMeta } from '@pos/shared';
import { formatDate, formatDollars } from '../../../lib/format';
import type { HistoryRange } from '../hooks/use-history-range';
import { historyStatusColor, reasonLabel } from '../utils/format';
import { HistoryTab } from './history-tab';

type ReturnHistoryTabProps = {
  range: HistoryRange;
  page: { data: CustomerReturn[]; meta: PageMeta } | undefined;
  loading: boolean;
  timeZone: string | undefined;
};

/** The customer's returns in the range, 10 a page. */
export function ReturnHistoryTab({ timeZone, ...history }: ReturnHistoryTabProps) {
  return (
    <HistoryTab
      {...history}
      label="Return History"
      noun="returns"
      emptyText="No returns found"
      minWidth={720}
      columns={[
        <Table.Th key="return">Return #</Table.Th>,
        <Table.Th key="date">Date</Table.Th>,
        <Table.Th key="items">Items</Table.Th>,
        <Table.Th key="refund" ta="right">
          Refund
        </Table.Th>,
        <Table.Th key="fee" ta="right">
          Restocking Fee
        </Table.Th>,
        <Table.Th key="reason">Reason</Table.Th>,
        <Table.Th key="status">Status</Table.Th>,
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
