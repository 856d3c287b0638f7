import { Badge, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { InventoryStockItem } from '@pos/shared';
import { IconAdjustments, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportButton } from '../../../components/export-button';
import { PagerFooter } from '../../../components/pager-footer';
import { ListState } from '../../../components/table-state';
import { useAllCategories } from '../../../lib/api/categories.api';
import { useStockLevels } from '../../../lib/api/inventory.api';
import { formatMoney } from '../../../lib/format';
import { useKeepPageInRange } from '../../../lib/use-list-controls';
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

/** Stock Levels: search, category and stock status filters, 10 rows a page from the server. */
export function StockLevelsTab({ branchId, isSelecting, showValue, canAdjust, onAdjust }: Props) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 500);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [status, setStatus] = useState('all');
  const filterKey = `${branchId}|${debouncedSearch}|${categoryId}|${status}`;
  const [paging, setPaging] = useState({ page: 1, key: filterKey });
  const page = paging.key === filterKey ? paging.page : 1;

  const categories = useAllCategories(branchId);
  const stock = useStockLevels({
    branchId,
    page,
    limit: INVENTORY_PAGE_SIZE,
    search: debouncedSearch || undefined,
    categoryId: categoryId ?? undefined,
    stockStatus: status === 'all' ? undefined : status,
  });
  const rows = stock.data?.data ?? [];
  const total = stock.data?.meta?.total ?? 0;
  const totalPages = Math.max(1, stock.data?.meta?.totalPages ?? 1);

  useKeepPageInRange(page, (next) => setPaging({ page: next, key: filterKey }), stock);

  const isLoading = isSelecting || (Boolean(branchId) && stock.isPending);

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
        <TextInput
          label="Search"
          placeholder="Search by name or SKU..."
          aria-label="Search products"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Category"
          placeholder="All Categories"
          data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={categoryId}
          onChange={setCategoryId}
          searchable
          clearable
          w={200}
        />
        <Select
          label="Stock Status"
          data={STOCK_STATUS_OPTIONS.map((o) => ({ ...o }))}
          value={status}
          onChange={(v) => setStatus(v ?? 'all')}
          allowDeselect={false}
          w={180}
        />
        {branchId ? (
          <ExportButton
            path="/inventory/stock/export.csv"
            query={{
              branchId,
              search: debouncedSearch || undefined,
              categoryId: categoryId ?? undefined,
              stockStatus: status === 'all' ? undefined : status,
            }}
            entity="stock levels"
          />
        ) : null}
      </Group>

      {isLoading || rows.length === 0 ? (
        <ListState
          loading={isLoading}
          failed={stock.isError}
          errorText="Failed to fetch inventory data"
          emptyText={NO_PRODUCTS}
        />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: stock.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Stock</Table.Th>
                <Table.Th>Low / Max</Table.Th>
                {showValue ? <Table.Th ta="right">Stock Value</Table.Th> : null}
                {canAdjust ? <Table.Th ta="right">Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
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
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {total > 0 ? (
        <PagerFooter
          mt="md"
          label={`${total} ${total === 1 ? 'product' : 'products'}`}
          page={page}
          totalPages={totalPages}
          onPageChange={(next) => setPaging({ page: next, key: filterKey })}
        />
      ) : null}
    </>
  );
}
