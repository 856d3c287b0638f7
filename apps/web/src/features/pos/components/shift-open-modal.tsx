import { Button, Group, Modal, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { type DenominationCount, denominationTotalMinor, fromMinor } from '@pos/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { openShift } from '../../../lib/api/shifts.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ShiftDenominations } from './shift-denominations';

/** The register's prompt to open a shift: the opening float, as a total or counted by notes and coins. */
export function ShiftOpenModal({
  opened,
  onClose,
  branchId,
  registerId,
  registerCode,
  denominations,
  onOpened,
  onExited,
}: {
  opened: boolean;
  onClose: () => void;
  branchId: string;
  registerId: string;
  registerCode: string;
  denominations: number[];
  onOpened: () => void;
  /** After the close transition (the register puts the focus back in the Barcode field). */
  onExited?: () => void;
}) {
  const [float, setFloat] = useState<number | string>('');
  const [byCount, setByCount] = useState(false);
  const [count, setCount] = useState<DenominationCount>({});
  const [busy, setBusy] = useState(false);
  const amount = byCount ? fromMinor(denominationTotalMinor(count)) : Number(float) || 0;

  const submit = async () => {
    setBusy(true);
    try {
      await openShift({ branchId, registerId, openingFloat: amount, denominations: byCount ? count : null });
      notifySuccess(`Shift opened at register ${registerCode}`);
      setFloat('');
      setCount({});
      onOpened();
    } catch (error) {
      notifyError(errorMessage(error, 'The shift could not be opened'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={onExited} title="Open a shift" centered>
      <Stack gap="sm">
        <Text size="sm">
          Register {registerCode} has no open shift. Count the cash in the drawer to start taking cash sales.
        </Text>
        <Switch label="Count notes and coins" checked={byCount} onChange={(e) => setByCount(e.currentTarget.checked)} />
        {byCount ? (
          <ShiftDenominations denominations={denominations} value={count} onChange={setCount} />
        ) : (
          <NumberInput
            label="Opening float"
            data-autofocus
            min={0}
            decimalScale={2}
            allowNegative={false}
            value={float}
            onChange={setFloat}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void submit();
            }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Open shift
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
