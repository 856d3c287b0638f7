import { Divider, Group, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { SaleException } from '@pos/shared';
import { DetailField } from '../../../components/detail-field';
import { formatDateTime, formatMoney, paymentMethodLabel } from '../../../lib/format';
import { FlagBadges } from './flag-badges';

type Props = { exception: SaleException | null; timeZone?: string | null; onClose: () => void };

/** One exception: what departed, the flagged lines and the sale's amounts, and its resolution when it has one. */
export function ExceptionDetailsModal({ exception: e, timeZone, onClose }: Props) {
  return (
    <Modal opened={e !== null} onClose={onClose} title={e ? `Exception ${e.receiptNumber}` : 'Exception'} size="lg">
      {e ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DetailField label="Register">{e.registerCode ?? '—'}</DetailField>
            <DetailField label="Cashier">{e.cashier?.name ?? '—'}</DetailField>
            <DetailField label="Sold at">{formatDateTime(e.soldAt, timeZone)}</DetailField>
            <DetailField label="Recorded at">{formatDateTime(e.recordedAt, timeZone)}</DetailField>
            <DetailField label="Payment">{paymentMethodLabel(e.paymentMethod)}</DetailField>
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              What departed
            </Text>
            <FlagBadges flags={e.flags} />
          </Stack>
          {e.lines.length > 0 ? (
            <ScrollArea type="auto">
              <Table miw={480} aria-label="Flagged lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Qty</Table.Th>
                    <Table.Th ta="right">Unit price</Table.Th>
                    <Table.Th>Flags</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {e.lines.map((line, i) => (
                    // A sale may hold the same product on two lines: the position tells them apart.
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
                    <Table.Tr key={i}>
                      <Table.Td>{line.productName}</Table.Td>
                      <Table.Td ta="right">{line.quantity}</Table.Td>
                      <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
                      <Table.Td>
                        <FlagBadges flags={line.flags} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          ) : (
            <Text size="sm" c="dimmed">
              No single line departed; the sale as a whole did.
            </Text>
          )}
          <Divider />
          <Stack gap={4}>
            <Amount label="Subtotal" value={e.subtotal} />
            <Amount label="Discount" value={e.discountAmount} />
            <Amount label="Tax" value={e.taxAmount} />
            <Amount label="Total" value={e.total} strong />
          </Stack>
          {e.resolution ? (
            <>
              <Divider />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <DetailField label="Resolved by">{e.resolution.resolvedBy?.name ?? '—'}</DetailField>
                <DetailField label="Resolved at">{formatDateTime(e.resolution.resolvedAt, timeZone)}</DetailField>
              </SimpleGrid>
              <DetailField label="Note">{e.resolution.note}</DetailField>
            </>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {formatMoney(value)}
      </Text>
    </Group>
  );
}
