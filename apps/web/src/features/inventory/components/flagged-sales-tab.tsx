import { Badge, Group, Select, Table, Text } from '@mantine/core';
import type { SaleLineFlag } from '@pos/shared';
import { PagedTable } from '../../../components/paged-table';
import { INVENTORY_FETCH_TOAST, inventoryFlagsQuery } from '../../../lib/api/inventory.api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { INVENTORY_PAGE_SIZE } from '../utils/inventory';

type Props = { branchId: string | null; timeZone: string | null; isSelecting: boolean };
type Filter = 'all' | SaleLineFlag;

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All flags' },
  { value: 'oversold', label: 'Sold beyond stock' },
  { value: 'price_differs', label: 'Price differs' },
  { value: 'tax_differs', label: 'Tax rate differs' },
];

const FLAG_LABEL: Record<string, { label: string; color: string }> = {
  oversold: { label: 'Sold beyond stock', color: 'red' },
  price_differs: { label: 'Price differs', color: 'orange' },
  tax_differs: { label: 'Tax rate differs', color: 'grape' },
};

/**
 * "Sold offline beyond stock": lines of sales made offline that the server accepted although the stock
 * had gone short, or at a price or tax rate other than the server's. For the manager's review.
 */
export function FlaggedSalesTab({ branchId, timeZone, isSelecting }: Props) {
  const list = usePagedList({
    scope: branchId,
    filters: { flag: 'all' as Filter },
    pageSize: INVENTORY_PAGE_SIZE,
    query: ({ page, limit, filters: { flag } }) =>
      inventoryFlagsQuery({ branchId, page, limit, flag: flag === 'all' ? undefined : flag }),
    errorToast: INVENTORY_FETCH_TOAST,
  });

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
        <Select
          label="Flag"
          data={FILTERS}
          value={list.filters.flag}
          onChange={(v) => list.setFilter('flag', (v as Filter | null) ?? 'all')}
          allowDeselect={false}
          w={220}
        />
      </Group>
      <PagedTable
        list={list}
        label="Flagged sale lines"
        columns={[
          'Sold',
          'Receipt',
          'Product',
          { label: 'Quantity', ta: 'right' },
          { label: 'Price', ta: 'right' },
          'Flag',
          'Cashier',
        ]}
        row={(line) => (
          <Table.Tr key={line.lineId} data-testid="flagged-line">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.soldAt, timeZone)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.receiptNumber}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {line.productName}
              </Text>
              {line.productSku ? (
                <Text size="xs" c="dimmed">
                  {line.productSku}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td ta="right">{line.quantity}</Table.Td>
            <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {line.flags.map((f) => (
                  <Badge key={f} variant="light" color={FLAG_LABEL[f]?.color ?? 'gray'}>
                    {FLAG_LABEL[f]?.label ?? f}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>{line.cashierName ?? '-'}</Table.Td>
          </Table.Tr>
        )}
        minWidth={760}
        loading={isSelecting}
        errorText="Failed to fetch inventory data"
        emptyText="No sales made offline beyond stock or at another price"
        summary={({ total }) => `${total} ${total === 1 ? 'flagged line' : 'flagged lines'}`}
      />
    </>
  );
}
