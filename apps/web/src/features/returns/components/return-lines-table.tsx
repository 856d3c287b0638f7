import { NumberInput, Select, Switch, Table, Text } from '@mantine/core';
import { allowsDecimals, type ReturnItemCondition, type ReturnRefund } from '@pos/shared';
import { formatAmount } from '../../../lib/format';
import {
  CONDITION_OPTIONS,
  clampQuantity,
  lineRefund,
  normalizeFee,
  type ReturnDraftLine,
  withCondition,
} from '../../../lib/returns';

type ReturnLinesTableProps = {
  lines: ReturnDraftLine[];
  refund: ReturnRefund;
  /** Changes the line at the index. */
  onChange: (index: number, change: (line: ReturnDraftLine) => ReturnDraftLine) => void;
};

/** The sale's lines with what to return of each: quantity, condition, restock, fee, and its refund. */
export function ReturnLinesTable({ lines, refund, onChange: update }: ReturnLinesTableProps) {
  return (
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
                    allowDecimal={allowsDecimals(line.unit)}
                    decimalScale={3}
                    allowNegative={false}
                    clampBehavior="strict"
                    disabled={disabled}
                    value={line.quantity}
                    onChange={(v) => update(index, (l) => ({ ...l, quantity: clampQuantity(v, l.remaining, l.unit) }))}
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
  );
}
