import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useCopyProducts } from '../api/import.api';

/** Copies another branch's products into the selected branch's catalogue (matched by SKU; no stock). */
export function CopyPanel({ toBranchId }: { toBranchId: string }) {
  const { branches, branch } = useCurrentSelection();
  const [fromBranchId, setFromBranchId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const copy = useCopyProducts();
  const others = branches.filter((b) => b.id !== toBranchId).map((b) => ({ value: b.id, label: b.name }));
  const from = branches.find((b) => b.id === fromBranchId);

  const run = () => {
    if (!fromBranchId) return;
    setConfirming(false);
    copy.mutate(
      { fromBranchId, toBranchId, createMissing: true },
      {
        onSuccess: (answer) => notifySuccess(answer.message ?? 'Copied', 'Catalogue copied'),
        onError: (error) => notifyError(errorMessage(error, 'The products could not be copied')),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text size="sm">
          Every product of the chosen branch is added to {branch?.name ?? 'this branch'}'s catalogue: products with the
          same SKU (or, without SKU, the same name) are updated, the others created with no stock. Categories and brands
          come along.
        </Text>
        {others.length === 0 ? (
          <Text size="sm" c="dimmed">
            The company has no other branch to copy from.
          </Text>
        ) : (
          <Select
            label="Copy products from"
            placeholder="Choose a branch"
            data={others}
            value={fromBranchId}
            onChange={setFromBranchId}
            maw={360}
          />
        )}
        <Group>
          <Button onClick={() => setConfirming(true)} disabled={!fromBranchId} loading={copy.isPending}>
            Copy products
          </Button>
        </Group>
        {copy.data && (
          <Text size="sm" role="status">
            {copy.data.data.created} created, {copy.data.data.updated} updated.
          </Text>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Copy the catalogue?" centered>
        <Stack gap="md">
          <Text size="sm">
            Products of {from?.name} will be created or updated in {branch?.name}. Stock is not copied.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={run}>Copy</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
