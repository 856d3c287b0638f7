import { Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { addQuantities, type PurchaseOrderDetail } from '@pos/shared';
import { useState } from 'react';
import { QuantityInput } from '../../../components/quantity-input';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReceivePurchaseOrder } from '../api/purchase-orders.api';
import { numberOr } from '../utils/purchasing';

type Entry = { quantity: number; unitCost: number };

/** What a line still awaits: ordered - received, exact to the thousandth. */
const outstandingOf = (l: PurchaseOrderDetail['lines'][number]) =>
  Math.max(0, addQuantities(l.quantityOrdered, -l.quantityReceived));

/**
 * The order's lines; while it can be received, each outstanding line takes the units received now and
 * their unit cost (the product's cost becomes the weighted average). Several receipts are fine.
 */
export function ReceiveForm({ order, receivable }: { order: PurchaseOrderDetail; receivable: boolean }) {
  const receive = useReceivePurchaseOrder();
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const entryOf = (productId: string, unitCost: number): Entry => entries[productId] ?? { quantity: 0, unitCost };
  const set = (productId: string, unitCost: number, patch: Partial<Entry>) =>
    setEntries((all) => ({ ...all, [productId]: { ...entryOf(productId, unitCost), ...patch } }));
  const chosen = order.lines
    .map((l) => ({ line: l, entry: entryOf(l.productId, l.unitCost) }))
    .filter(({ entry }) => entry.quantity > 0);

  const fillOutstanding = () =>
    setEntries(
      Object.fromEntries(
        order.lines.map((l) => [
          l.productId,
          { quantity: outstandingOf(l), unitCost: entryOf(l.productId, l.unitCost).unitCost },
        ]),
      ),
    );

  const submit = async () => {
    try {
      const answer = await receive.mutateAsync({
        id: order.id,
        body: {
          lines: chosen.map(({ line, entry }) => ({
            productId: line.productId,
            quantity: entry.quantity,
            unitCost: entry.unitCost,
          })),
        },
      });
      setEntries({});
      notifySuccess(`Received ${addQuantities(...chosen.map((c) => c.entry.quantity))} units (${answer.data.number})`);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to receive stock'));
    }
  };

  return (
    <>
      <Table.ScrollContainer minWidth={620}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">Received</Table.Th>
              <Table.Th ta="right">Unit cost</Table.Th>
              {receivable ? <Table.Th w={120}>Receive now</Table.Th> : null}
              {receivable ? <Table.Th w={140}>Cost now</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((l) => {
              const outstanding = outstandingOf(l);
              const entry = entryOf(l.productId, l.unitCost);
              return (
                <Table.Tr key={l.productId}>
                  <Table.Td>
                    {l.name}
                    {l.sku ? (
                      <Text size="xs" c="dimmed">
                        {l.sku}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{l.quantityOrdered}</Table.Td>
                  <Table.Td ta="right">{l.quantityReceived}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.unitCost)}</Table.Td>
                  {receivable ? (
                    <Table.Td>
                      <QuantityInput
                        aria-label={`Receive now: ${l.name}`}
                        unit={l.unit}
                        allowZero
                        max={outstanding}
                        disabled={outstanding === 0}
                        value={entry.quantity}
                        onChange={(v) =>
                          set(l.productId, l.unitCost, { quantity: Math.min(outstanding, Math.max(0, numberOr(v, 0))) })
                        }
                      />
                    </Table.Td>
                  ) : null}
                  {receivable ? (
                    <Table.Td>
                      <NumberInput
                        aria-label={`Unit cost now: ${l.name}`}
                        min={0}
                        decimalScale={2}
                        disabled={outstanding === 0}
                        value={entry.unitCost}
                        onChange={(v) => set(l.productId, l.unitCost, { unitCost: Math.max(0, numberOr(v, 0)) })}
                      />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {receivable ? (
        <Group justify="flex-end" mt="md" gap="xs">
          <Button variant="default" onClick={fillOutstanding}>
            Fill outstanding
          </Button>
          <Button onClick={submit} disabled={chosen.length === 0} loading={receive.isPending}>
            Receive stock
          </Button>
        </Group>
      ) : null}
    </>
  );
}
