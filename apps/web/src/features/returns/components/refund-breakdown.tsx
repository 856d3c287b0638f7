import { Table } from '@mantine/core';
import { fromMinor, type ReturnRefund } from '@pos/shared';
import { formatAmount } from '../../../lib/format';

/**
 * What the refund is made of: the goods at their sale price, less their share of
 * the sale's discount, plus their share of its tax, less the restocking fees.
 */
export function RefundBreakdown({ refund }: { refund: ReturnRefund }) {
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
