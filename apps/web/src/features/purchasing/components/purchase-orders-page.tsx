import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Title } from '@mantine/core';
import { type PurchaseOrderStatus, userCan } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { ExportButton } from '../../../components/export-button';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { purchaseOrdersQuery } from '../api/purchase-orders.api';
import { PO_STATUS_COLORS, PO_STATUS_OPTIONS, poStatusLabel } from '../utils/purchasing';
import { ReorderModal } from './reorder-modal';

const statusFilter = (status: string) => (status === 'all' ? undefined : (status as PurchaseOrderStatus));

/** /dashboard/purchase-orders: the branch's purchase orders (Managers and Super Admins). */
export function PurchaseOrdersPage() {
  const me = useSessionUser();
  if (!userCan(me, 'adjust_stock')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators manage purchase orders." />
    );
  }
  return <PurchaseOrdersScreen />;
}

function PurchaseOrdersScreen() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const list = usePagedList({
    scope: branchId,
    filters: { status: 'all' },
    query: ({ page, limit, search, filters }) =>
      purchaseOrdersQuery({ branchId, page, limit, status: statusFilter(filters.status), search }),
  });
  const filter = statusFilter(list.filters.status);
  const [reordering, setReordering] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Purchase Orders
        </Title>
        <Group gap="xs" wrap="wrap">
          <ExportButton
            path="/purchase-orders/export.csv"
            query={{ branchId, status: filter, search: list.appliedSearch }}
            entity="purchase orders"
          />
          <Button variant="light" onClick={() => setReordering(true)} disabled={!branchId}>
            Reorder low stock
          </Button>
          <Button component={Link} to="/dashboard/purchase-orders/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New Purchase Order
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" mb="md" wrap="wrap">
          <Select
            label="Status"
            data={PO_STATUS_OPTIONS}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? 'all')}
            allowDeselect={false}
            w={200}
          />
        </Group>
        <ListToolbar list={list} entity="purchase orders" placeholder="Search number or supplier..." mb="md" />
        <PagedTable
          list={list}
          label="Purchase orders"
          columns={[
            'Number',
            'Supplier',
            'Status',
            { label: 'Units ordered', ta: 'right' },
            { label: 'Units received', ta: 'right' },
            { label: 'Total cost', ta: 'right' },
            'Created',
          ]}
          row={(po) => (
            <Table.Tr key={po.id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/purchase-orders/${po.id}`} fw={600}>
                  {po.number}
                </Anchor>
              </Table.Td>
              <Table.Td>{po.supplier.name}</Table.Td>
              <Table.Td>
                <Badge color={PO_STATUS_COLORS[po.status]} variant="light">
                  {poStatusLabel(po.status)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{po.quantityOrdered}</Table.Td>
              <Table.Td ta="right">{po.quantityReceived}</Table.Td>
              <Table.Td ta="right">{formatMoney(po.totalCost)}</Table.Td>
              <Table.Td>{formatDate(po.createdAt, branch?.timezone)}</Table.Td>
            </Table.Tr>
          )}
          minWidth={720}
          loading={isSelecting}
          errorText="Failed to fetch purchase orders"
          emptyText={list.isSearching || filter ? 'No purchase orders match' : 'No purchase orders yet'}
          summary={({ total }) => `${total} ${total === 1 ? 'purchase order' : 'purchase orders'}`}
        />
      </Paper>
      <ReorderModal opened={reordering} onClose={() => setReordering(false)} />
    </Stack>
  );
}
