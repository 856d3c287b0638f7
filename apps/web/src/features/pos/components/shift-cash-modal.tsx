import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import type { CashMovementKind } from '@pos/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { openCashDrawer } from '../../../lib/printing';
import { useCashMovement } from '../hooks/use-cash-movement';

/**
 * Paid in / paid out of the drawer with an amount and a reason; the drawer opens when it is recorded.
 * Without the server it is queued in the outbox and syncs like a sale (useCashMovement).
 */
export function ShiftCashModal({
  opened,
  onClose,
  onDone,
  onExited,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
  /** After the close transition (the register puts the focus back in the Barcode field). */
  onExited?: () => void;
}) {
  const [kind, setKind] = useState<CashMovementKind>('paid_out');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const cash = useCashMovement();
  // One id per movement, the same on every attempt of it (a lost answer is recorded once); a new one after.
  const [movementId, setMovementId] = useState(cash.newId);

  const submit = async () => {
    setBusy(true);
    try {
      const answer = await cash.record({ id: movementId, kind, amount: Number(amount) || 0, reason });
      void openCashDrawer();
      const done = `${kind === 'paid_in' ? 'Paid in' : 'Paid out'} ${formatMoney(answer.movement.amount)}`;
      notifySuccess(answer.queued ? `${done} recorded offline: it syncs when the server is back` : done);
      setAmount('');
      setReason('');
      setMovementId(cash.newId());
      onDone();
    } catch (error) {
      notifyError(errorMessage(error, 'The cash movement could not be recorded'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={onExited} title="Cash in / out" centered>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Kind"
          value={kind}
          onChange={(v) => setKind(v as CashMovementKind)}
          data={[
            { value: 'paid_in', label: 'Paid in' },
            { value: 'paid_out', label: 'Paid out' },
          ]}
        />
        <NumberInput
          label="Amount"
          data-autofocus
          min={0}
          decimalScale={2}
          allowNegative={false}
          value={amount}
          onChange={setAmount}
        />
        <TextInput
          label="Reason"
          placeholder="e.g. supplier paid from the till"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Record
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
