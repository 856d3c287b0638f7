import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Title } from '@mantine/core';
import { type PurchaseOrderStatus, userCan } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { ExportButton } from '../../../components/export-button';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagerFooter } from '../../../components/pager-footer';
import { ListState } from '../../../components/table-state';
import { usePurchaseOrders } from '../../../lib/api/purchase-orders.api';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useListControls } from '../../../lib/use-list-controls';
import { PO_STATUS_COLORS, PO_STATUS_OPTIONS, poStatusLabel } from '../utils/purchasing';
import { ReorderModal } from './reorder-modal';

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
  const [status, setStatus] = useState('all');
  const list = useListControls({ scope: `${branchId ?? ''}|${status}` });
  const filter = status === 'all' ? undefined : (status as PurchaseOrderStatus);
  const orders = usePurchaseOrders({
    branchId,
    page: list.page,
    limit: list.pageSize,
    status: filter,
    search: list.debouncedSearch,
  });
  const [reordering, setReordering] = useState(false);
  const rows = orders.data?.data ?? [];
  const total = orders.data?.meta?.total ?? 0;
  const loading = Boolean(isSelecting || (orders.isPending && branchId));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Purchase Orders
        </Title>
        <Group gap="xs" wrap="wrap">
          <ExportButton
            path="/purchase-orders/export.csv"
            query={{ branchId, status: filter, search: list.debouncedSearch }}
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
            value={status}
            onChange={(v) => setStatus(v ?? 'all')}
            allowDeselect={false}
            w={200}
          />
        </Group>
        <ListToolbar list={list} entity="purchase orders" placeholder="Search number or supplier..." mb="md" />
        {loading || rows.length === 0 ? (
          <ListState
            loading={loading}
            failed={orders.isError}
            errorText="Failed to fetch purchase orders"
            emptyText={list.isSearching || filter ? 'No purchase orders match' : 'No purchase orders yet'}
          />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Units ordered</Table.Th>
                  <Table.Th ta="right">Units received</Table.Th>
                  <Table.Th ta="right">Total cost</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((po) => (
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
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > 0 ? (
          <PagerFooter
            mt="md"
            label={`${total} ${total === 1 ? 'purchase order' : 'purchase orders'}`}
            page={list.page}
            totalPages={orders.data?.meta?.totalPages ?? 1}
            onPageChange={list.setPage}
          />
        ) : null}
      </Paper>
      <ReorderModal opened={reordering} onClose={() => setReordering(false)} />
    </Stack>
  );
}
