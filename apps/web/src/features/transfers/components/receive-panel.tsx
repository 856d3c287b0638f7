import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { allowsDecimals, type TransferDetail, toQuantity, transferLineOpen } from '@pos/shared';
import { IconBarcode } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { QuantityInput } from '../../../components/quantity-input';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReceiveTransfer } from '../api/transfers.api';
import { countsOf, openAfter, type ReceiptCounts, receiptLines, scanInto } from '../utils/transfers';

/**
 * The receive screen: scan a barcode or type a SKU and press Enter for +1 received on its line; or type
 * received and damaged per line. Missing = what stays open. One receipt per submit; more may follow.
 * The scan field has the focus when the panel shows and again after each receipt (the page shows a new panel
 * for what stays open), so the next scanned code lands in it.
 */
export function ReceivePanel({ transfer }: { transfer: TransferDetail }) {
  const [counts, setCounts] = useState<ReceiptCounts>({});
  const [code, setCode] = useState('');
  const [scanMessage, setScanMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const receive = useReceiveTransfer();
  const open = transfer.lines.filter((l) => transferLineOpen(l) > 0);
  useEffect(() => scanRef.current?.focus(), []);

  const scan = () => {
    const result = scanInto(transfer.lines, counts, code);
    if (result.ok) {
      setCounts(result.counts);
      setScanMessage({ ok: true, text: `+1 ${result.line.name}` });
    } else setScanMessage({ ok: false, text: result.message });
    setCode('');
  };

  const set = (lineId: string, field: 'received' | 'damaged', value: number | string, decimals: boolean) => {
    const q = Math.max(0, Number(value) || 0);
    const n = decimals ? toQuantity(q) : Math.trunc(q);
    setCounts((c) => ({ ...c, [lineId]: { ...countsOf(c, lineId), [field]: n } }));
  };

  const submit = async () => {
    const lines = receiptLines(counts);
    if (lines.length === 0) return notifyError('Enter at least one received or damaged unit');
    try {
      const answer = await receive.mutateAsync({ id: transfer.id, body: { lines } });
      notifySuccess(answer.message ?? 'Receipt recorded');
      setCounts({});
      setScanMessage(null);
      scanRef.current?.focus();
    } catch (failure) {
      notifyError(errorMessage(failure, 'Failed to record the receipt'));
    }
  };

  const over = open.some((l) => openAfter(l, counts) < 0);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Receive
      </Title>
      <TextInput
        ref={scanRef}
        label="Scan barcode or SKU"
        description="Press Enter after each code: one unit received"
        leftSection={<IconBarcode size={16} aria-hidden />}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            scan();
          }
        }}
        w={320}
      />
      {scanMessage ? (
        <Text size="sm" c={scanMessage.ok ? 'green' : 'red'} role="status">
          {scanMessage.text}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Open</Table.Th>
              <Table.Th>Received now</Table.Th>
              <Table.Th>Damaged now</Table.Th>
              <Table.Th ta="right">Missing after</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {open.map((l) => {
              const c = countsOf(counts, l.id);
              const left = openAfter(l, counts);
              // The line's unit (its product's): 3 decimals for kg, L, m; whole units otherwise.
              const decimals = allowsDecimals(l.unit);
              return (
                <Table.Tr key={l.id} data-testid="receive-line">
                  <Table.Td>
                    {l.name}
                    {l.sku ? ` (${l.sku})` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{transferLineOpen(l)}</Table.Td>
                  <Table.Td>
                    <QuantityInput
                      aria-label={`Received of ${l.name}`}
                      unit={l.unit}
                      value={c.received}
                      onChange={(v) => set(l.id, 'received', v, decimals)}
                      allowZero
                      w={120}
                    />
                  </Table.Td>
                  <Table.Td>
                    <QuantityInput
                      aria-label={`Damaged of ${l.name}`}
                      unit={l.unit}
                      value={c.damaged}
                      onChange={(v) => set(l.id, 'damaged', v, decimals)}
                      allowZero
                      w={120}
                    />
                  </Table.Td>
                  <Table.Td ta="right" c={left < 0 ? 'red' : undefined}>
                    {left}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {over ? (
        <Alert color="red" role="alert">
          More units than were sent
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={submit} loading={receive.isPending} disabled={over}>
          Record Receipt
        </Button>
      </Group>
    </Stack>
  );
}
