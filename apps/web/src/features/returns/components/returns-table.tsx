import { Badge, Button, Table } from '@mantine/core';
import type { Return } from '@pos/shared';
import { PagedTable } from '../../../components/paged-table';
import { formatAmount, formatDateTime, orNotAvailable } from '../../../lib/format';
import { refundMethodLabel, returnStatusColor, returnStatusLabel } from '../../../lib/returns';
import type { PagedRows } from '../../../lib/use-paged-list';

type ReturnsTableProps = {
  list: PagedRows<Return>;
  timeZone: string | null;
  onView: (id: string) => void;
};

const COLUMNS = [
  'Return #',
  'Date',
  'Original Receipt',
  'Processed By',
  'Items',
  'Refund',
  'Method',
  'Status',
  'Actions',
];

/** 'Showing 11-20 of 42': the returns of this page among all. */
const returnsRange = ({ page, limit, total }: { page: number; limit: number; total: number }) =>
  `Showing ${(page - 1) * limit + 1}-${Math.min(page * limit, total)} of ${total}`;

/** One page of the branch's returns, each with View, and the pager. */
export function ReturnsTable({ list, timeZone, onView }: ReturnsTableProps) {
  return (
    <PagedTable
      list={list}
      label="Returns"
      columns={COLUMNS}
      row={(r) => (
        <Table.Tr key={r.id}>
          <Table.Td fw={600}>{r.returnNumber}</Table.Td>
          <Table.Td>{formatDateTime(r.returnDate, timeZone)}</Table.Td>
          <Table.Td>{r.originalTransaction.receiptNumber}</Table.Td>
          <Table.Td>{orNotAvailable(r.processedByName)}</Table.Td>
          <Table.Td>{r.totalQuantity}</Table.Td>
          <Table.Td>{formatAmount(r.refundAmount)}</Table.Td>
          <Table.Td>{refundMethodLabel(r.refundMethod)}</Table.Td>
          <Table.Td>
            <Badge color={returnStatusColor(r.status)} variant="light">
              {returnStatusLabel(r.status)}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Button size="xs" variant="light" onClick={() => onView(r.id)} aria-label={`View ${r.returnNumber}`}>
              View
            </Button>
          </Table.Td>
        </Table.Tr>
      )}
      minWidth={900}
      errorText="Failed to fetch returns"
      emptyText="No returns found"
      summary={returnsRange}
    />
  );
}
