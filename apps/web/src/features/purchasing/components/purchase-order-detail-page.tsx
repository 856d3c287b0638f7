import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { userCan } from '@pos/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DetailField } from '../../../components/detail-field';
import { ListState } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useCancelPurchaseOrder, usePlacePurchaseOrder, usePurchaseOrder } from '../api/purchase-orders.api';
import { PO_STATUS_COLORS, poStatusLabel } from '../utils/purchasing';
import { ReceiveForm } from './receive-form';

/** /dashboard/purchase-orders/:id: the order, its lines, and its actions (order, receive, cancel). */
export function PurchaseOrderDetailPage() {
  const me = useSessionUser();
  if (!userCan(me, 'adjust_stock')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators manage purchase orders." />
    );
  }
  return <PurchaseOrderDetail />;
}

function PurchaseOrderDetail() {
  const { id = '' } = useParams();
  const { branch } = useCurrentSelection();
  const order = usePurchaseOrder(id);
  const place = usePlacePurchaseOrder();
  const cancel = useCancelPurchaseOrder();
  const [cancelling, setCancelling] = useState(false);
  const po = order.data?.data;
  if (!po) {
    return (
      <ListState loading={order.isPending} failed={order.isError} errorText="Purchase order not found" emptyText="" />
    );
  }
  const receivable = po.status === 'ordered' || po.status === 'partially_received';
  const tz = branch?.timezone;

  const placeOrder = async () => {
    try {
      await place.mutateAsync(po.id);
      notifySuccess(`${po.number} ordered`);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to place the order'));
    }
  };
  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync(po.id);
      notifySuccess(`${po.number} cancelled`);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to cancel the order'));
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h2">
            {po.number}
          </Title>
          <Badge color={PO_STATUS_COLORS[po.status]} variant="light" size="lg">
            {poStatusLabel(po.status)}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" component={Link} to="/dashboard/purchase-orders">
            All purchase orders
          </Button>
          {po.status === 'draft' ? (
            <>
              <Button variant="light" component={Link} to={`/dashboard/purchase-orders/${po.id}/edit`}>
                Edit
              </Button>
              <Button onClick={placeOrder} loading={place.isPending}>
                Place order
              </Button>
            </>
          ) : null}
          {po.status !== 'received' && po.status !== 'cancelled' ? (
            <Button color="red" variant="light" onClick={() => setCancelling(true)}>
              Cancel order
            </Button>
          ) : null}
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DetailField label="Supplier">{po.supplier.name}</DetailField>
          <DetailField label="Created">{formatDateTime(po.createdAt, tz)}</DetailField>
          <DetailField label="Ordered">{po.orderedAt ? formatDateTime(po.orderedAt, tz) : '—'}</DetailField>
          <DetailField label="Units">{`${po.quantityReceived} of ${po.quantityOrdered} received`}</DetailField>
          <DetailField label="Total cost">{formatMoney(po.totalCost)}</DetailField>
          <DetailField label="Note">{po.note ?? '—'}</DetailField>
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="sm">
          {receivable ? 'Receive stock' : 'Lines'}
        </Text>
        <ReceiveForm order={po} receivable={receivable} />
      </Paper>

      <ConfirmDialog
        opened={cancelling}
        onClose={() => setCancelling(false)}
        onConfirm={confirmCancel}
        title="Cancel purchase order"
        message={`Cancel ${po.number}? Units already received stay in stock; nothing more can be received on it.`}
        confirmLabel="Cancel order"
        color="red"
      />
    </Stack>
  );
}
