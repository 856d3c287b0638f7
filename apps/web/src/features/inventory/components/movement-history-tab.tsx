import { Badge, Group, Select, Table, Text } from '@mantine/core';
import type { InventoryStockItem } from '@pos/shared';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { ExportButton } from '../../../components/export-button';
import { PagedTable } from '../../../components/paged-table';
import { INVENTORY_FETCH_TOAST, movementsQuery } from '../../../lib/api/inventory.api';
import { formatDateTime } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import {
  INVENTORY_PAGE_SIZE,
  MOVEMENT_TYPE_OPTIONS,
  movementTypeColor,
  movementTypeLabel,
  NO_MOVEMENTS,
} from '../utils/inventory';
import { ProductSelect } from './product-select';

type Props = { branchId: string | null; timeZone: string | null; isSelecting: boolean };

const toQuery = ({ product, type }: { product: InventoryStockItem | null; type: string }) => ({
  productId: product?.id,
  movementType: type === 'all' ? undefined : type,
});

/** Movement History: the branch's stock ledger, newest first, filtered by product or type. */
export function MovementHistoryTab({ branchId, timeZone, isSelecting }: Props) {
  const list = usePagedList({
    scope: branchId,
    filters: { product: null as InventoryStockItem | null, type: 'all' },
    pageSize: INVENTORY_PAGE_SIZE,
    query: ({ page, limit, filters }) => movementsQuery({ branchId, page, limit, ...toQuery(filters) }),
    errorToast: INVENTORY_FETCH_TOAST,
  });
  const { product, type } = list.filters;

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
        <ProductSelect
          label="Product"
          placeholder="All products (search...)"
          branchId={branchId}
          value={product}
          onChange={(next) => list.setFilter('product', next)}
          clearable
          w={320}
        />
        <Select
          label="Movement Type"
          data={MOVEMENT_TYPE_OPTIONS}
          value={type}
          onChange={(v) => list.setFilter('type', v ?? 'all')}
          allowDeselect={false}
          w={180}
        />
        {branchId ? (
          <ExportButton
            path="/inventory/movements/export.csv"
            query={{ branchId, ...toQuery(list.filters) }}
            entity="stock movements"
          />
        ) : null}
      </Group>

      <PagedTable
        list={list}
        label="Stock movements"
        columns={[
          'Date',
          'Product',
          { label: 'Type', miw: 130 },
          'Direction',
          { label: 'Quantity', ta: 'right' },
          { label: 'Previous → New', style: { whiteSpace: 'nowrap' } },
          'User',
          'Reason',
        ]}
        row={(m) => (
          <Table.Tr key={m.id} data-testid="movement-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, timeZone)}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {m.product.name}
              </Text>
              {m.product.sku ? (
                <Text size="xs" c="dimmed">
                  {m.product.sku}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Badge
                color={movementTypeColor(m.movementType)}
                variant="light"
                styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
              >
                {movementTypeLabel(m.movementType)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" c={m.direction === 'in' ? 'green' : 'red'}>
                {m.direction === 'in' ? <IconArrowUpRight size={16} /> : <IconArrowDownRight size={16} />}
                <Text size="sm">{m.direction === 'in' ? 'In' : 'Out'}</Text>
              </Group>
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {m.direction === 'in' ? '+' : '-'}
              {m.quantity}
            </Table.Td>
            <Table.Td>
              {m.previousQuantity} → {m.newQuantity}
            </Table.Td>
            <Table.Td>{m.userName ?? 'System'}</Table.Td>
            <Table.Td>{m.reason ?? '-'}</Table.Td>
          </Table.Tr>
        )}
        minWidth={860}
        loading={isSelecting}
        errorText="Failed to fetch inventory data"
        emptyText={NO_MOVEMENTS}
        summary={({ total }) => `${total} ${total === 1 ? 'movement' : 'movements'}`}
      />
    </>
  );
}
