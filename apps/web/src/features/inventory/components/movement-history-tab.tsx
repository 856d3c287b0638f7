import { Badge, Group, Select, Table, Text } from '@mantine/core';
import type { InventoryStockItem } from '@pos/shared';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportButton } from '../../../components/export-button';
import { PagerFooter } from '../../../components/pager-footer';
import { ListState } from '../../../components/table-state';
import { useMovements } from '../../../lib/api/inventory.api';
import { formatDateTime } from '../../../lib/format';
import { useKeepPageInRange } from '../../../lib/use-list-controls';
import {
  INVENTORY_PAGE_SIZE,
  MOVEMENT_TYPE_OPTIONS,
  movementTypeColor,
  movementTypeLabel,
  NO_MOVEMENTS,
} from '../utils/inventory';
import { ProductSelect } from './product-select';

type Props = { branchId: string | null; timeZone: string | null; isSelecting: boolean };

/** Movement History: the branch's stock ledger, newest first, filtered by product or type. */
export function MovementHistoryTab({ branchId, timeZone, isSelecting }: Props) {
  const [product, setProduct] = useState<InventoryStockItem | null>(null);
  const [type, setType] = useState('all');
  const filterKey = `${branchId}|${product?.id ?? ''}|${type}`;
  const [paging, setPaging] = useState({ page: 1, key: filterKey });
  const page = paging.key === filterKey ? paging.page : 1;

  const movements = useMovements({
    branchId,
    page,
    limit: INVENTORY_PAGE_SIZE,
    productId: product?.id,
    movementType: type === 'all' ? undefined : type,
  });
  const rows = movements.data?.data ?? [];
  const total = movements.data?.meta?.total ?? 0;
  const totalPages = Math.max(1, movements.data?.meta?.totalPages ?? 1);

  useKeepPageInRange(page, (next) => setPaging({ page: next, key: filterKey }), movements);

  const isLoading = isSelecting || (Boolean(branchId) && movements.isPending);

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
        <ProductSelect
          label="Product"
          placeholder="All products (search...)"
          branchId={branchId}
          value={product}
          onChange={setProduct}
          clearable
          w={320}
        />
        <Select
          label="Movement Type"
          data={MOVEMENT_TYPE_OPTIONS}
          value={type}
          onChange={(v) => setType(v ?? 'all')}
          allowDeselect={false}
          w={180}
        />
        {branchId ? (
          <ExportButton
            path="/inventory/movements/export.csv"
            query={{ branchId, productId: product?.id, movementType: type === 'all' ? undefined : type }}
            entity="stock movements"
          />
        ) : null}
      </Group>

      {isLoading || rows.length === 0 ? (
        <ListState
          loading={isLoading}
          failed={movements.isError}
          errorText="Failed to fetch inventory data"
          emptyText={NO_MOVEMENTS}
        />
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            style={{ opacity: movements.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th miw={130}>Type</Table.Th>
                <Table.Th>Direction</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Previous → New</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m) => (
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
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {total > 0 ? (
        <PagerFooter
          mt="md"
          label={`${total} ${total === 1 ? 'movement' : 'movements'}`}
          page={page}
          totalPages={totalPages}
          onPageChange={(next) => setPaging({ page: next, key: filterKey })}
        />
      ) : null}
    </>
  );
}
