import { Button, Group, NumberInput, SegmentedControl, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { useEnterCountLine } from '../api/stock-counts.api';
import { numberOr } from '../utils/purchasing';

/**
 * Keyboard-first entry: in Scan mode each SKU entered (a scanner types it and presses Enter) adds one
 * unit; in Type mode the SKU and the counted quantity are set. The field keeps focus for the next scan.
 */
export function CountEntryForm({ countId, onCounted }: { countId: string; onCounted: (text: string) => void }) {
  const [mode, setMode] = useState<'add' | 'set'>('add');
  const [sku, setSku] = useState('');
  const [quantity, setQuantity] = useState<number>(1);
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
          <NumberInput
            label="Counted quantity"
            min={0}
            allowDecimal={false}
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
