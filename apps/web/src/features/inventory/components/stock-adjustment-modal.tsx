import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { type AdjustmentType, allowsDecimals, INVENTORY_MSG, type InventoryStockItem } from '@pos/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useAdjustStock } from '../../../lib/api/inventory.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adjustedQuantity, adjustmentRequest, decreaseHitsFloor, stockAdjustedMessage } from '../utils/inventory';
import { ProductSelect } from './product-select';

type Props = {
  opened: boolean;
  onClose: () => void;
  branchId: string | null;
  /** The row's product (the Adjust action); none: pick one in the form. */
  product: InventoryStockItem | null;
};

/** Remounted per opening (key) so each adjustment starts from a clean form. */
export function StockAdjustmentModal({ opened, onClose, branchId, product }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Stock Adjustment" centered>
      {opened ? <AdjustmentForm branchId={branchId} initialProduct={product} onDone={onClose} /> : null}
    </Modal>
  );
}

function AdjustmentForm({
  branchId,
  initialProduct,
  onDone,
}: {
  branchId: string | null;
  initialProduct: InventoryStockItem | null;
  onDone: () => void;
}) {
  const [product, setProduct] = useState<InventoryStockItem | null>(initialProduct);
  const [type, setType] = useState<AdjustmentType>('increase');
  const [quantity, setQuantity] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adjust = useAdjustStock();

  const current = product?.stockQuantity ?? null;
  const qty = typeof quantity === 'number' ? quantity : Number(quantity || 0);
  const resulting = current === null ? null : adjustedQuantity(current, type, qty);
  const hitsFloor = current !== null && decreaseHitsFloor(current, type, qty);

  const submit = async () => {
    if (!branchId) return;
    const request = adjustmentRequest(
      { productId: product?.id ?? null, type, quantity, reason },
      { branchId, currentStock: current },
    );
    if (!request.ok) {
      setError(request.message);
      notifyError(request.message);
      return;
    }
    setError(null);
    try {
      const answer = await adjust.mutateAsync(request.body);
      notifySuccess(answer.message ?? stockAdjustedMessage(answer.data.difference));
      onDone();
    } catch (failure) {
      notifyError(errorMessage(failure, INVENTORY_MSG.adjustFailed));
    }
  };

  return (
    <Stack gap="sm">
      {initialProduct ? (
        <Text size="sm">
          Product: <b>{initialProduct.name}</b>
          {initialProduct.sku ? ` (${initialProduct.sku})` : ''}
        </Text>
      ) : (
        <ProductSelect
          label="Product"
          placeholder="Search products..."
          branchId={branchId}
          value={product}
          onChange={setProduct}
          required
        />
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Adjustment Type
        </Text>
        <SegmentedControl
          aria-label="Adjustment type"
          value={type}
          onChange={(v) => setType(v as AdjustmentType)}
          data={[
            { value: 'increase', label: 'Increase' },
            { value: 'decrease', label: 'Decrease' },
          ]}
        />
      </Stack>
      <NumberInput
        label="Quantity"
        placeholder="Units"
        min={allowsDecimals(product?.unit) ? 0.001 : 1}
        step={1}
        allowDecimal={allowsDecimals(product?.unit)}
        decimalScale={3}
        allowNegative={false}
        value={quantity}
        onChange={setQuantity}
        required
      />
      <Textarea
        label="Reason"
        placeholder="e.g. Stock count, damaged goods"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={500}
        autosize
        minRows={2}
        required
      />
      {current !== null ? (
        <Text size="sm" c="dimmed" data-testid="adjustment-preview">
          Current stock: {current} → New stock: <b>{resulting}</b>
        </Text>
      ) : null}
      {hitsFloor ? (
        <Alert color="orange" icon={<IconAlertTriangle size={16} />} p="xs">
          {INVENTORY_MSG.floorWarning}
        </Alert>
      ) : null}
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} loading={adjust.isPending}>
          Adjust Stock
        </Button>
      </Group>
    </Stack>
  );
}
