import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useReorder } from '../api/purchase-orders.api';
import { SupplierSelect } from './supplier-select';

/** The reorder helper: every product at or below its low-stock threshold, up to max stock, as one draft. */
export function ReorderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { company, branch } = useCurrentSelection();
  const [supplier, setSupplier] = useState<{ id: string; name: string } | null>(null);
  const reorder = useReorder();
  const navigate = useNavigate();

  const create = async () => {
    if (!branch || !supplier) return;
    try {
      const answer = await reorder.mutateAsync({ branchId: branch.id, supplierId: supplier.id });
      notifySuccess(`Draft ${answer.data.number} with ${answer.data.lineCount} products`);
      onClose();
      navigate(`/dashboard/purchase-orders/${answer.data.id}`);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to create the reorder'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Reorder low stock" centered>
      <Stack gap="sm">
        <Text size="sm">
          Products at or below their low-stock threshold become one draft purchase order, each ordered up to its maximum
          stock at its current cost. You can edit the draft before ordering.
        </Text>
        <SupplierSelect companyId={company?.id ?? null} value={supplier} onChange={setSupplier} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={create} disabled={!supplier} loading={reorder.isPending}>
            Create draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
