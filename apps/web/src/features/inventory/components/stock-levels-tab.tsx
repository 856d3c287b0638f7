import { Badge, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import type { InventoryStockItem } from '@pos/shared';
import { IconAdjustments, IconSearch } from '@tabler/icons-react';
import { ExportButton } from '../../../components/export-button';
import { PagedTable } from '../../../components/paged-table';
import { useAllCategories } from '../../../lib/api/categories.api';
import { INVENTORY_FETCH_TOAST, stockLevelsQuery } from '../../../lib/api/inventory.api';
import { formatMoney } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import {
  INVENTORY_PAGE_SIZE,
  NO_PRODUCTS,
  STOCK_STATUS_OPTIONS,
  stockStatusColor,
  stockStatusLabel,
} from '../utils/inventory';

type Props = {
  branchId: string | null;
  isSelecting: boolean;
  showValue: boolean;
  canAdjust: boolean;
  onAdjust: (product: InventoryStockItem) => void;
};

const toQuery = (search: string, { categoryId, status }: { categoryId: string | null; status: string }) => ({
  search: search || undefined,
  categoryId: categoryId ?? undefined,
  stockStatus: status === 'all' ? undefined : status,
});

/** Stock Levels: search, category and stock status filters, 10 rows a page from the server. */
export function StockLevelsTab({ branchId, isSelecting, showValue, canAdjust, onAdjust }: Props) {
  const categories = useAllCategories(branchId);
  const list = usePagedList({
    scope: branchId,
    filters: { categoryId: null as string | null, status: 'all' },
    pageSize: INVENTORY_PAGE_SIZE,
    query: ({ page, limit, search, filters }) =>
      stockLevelsQuery({ branchId, page, limit, ...toQuery(search, filters) }),
    errorToast: INVENTORY_FETCH_TOAST,
  });
  const { categoryId, status } = list.filters;

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
        <TextInput
          label="Search"
          placeholder="Search by name or SKU..."
          aria-label="Search products"
          leftSection={<IconSearch size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Category"
          placeholder="All Categories"
          data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={categoryId}
          onChange={(v) => list.setFilter('categoryId', v)}
          searchable
          clearable
          w={200}
        />
        <Select
          label="Stock Status"
          data={STOCK_STATUS_OPTIONS.map((o) => ({ ...o }))}
          value={status}
          onChange={(v) => list.setFilter('status', v ?? 'all')}
          allowDeselect={false}
          w={180}
        />
        {branchId ? (
          <ExportButton
            path="/inventory/stock/export.csv"
            query={{ branchId, ...toQuery(list.appliedSearch, list.filters) }}
            entity="stock levels"
          />
        ) : null}
      </Group>

      <PagedTable
        list={list}
        label="Stock levels"
        columns={[
          'Product',
          'SKU',
          'Category',
          'Stock',
          'Low / Max',
          showValue && { label: 'Stock Value', ta: 'right' },
          canAdjust && { label: 'Actions', ta: 'right' },
        ]}
        row={(row) => (
          <Table.Tr key={row.id} data-testid="stock-row">
            <Table.Td fw={500}>{row.name}</Table.Td>
            <Table.Td>{row.sku ?? 'N/A'}</Table.Td>
            <Table.Td>{row.category?.name ?? 'Uncategorized'}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} data-testid="stock-quantity">
                  {row.stockQuantity.toLocaleString('en-US')}
                </Text>
                <Badge color={stockStatusColor(row.status)} variant="light">
                  {stockStatusLabel(row.status)}
                </Badge>
              </Group>
            </Table.Td>
            <Table.Td>
              {row.lowStockThreshold} / {row.maxStock}
            </Table.Td>
            {showValue ? (
              <Table.Td ta="right">{row.stockValue === undefined ? 'N/A' : formatMoney(row.stockValue)}</Table.Td>
            ) : null}
            {canAdjust ? (
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconAdjustments size={14} />}
                  aria-label={`Adjust ${row.name}`}
                  onClick={() => onAdjust(row)}
                >
                  Adjust
                </Button>
              </Table.Td>
            ) : null}
          </Table.Tr>
        )}
        minWidth={760}
        loading={isSelecting}
        errorText="Failed to fetch inventory data"
        emptyText={NO_PRODUCTS}
        summary={({ total }) => `${total} ${total === 1 ? 'product' : 'products'}`}
      />
    </>
  );
}
