import { Badge, Divider, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Return } from '@pos/shared';
import { DetailField } from '../../../components/detail-field';
import { formatAmount, formatDateTime, orNotAvailable } from '../../../lib/format';
import {
  conditionLabel,
  reasonLabel,
  refundLinesText,
  refundMethodLabel,
  returnStatusColor,
  returnStatusLabel,
} from '../../../lib/returns';
import { FbrInvoiceField } from './fbr-invoice';

/** One return: header fields, its items and the refund (spec 02, section 2). */
export function ReturnDetailsModal({
  opened,
  onClose,
  data,
  isLoading,
  timeZone,
}: {
  opened: boolean;
  onClose: () => void;
  data: Return | undefined;
  isLoading: boolean;
  timeZone?: string | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Return Details" size="xl">
      {isLoading || !data ? (
        <Stack gap="sm">
          <Skeleton height={36} />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
            <DetailField label="Return #">{data.returnNumber}</DetailField>
            <DetailField label="Original Receipt">{data.originalTransaction.receiptNumber}</DetailField>
            <DetailField label="Status">
              <Badge color={returnStatusColor(data.status)} variant="light">
                {returnStatusLabel(data.status)}
              </Badge>
            </DetailField>
            <DetailField label="Return Date">{formatDateTime(data.returnDate, timeZone)}</DetailField>
            <DetailField label="Processed Date">{formatDateTime(data.processedDate, timeZone)}</DetailField>
            <DetailField label="Processed By">{orNotAvailable(data.processedByName)}</DetailField>
            <DetailField label="Refund Method">
              {refundMethodLabel(data.refundMethod)}
              {/* Several ways back (or an exchange's part and rest): each way's amount. */}
              {data.refunds.length > 1 ? ` (${refundLinesText(data.refunds)})` : null}
            </DetailField>
            <DetailField label="Reason">{reasonLabel(data.reason)}</DetailField>
            <DetailField label="Description">{orNotAvailable(data.reasonDescription)}</DetailField>
            {/* The return's own FBR invoice (a debit note naming the sale's) when its branch reports. */}
            <FbrInvoiceField fiscal={data.fiscal} />
          </SimpleGrid>
          {data.notes ? <DetailField label="Notes">{data.notes}</DetailField> : null}
          {/* Wider than a phone (and than the modal at 1280 px): the scrolling region takes the keyboard's focus. */}
          <Table.ScrollContainer
            minWidth={820}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Returned items' } }}
          >
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Qty</Table.Th>
                  <Table.Th>Unit Price</Table.Th>
                  <Table.Th>Discount Share</Table.Th>
                  <Table.Th>Tax</Table.Th>
                  <Table.Th>Restocking Fee</Table.Th>
                  <Table.Th>Condition</Table.Th>
                  <Table.Th>Restock</Table.Th>
                  <Table.Th>Refund</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Text size="sm">{item.productName}</Text>
                      {item.productSku ? (
                        <Text size="xs" c="dimmed">
                          {item.productSku}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{item.quantity}</Table.Td>
                    <Table.Td>{formatAmount(item.unitPrice)}</Table.Td>
                    <Table.Td>{formatAmount(item.discountAmount)}</Table.Td>
                    <Table.Td>{formatAmount(item.taxAmount)}</Table.Td>
                    <Table.Td>{formatAmount(item.restockingFee)}</Table.Td>
                    <Table.Td>{conditionLabel(item.condition)}</Table.Td>
                    <Table.Td>{item.isRestockable ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>{formatAmount(item.totalAmount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Divider />
          <Group justify="flex-end">
            <Text fw={700}>Total Refund: {formatAmount(data.refundAmount)}</Text>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
