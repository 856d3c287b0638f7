import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { QuantityInput } from '../../../components/quantity-input';
import { errorMessage } from '../../../lib/api';
import { findProductBySku } from '../../../lib/api/products.api';
import { notifyError } from '../../../lib/notify';
import { useEnterCountLine } from '../api/stock-counts.api';
import { numberOr } from '../utils/purchasing';

/**
 * Keyboard-first entry: in Scan mode each SKU entered (a scanner types it and presses Enter) adds one
 * unit; in Type mode the SKU and the counted quantity are set. The field keeps focus for the next scan.
 */
export function CountEntryForm({
  countId,
  branchId,
  onCounted,
}: {
  countId: string;
  branchId: string;
  onCounted: (text: string) => void;
}) {
  const [mode, setMode] = useState<'add' | 'set'>('add');
  const [sku, setSku] = useState('');
  const [quantity, setQuantity] = useState<number>(1);
  // Typing a quantity: the typed SKU's product (one look-up, no line exists yet) tells the unit (3 decimals
  // for kg, whole pieces); until it answers, decimals are taken and the server checks them.
  const [typedSku] = useDebouncedValue(sku.trim(), 300);
  const typed = useQuery({
    queryKey: ['products', 'by-sku', branchId, typedSku.toLowerCase()] as const,
    queryFn: () => findProductBySku(branchId, typedSku),
    enabled: mode === 'set' && typedSku !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
  const unit = mode === 'set' && typedSku !== '' && sku.trim() === typedSku ? typed.data?.unit : undefined;
  const enter = useEnterCountLine();
  const skuRef = useRef<HTMLInputElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const code = sku.trim();
    if (!code) return;
    try {
      const answer = await enter.mutateAsync({
        id: countId,
        body: { sku: code, quantity: mode === 'add' ? 1 : quantity, mode },
      });
      onCounted(`${answer.data.name}: ${answer.data.countedQuantity} counted`);
      setSku('');
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to record the count'));
    } finally {
      skuRef.current?.focus();
    }
  };

  return (
    <form onSubmit={submit}>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Entry mode"
          value={mode}
          onChange={(v) => setMode(v as 'add' | 'set')}
          data={[
            { value: 'add', label: 'Scan (+1)' },
            { value: 'set', label: 'Type quantity' },
          ]}
        />
        <TextInput
          ref={skuRef}
          label="SKU or barcode"
          value={sku}
          onChange={(e) => setSku(e.currentTarget.value)}
          autoFocus
          autoComplete="off"
          style={{ flex: 1, minWidth: 180 }}
        />
        {mode === 'set' ? (
          <QuantityInput
            label="Counted quantity"
            unit={unit}
            decimalsWhenUnknown
            allowZero
            value={quantity}
            onChange={(v) => setQuantity(Math.max(0, numberOr(v, 0)))}
            w={150}
          />
        ) : null}
        <Button type="submit" loading={enter.isPending}>
          Record
        </Button>
      </Group>
    </form>
  );
}
