import { Anchor, Badge, Button, Divider, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Sale } from '@pos/shared';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DetailField } from '../../../components/detail-field';
import {
  formatAmount,
  formatDateTime,
  formatPercent,
  NOT_AVAILABLE,
  orNotAvailable,
  paymentMethodColor,
  paymentMethodLabel,
  statusLabel,
  WALK_IN_CUSTOMER,
} from '../../../lib/format';

type TransactionDetailsModalProps = {
  opened: boolean;
  onClose: () => void;
  sale: Sale | undefined;
  isLoading: boolean;
  isError: boolean;
  timeZone?: string | null;
  onReprint: (sale: Sale) => void;
  isPrinting: boolean;
};

type TotalRowProps = { label: string; value: string; strong?: boolean; testId?: string };

function TotalRow({ label, value, strong, testId }: TotalRowProps) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap" data-testid={testId}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The sale's FBR invoice while it has no number; once sent, the number itself. */
const FBR_STATUS_TEXT: Partial<Record<NonNullable<Sale['fiscal']>['status'], string>> = {
  pending: 'Number pending',
  failed: 'Refused by FBR: a manager sends it again',
};

const isMixed = (sale: Sale) => sale.paymentMethod === 'mixed' || (sale.tenders?.length ?? 0) > 1;

function discountLabel(sale: Sale): string {
  if (sale.discountAmount > 0 && sale.discountType === 'percentage')
    return `Discount (${formatPercent(sale.discountValue)})`;
  return 'Discount';
}

function DetailsSkeleton() {
  return (
    <Stack gap="sm" data-testid="transaction-details-loading">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} height={36} />
        ))}
      </SimpleGrid>
      <Skeleton height={120} />
      <Skeleton height={80} />
    </Stack>
  );
}

/** One sale: header fields, its lines and totals, and 'Reprint Receipt' (spec 02, section 2). */
export function TransactionDetailsModal({
  opened,
  onClose,
  sale,
  isLoading,
  isError,
  timeZone,
  onReprint,
  isPrinting,
}: TransactionDetailsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Transaction Details"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close transaction details' }}
    >
      {isLoading ? (
        <DetailsSkeleton />
      ) : isError || !sale ? (
        <Stack gap="md">
          <Text c="dimmed" ta="center" py="lg">
            Failed to fetch transaction details
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
            <DetailField label="Receipt #">
              <Text span fw={700} ff="monospace">
                {orNotAvailable(sale.receiptNumber)}
              </Text>
            </DetailField>
            <DetailField label="Date">{formatDateTime(sale.transactionDate, timeZone)}</DetailField>
            <DetailField label="Status">
              <Badge color="green" variant="light">
                {statusLabel(sale.status)}
              </Badge>
            </DetailField>
            <DetailField label="Cashier">{orNotAvailable(sale.cashierName)}</DetailField>
            <DetailField label="Customer">
              {sale.customer?.id ? (
                <Anchor component={Link} to={`/dashboard/customers/${encodeURIComponent(sale.customer.id)}`} size="sm">
                  {sale.customer.name || NOT_AVAILABLE}
                </Anchor>
              ) : (
                WALK_IN_CUSTOMER
              )}
              {sale.customer?.phone ? (
                <Text size="xs" c="dimmed">
                  {sale.customer.phone}
                </Text>
              ) : null}
            </DetailField>
            <DetailField label="Payment">
              <Badge color={paymentMethodColor(sale.paymentMethod)} variant="light">
                {paymentMethodLabel(sale.paymentMethod)}
              </Badge>
            </DetailField>
            {sale.fiscal ? (
              <DetailField label="FBR invoice">
                <Text size="sm" data-testid="fbr-invoice">
                  {FBR_STATUS_TEXT[sale.fiscal.status] ?? sale.fiscal.number}
                </Text>
              </DetailField>
            ) : null}
          </SimpleGrid>

          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" withTableBorder aria-label="Transaction items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Unit Price</Table.Th>
                  <Table.Th ta="right">Subtotal</Table.Th>
                  <Table.Th ta="right">Returned</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sale.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" ta="center" size="sm">
                        No items
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  sale.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>{orNotAvailable(item.productName)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {orNotAvailable(item.productSku)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{item.quantity}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatAmount(item.unitPrice)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatAmount(item.subtotal)}
                      </Table.Td>
                      <Table.Td ta="right">
                        {item.returnedQuantity > 0 ? (
                          <Badge color="orange" variant="light">
                            {item.returnedQuantity}
                          </Badge>
                        ) : (
                          0
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>

          <Group justify="flex-end">
            <Stack gap={6} miw={280} aria-label="Transaction totals">
              <TotalRow label="Subtotal" value={formatAmount(sale.subtotal)} />
              <TotalRow
                label={discountLabel(sale)}
                value={sale.discountAmount > 0 ? `-${formatAmount(sale.discountAmount)}` : formatAmount(0)}
              />
              <TotalRow label={`Tax (${formatPercent(sale.taxRate)})`} value={formatAmount(sale.taxAmount)} />
              {sale.serviceFee > 0 ? (
                <TotalRow label="POS service fee (FBR)" value={formatAmount(sale.serviceFee)} />
              ) : null}
              <Divider />
              <TotalRow label="Total" value={formatAmount(sale.total)} strong />
              {/* A sale of several tenders: what each paid of the total (the cash less the change). */}
              {isMixed(sale)
                ? sale.tenders.map((tender) => (
                    <TotalRow
                      key={tender.method}
                      label={`Paid by ${paymentMethodLabel(tender.method).toLowerCase()}`}
                      value={formatAmount(tender.amount)}
                      testId="tender-line"
                    />
                  ))
                : null}
              <TotalRow label="Amount Paid" value={formatAmount(sale.amountPaid)} />
              <TotalRow label="Change" value={formatAmount(sale.changeAmount)} />
            </Stack>
          </Group>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button leftSection={<IconPrinter size={16} />} loading={isPrinting} onClick={() => onReprint(sale)}>
              Reprint Receipt
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
