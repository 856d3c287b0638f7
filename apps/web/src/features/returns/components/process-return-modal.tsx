import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import {
  fromMinor,
  type RefundMethod,
  type ReturnItemCondition,
  type ReturnReason,
  type ReturnRefund,
  type Sale,
} from '@pos/shared';
import { useState } from 'react';
import { formatAmount } from '../../../lib/format';
import { useCreateReturn, useSaleForReturn } from '../api/returns.api';
import {
  CONDITION_OPTIONS,
  clampQuantity,
  draftLine,
  draftRefund,
  lineRefund,
  normalizeFee,
  REFUND_METHOD_OPTIONS,
  RETURN_REASON_OPTIONS,
  type ReturnDraftLine,
  returnPayload,
  totalRefund,
  validateReturn,
  withCondition,
} from '../utils/returns';

/** 'Process Return': the lines of one completed sale with every rule of spec 02 section 5. */
export function ProcessReturnModal({
  saleId,
  branchId,
  onClose,
}: {
  saleId: string | null;
  branchId: string;
  onClose: () => void;
}) {
  const sale = useSaleForReturn(saleId);
  return (
    <Modal opened={Boolean(saleId)} onClose={onClose} title="Process Return" size="90rem">
      {sale.data?.data && sale.data.data.id === saleId ? (
        <ReturnForm key={sale.data.data.id} sale={sale.data.data} branchId={branchId} onDone={onClose} />
      ) : sale.isError ? (
        <Text c="red">Failed to fetch transactions data</Text>
      ) : (
        <Stack gap="sm">
          <Skeleton height={36} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Modal>
  );
}

function ReturnForm({ sale, branchId, onDone }: { sale: Sale; branchId: string; onDone: () => void }) {
  const [lines, setLines] = useState<ReturnDraftLine[]>(() => sale.items.map(draftLine));
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [refundMethod, setRefundMethod] = useState<RefundMethod>('cash');
  const [description, setDescription] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReturn();

  const refund = draftRefund(sale, lines);
  const update = (index: number, change: (line: ReturnDraftLine) => ReturnDraftLine) =>
    setLines((all) => all.map((l, i) => (i === index ? change(l) : l)));

  const submit = () => {
    const draft = { transactionId: sale.id, lines, reason };
    const problem = validateReturn(draft);
    setError(problem);
    if (problem) return;
    create.mutate(returnPayload({ ...draft, sale, branchId, refundMethod, description, notes }), {
      onSuccess: () => onDone(),
    });
  };

  return (
    <Stack gap="md">
      <Group gap="xl">
        <Text size="sm">
          Receipt: <b>{sale.receiptNumber}</b>
        </Text>
        <Text size="sm">
          Total: <b>{formatAmount(sale.total)}</b>
        </Text>
        {sale.discountAmount > 0 ? (
          <Text size="sm">
            Discount: <b>{formatAmount(sale.discountAmount)}</b>
          </Text>
        ) : null}
        {sale.taxAmount > 0 ? (
          <Text size="sm">
            Tax: <b>{formatAmount(sale.taxAmount)}</b>
          </Text>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Sold</Table.Th>
              <Table.Th>Remaining</Table.Th>
              <Table.Th>Unit Price</Table.Th>
              <Table.Th w={110}>Return Qty</Table.Th>
              <Table.Th w={150}>Condition</Table.Th>
              <Table.Th>Restock</Table.Th>
              <Table.Th w={130}>Restocking Fee</Table.Th>
              <Table.Th>Refund</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const disabled = line.remaining === 0;
              return (
                <Table.Tr key={line.saleItemId} style={disabled ? { opacity: 0.55 } : undefined}>
                  <Table.Td>
                    <Text size="sm">{line.productName}</Text>
                    {disabled ? (
                      <Text size="xs" c="dimmed">
                        Fully returned
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{line.sold}</Table.Td>
                  <Table.Td>{line.remaining}</Table.Td>
                  <Table.Td>{formatAmount(line.unitPrice)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Return quantity for ${line.productName}`}
                      size="xs"
                      min={0}
                      max={line.remaining}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="strict"
                      disabled={disabled}
                      value={line.quantity}
                      onChange={(v) => update(index, (l) => ({ ...l, quantity: clampQuantity(v, l.remaining) }))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Condition for ${line.productName}`}
                      size="xs"
                      data={CONDITION_OPTIONS}
                      value={line.condition}
                      allowDeselect={false}
                      disabled={disabled}
                      onChange={(v) => v && update(index, (l) => withCondition(l, v as ReturnItemCondition))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Restock ${line.productName}`}
                      checked={line.isRestockable}
                      disabled={disabled}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        update(index, (l) => ({ ...l, isRestockable: checked }));
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Restocking fee for ${line.productName}`}
                      size="xs"
                      min={0}
                      decimalScale={2}
                      allowNegative={false}
                      disabled={disabled}
                      value={line.restockingFee}
                      onChange={(v) => update(index, (l) => ({ ...l, restockingFee: normalizeFee(v) }))}
                    />
                  </Table.Td>
                  <Table.Td>{formatAmount(lineRefund(refund, line.saleItemId))}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group grow align="flex-start">
        <Select
          label="Refund Method"
          data={REFUND_METHOD_OPTIONS}
          value={refundMethod}
          allowDeselect={false}
          onChange={(v) => v && setRefundMethod(v as RefundMethod)}
        />
        <Select
          label="Return Reason"
          placeholder="Select a reason"
          data={RETURN_REASON_OPTIONS}
          value={reason}
          onChange={(v) => setReason(v as ReturnReason | null)}
        />
      </Group>
      <Textarea
        label="Reason Description"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      {error ? (
        <Alert color="red" role="alert" aria-label="Return form error">
          {error}
        </Alert>
      ) : null}
      <RefundBreakdown refund={refund} />
      <Group justify="space-between">
        <Text fw={700} data-testid="return-total-refund">
          Total Refund: {formatAmount(totalRefund(refund))}
        </Text>
        <Group>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={create.isPending}>
            Process Return
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * What the refund is made of (issue 10 finding 7): the goods at their sale price, less their share of
 * the sale's discount, plus their share of its tax, less the restocking fees.
 */
function RefundBreakdown({ refund }: { refund: ReturnRefund }) {
  const { goods, discount, tax, fee, refund: total } = refund.total;
  const rows: [string, string][] = [
    ['Goods', formatAmount(fromMinor(goods))],
    ['Discount share', `- ${formatAmount(fromMinor(discount))}`],
    ['Tax', `+ ${formatAmount(fromMinor(tax))}`],
    ['Restocking fees', `- ${formatAmount(fromMinor(fee))}`],
    ['Refund', formatAmount(fromMinor(total))],
  ];
  return (
    <Table variant="vertical" withTableBorder maw={420} aria-label="Refund breakdown" data-testid="refund-breakdown">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200}>{label}</Table.Th>
            <Table.Td ta="right">{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
