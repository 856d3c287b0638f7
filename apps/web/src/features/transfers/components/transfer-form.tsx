import { ActionIcon, Alert, Button, Group, Select, Stack, Table, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { createTransferSchema, type TransferDetail, type Unit } from '@pos/shared';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QuantityInput } from '../../../components/quantity-input';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useCreateTransfer, useUpdateTransfer } from '../api/transfers.api';
import { type PickedProduct, TransferProductPicker } from './transfer-product-picker';

type Line = {
  productId: string;
  name: string;
  sku: string | null;
  /** The product's unit: the draft line's; for a product just picked, read once when it is picked. */
  unit: Unit | undefined;
  stock: number | null;
  quantity: number | string;
};

type Props = { fromBranchId: string; draft?: TransferDetail };

/** The draft's destination, note and lines (quantities checked against stock again when it is sent). */
export function TransferForm({ fromBranchId, draft }: Props) {
  const { branches } = useCurrentSelection();
  const navigate = useNavigate();
  const [toBranchId, setToBranchId] = useState<string | null>(draft?.toBranch.id ?? null);
  const [note, setNote] = useState(draft?.note ?? '');
  const [lines, setLines] = useState<Line[]>(
    (draft?.lines ?? []).map((l) => ({
      productId: l.productId,
      name: l.name,
      sku: l.sku,
      unit: l.unit,
      stock: null,
      quantity: l.quantity,
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTransfer();
  const update = useUpdateTransfer();
  const saving = create.isPending || update.isPending;
  const destinations = branches.filter((b) => b.id !== fromBranchId).map((b) => ({ value: b.id, label: b.name }));

  const add = (p: PickedProduct) => {
    setLines((ls) => [
      ...ls,
      { productId: p.id, name: p.name, sku: p.sku, unit: p.unit, stock: p.stockQuantity, quantity: 1 },
    ]);
  };
  const setQuantity = (productId: string, quantity: number | string) =>
    setLines((ls) => ls.map((l) => (l.productId === productId ? { ...l, quantity } : l)));

  const save = async () => {
    const body = {
      fromBranchId,
      toBranchId: toBranchId ?? '',
      note: note.trim() || undefined,
      lines: lines.map((l) => ({ productId: l.productId, quantity: Number(l.quantity) })),
    };
    const parsed = createTransferSchema.safeParse(body);
    if (!toBranchId) return setError('Choose the branch to send to');
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the transfer');
    setError(null);
    try {
      const answer = draft
        ? await update.mutateAsync({ id: draft.id, body: { toBranchId, note: body.note, lines: body.lines } })
        : await create.mutateAsync(body);
      notifySuccess(answer.message ?? 'Transfer saved');
      navigate(`/dashboard/transfers/${answer.data.id}`);
    } catch (failure) {
      notifyError(errorMessage(failure, 'Failed to save the transfer'));
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Send to"
          placeholder="Choose a branch"
          data={destinations}
          value={toBranchId}
          onChange={setToBranchId}
          required
          w={260}
        />
        <Textarea
          label="Note"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={1}
          style={{ flex: '1 1 240px' }}
        />
      </Group>
      <TransferProductPicker branchId={fromBranchId} onPick={add} exclude={lines.map((l) => l.productId)} />
      {lines.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No products yet: add the products to send
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>In stock</Table.Th>
                <Table.Th>Quantity</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.productId} data-testid="draft-line">
                  <Table.Td>
                    {l.name}
                    {l.sku ? ` (${l.sku})` : ''}
                  </Table.Td>
                  <Table.Td>{l.stock ?? '-'}</Table.Td>
                  <Table.Td>
                    <QuantityInput
                      aria-label={`Quantity of ${l.name}`}
                      unit={l.unit}
                      value={l.quantity}
                      onChange={(v) => setQuantity(l.productId, v)}
                      w={130}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${l.name}`}
                      onClick={() => setLines((ls) => ls.filter((x) => x.productId !== l.productId))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => navigate(draft ? `/dashboard/transfers/${draft.id}` : '/dashboard/transfers')}
        >
          Back
        </Button>
        <Button onClick={save} loading={saving}>
          Save Draft
        </Button>
      </Group>
    </Stack>
  );
}
