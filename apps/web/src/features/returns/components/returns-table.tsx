import { Badge, Button, Table } from '@mantine/core';
import type { Return } from '@pos/shared';
import { TableStateRow } from '../../../components/table-state';
import { formatAmount, formatDateTime, orNotAvailable } from '../../../lib/format';
import { refundMethodLabel, returnStatusColor, returnStatusLabel } from '../../../lib/returns';

type ReturnsTableProps = {
  rows: Return[];
  loading: boolean;
  failed: boolean;
  /** Old rows shown while the next page loads. */
  dimmed: boolean;
  timeZone: string | null;
  onView: (id: string) => void;
};

/** One page of the branch's returns, each with View. */
export function ReturnsTable({ rows, loading, failed, dimmed, timeZone, onView }: ReturnsTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover withTableBorder style={{ opacity: dimmed ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Return #</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Original Receipt</Table.Th>
            <Table.Th>Processed By</Table.Th>
            <Table.Th>Items</Table.Th>
            <Table.Th>Refund</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading || rows.length === 0 ? (
            <TableStateRow
              colSpan={9}
              loading={loading}
              failed={failed}
              errorText="Failed to fetch returns"
              emptyText="No returns found"
            />
          ) : (
            rows.map((r) => (
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
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
