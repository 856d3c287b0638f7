import { Box, Table } from '@mantine/core';
import type { TransferDetail } from '@pos/shared';

/**
 * The transfer's lines: sent, received, damaged, and the rest: "Still to come" while in transit (nothing
 * is missing before the receiving branch says so), "Missing" once received or closed (written off).
 */
export function TransferLinesTable({ transfer }: { transfer: TransferDetail }) {
  const sent = transfer.status !== 'draft' && transfer.status !== 'cancelled';
  const restLabel = transfer.status === 'in_transit' ? 'Still to come' : 'Missing';
  return (
    // A focusable scrolling region: at 390 px the columns scroll sideways by keyboard too.
    <Box tabIndex={0} role="region" aria-label="Transfer lines" style={{ overflowX: 'auto' }}>
      <Table striped verticalSpacing="xs" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            {sent ? (
              <>
                <Table.Th ta="right">Received</Table.Th>
                <Table.Th ta="right">Damaged</Table.Th>
                <Table.Th ta="right">{restLabel}</Table.Th>
              </>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfer.lines.map((l) => (
            <Table.Tr key={l.id} data-testid="transfer-line">
              <Table.Td>{l.name}</Table.Td>
              <Table.Td>{l.sku ?? 'N/A'}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              {sent ? (
                <>
                  <Table.Td ta="right">{l.received}</Table.Td>
                  <Table.Td ta="right">{l.damaged}</Table.Td>
                  <Table.Td ta="right">{l.missing}</Table.Td>
                </>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
