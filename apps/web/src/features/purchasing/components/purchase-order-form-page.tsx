import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  allowsDecimals,
  fromMinor,
  lineGoodsMinor,
  type PurchaseOrderDetail,
  toMinor,
  type Unit,
  userCan,
} from '@pos/shared';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { QuantityInput } from '../../../components/quantity-input';
import { ListState } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useCreatePurchaseOrder, usePurchaseOrder, useUpdatePurchaseOrder } from '../api/purchase-orders.api';
import { numberOr } from '../utils/purchasing';
import { ProductPicker } from './product-picker';
import { SupplierSelect } from './supplier-select';

type Line = {
  productId: string;
  name: string;
  /** The product's unit: the order line's; for a product just picked, read once when it is picked. */
  unit: Unit | undefined;
  quantity: number;
  unitCost: number;
};

/** A line's cost: quantity x unit cost, half up to the cent (as the server prices it: 10.25 kg x 3.35 = 34.34). */
const lineCost = (l: Line) => fromMinor(lineGoodsMinor(toMinor(l.unitCost), l.quantity));

/** /dashboard/purchase-orders/new and /:id/edit: a draft's supplier, note and lines. */
export function PurchaseOrderFormPage() {
  const me = useSessionUser();
  const { branch } = useCurrentSelection();
  const { id } = useParams();
  const existing = usePurchaseOrder(id);
  if (!userCan(me, 'adjust_stock')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators manage purchase orders." />
    );
  }
  if (id && !existing.data) {
    return (
      <ListState
        loading={existing.isPending}
        failed={existing.isError}
        errorText="Purchase order not found"
        emptyText=""
      />
    );
  }
  return <PurchaseOrderForm key={id ?? `new-${branch?.id ?? ''}`} order={existing.data?.data ?? null} />;
}

function PurchaseOrderForm({ order }: { order: PurchaseOrderDetail | null }) {
  const { company, branch } = useCurrentSelection();
  const navigate = useNavigate();
  const create = useCreatePurchaseOrder();
  const update = useUpdatePurchaseOrder();
  const [supplier, setSupplier] = useState(order?.supplier ?? null);
  const [note, setNote] = useState(order?.note ?? '');
  const [lines, setLines] = useState<Line[]>(
    order?.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      unit: l.unit,
      quantity: l.quantityOrdered,
      unitCost: l.unitCost,
    })) ?? [],
  );
  const branchId = order?.branchId ?? branch?.id ?? null;

  const setLine = (productId: string, patch: Partial<Line>) =>
    setLines((all) => all.map((l) => (l.productId === productId ? { ...l, ...patch } : l)));
  const total = fromMinor(lines.reduce((sum, l) => sum + toMinor(lineCost(l)), 0));

  const save = async () => {
    if (!branchId || !supplier) return;
    const body = {
      supplierId: supplier.id,
      note: note.trim() || null,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitCost: l.unitCost })),
    };
    try {
      const answer = order
        ? await update.mutateAsync({ id: order.id, body })
        : await create.mutateAsync({ ...body, branchId });
      notifySuccess(`Purchase order ${answer.data.number} saved`);
      navigate(`/dashboard/purchase-orders/${answer.data.id}`);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to save the purchase order'));
    }
  };

  if (order && order.status !== 'draft') {
    return <Text>Only a draft purchase order can be changed.</Text>;
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {order ? `Edit ${order.number}` : 'New Purchase Order'}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <SupplierSelect companyId={company?.id ?? null} value={supplier} onChange={setSupplier} required />
          <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={1} />
          <ProductPicker
            branchId={branchId}
            onPick={(p) => {
              if (lines.some((l) => l.productId === p.id)) return;
              setLines((all) =>
                all.some((l) => l.productId === p.id)
                  ? all
                  : [...all, { productId: p.id, name: p.name, unit: p.unit, quantity: 1, unitCost: p.cost ?? 0 }],
              );
            }}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        {lines.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            Add products to order
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th w={140}>Quantity</Table.Th>
                  <Table.Th w={140}>Unit cost</Table.Th>
                  <Table.Th ta="right">Line total</Table.Th>
                  <Table.Th w={50}>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => {
                  // A piece is at least 1; a weighed quantity may be typed from 0 (0.5 kg) and is checked on save.
                  const least = allowsDecimals(l.unit) || !Number.isInteger(l.quantity) ? 0 : 1;
                  return (
                    <Table.Tr key={l.productId}>
                      <Table.Td>{l.name}</Table.Td>
                      <Table.Td>
                        <QuantityInput
                          aria-label={`Quantity of ${l.name}`}
                          unit={l.unit}
                          value={l.quantity}
                          onChange={(v) => setLine(l.productId, { quantity: Math.max(least, numberOr(v, least)) })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Unit cost of ${l.name}`}
                          min={0}
                          decimalScale={2}
                          value={l.unitCost}
                          onChange={(v) => setLine(l.productId, { unitCost: Math.max(0, numberOr(v, 0)) })}
                        />
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(lineCost(l))}</Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${l.name}`}
                          onClick={() => setLines((all) => all.filter((x) => x.productId !== l.productId))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" mt="md" wrap="wrap">
          <Text fw={600}>Total {formatMoney(total)}</Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate(-1)}>
              Cancel
            </Button>
            <Button
              onClick={save}
              disabled={!supplier || lines.length === 0}
              loading={create.isPending || update.isPending}
            >
              Save draft
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
