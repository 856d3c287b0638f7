import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { allowsDecimals, type InventoryStockItem, type WriteOffType, writeOffSchema } from '@pos/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useWriteOff } from '../../../lib/api/inventory.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ProductSelect } from './product-select';

type Props = { opened: boolean; onClose: () => void; branchId: string | null };

/** Write Off: damaged or expired units leave stock with the reason (a damage / expiry movement). */
export function WriteOffModal({ opened, onClose, branchId }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Write Off Stock" centered>
      {opened ? <WriteOffForm branchId={branchId} onDone={onClose} /> : null}
    </Modal>
  );
}

function WriteOffForm({ branchId, onDone }: { branchId: string | null; onDone: () => void }) {
  const [product, setProduct] = useState<InventoryStockItem | null>(null);
  const [type, setType] = useState<WriteOffType>('damage');
  const [quantity, setQuantity] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const writeOff = useWriteOff();

  const submit = async () => {
    const parsed = writeOffSchema.safeParse({
      branchId: branchId ?? '',
      productId: product?.id ?? '',
      type,
      quantity: Number(quantity),
      reason,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    if (product && parsed.data.quantity > product.stockQuantity) {
      return setError(`Only ${product.stockQuantity} in stock`);
    }
    setError(null);
    try {
      const answer = await writeOff.mutateAsync(parsed.data);
      notifySuccess(answer.message ?? 'Stock written off');
      onDone();
    } catch (failure) {
      notifyError(errorMessage(failure, 'Failed to write off stock'));
    }
  };

  return (
    <Stack gap="sm">
      <ProductSelect
        label="Product"
        placeholder="Search products..."
        branchId={branchId}
        value={product}
        onChange={setProduct}
        required
      />
      <SegmentedControl
        aria-label="Write-off type"
        value={type}
        onChange={(v) => setType(v === 'expiry' ? 'expiry' : 'damage')}
        data={[
          { value: 'damage', label: 'Damaged' },
          { value: 'expiry', label: 'Expired' },
        ]}
      />
      <NumberInput
        label="Quantity"
        value={quantity}
        onChange={setQuantity}
        min={allowsDecimals(product?.unit) ? 0.001 : 1}
        max={product?.stockQuantity}
        allowDecimal={allowsDecimals(product?.unit)}
        decimalScale={3}
        allowNegative={false}
        required
      />
      <Textarea label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} required />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button color="red" onClick={submit} loading={writeOff.isPending}>
          Write Off
        </Button>
      </Group>
    </Stack>
  );
}
