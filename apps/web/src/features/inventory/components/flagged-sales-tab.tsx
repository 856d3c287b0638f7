import { Badge, Group, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PagerFooter } from '../../../components/pager-footer';
import { ListState } from '../../../components/table-state';
import { useInventoryFlags } from '../../../lib/api/inventory.api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useKeepPageInRange } from '../../../lib/use-list-controls';
import { INVENTORY_PAGE_SIZE } from '../utils/inventory';

type Props = { branchId: string | null; timeZone: string | null; isSelecting: boolean };
type Filter = 'all' | 'oversold' | 'price_differs';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All flags' },
  { value: 'oversold', label: 'Sold beyond stock' },
  { value: 'price_differs', label: 'Price differs' },
];

const FLAG_LABEL: Record<string, { label: string; color: string }> = {
  oversold: { label: 'Sold beyond stock', color: 'red' },
  price_differs: { label: 'Price differs', color: 'orange' },
};

/**
 * "Sold offline beyond stock": lines of sales made offline that the server accepted although the stock
 * had gone short, or at a price other than the server's (issue 14). For the manager's review.
 */
export function FlaggedSalesTab({ branchId, timeZone, isSelecting }: Props) {
  const [flag, setFlag] = useState<Filter>('all');
  const filterKey = `${branchId}|${flag}`;
  const [paging, setPaging] = useState({ page: 1, key: filterKey });
  const page = paging.key === filterKey ? paging.page : 1;
  const flags = useInventoryFlags({
    branchId,
    page,
    limit: INVENTORY_PAGE_SIZE,
    flag: flag === 'all' ? undefined : flag,
  });
  const rows = flags.data?.data ?? [];
  const total = flags.data?.meta?.total ?? 0;
  const totalPages = Math.max(1, flags.data?.meta?.totalPages ?? 1);

  useKeepPageInRange(page, (next) => setPaging({ page: next, key: filterKey }), flags);

  const isLoading = isSelecting || (Boolean(branchId) && flags.isPending);

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
        <Select
          label="Flag"
          data={FILTERS}
          value={flag}
          onChange={(v) => setFlag((v as Filter | null) ?? 'all')}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {isLoading || rows.length === 0 ? (
        <ListState
          loading={isLoading}
          failed={flags.isError}
          errorText="Failed to fetch inventory data"
          emptyText="No sales made offline beyond stock or at another price"
        />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: flags.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sold</Table.Th>
                <Table.Th>Receipt</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Flag</Table.Th>
                <Table.Th>Cashier</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((line) => (
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
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > 0 ? (
        <PagerFooter
          mt="md"
          label={`${total} ${total === 1 ? 'flagged line' : 'flagged lines'}`}
          page={page}
          totalPages={totalPages}
          onPageChange={(next) => setPaging({ page: next, key: filterKey })}
        />
      ) : null}
    </>
  );
}
