import { Badge, Divider, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Return } from '@pos/shared';
import type { ReactNode } from 'react';
import { formatAmount, formatDateTime, orNotAvailable } from '../../../lib/format';
import { conditionLabel, reasonLabel, refundMethodLabel, returnStatusColor, returnStatusLabel } from '../utils/returns';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div" mt={2}>
        {children}
      </Text>
    </div>
  );
}

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
            <Field label="Return #">{data.returnNumber}</Field>
            <Field label="Original Receipt">{data.originalTransaction.receiptNumber}</Field>
            <Field label="Status">
              <Badge color={returnStatusColor(data.status)} variant="light">
                {returnStatusLabel(data.status)}
              </Badge>
            </Field>
            <Field label="Return Date">{formatDateTime(data.returnDate, timeZone)}</Field>
            <Field label="Processed Date">{formatDateTime(data.processedDate, timeZone)}</Field>
            <Field label="Processed By">{orNotAvailable(data.processedByName)}</Field>
            <Field label="Refund Method">{refundMethodLabel(data.refundMethod)}</Field>
            <Field label="Reason">{reasonLabel(data.reason)}</Field>
            <Field label="Description">{orNotAvailable(data.reasonDescription)}</Field>
          </SimpleGrid>
          {data.notes ? <Field label="Notes">{data.notes}</Field> : null}
          <Table.ScrollContainer minWidth={820}>
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
