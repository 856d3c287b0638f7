import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The action; the dialog closes when it resolves and stays open when it rejects. */
  onConfirm: () => Promise<unknown>;
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
};

/**
 * Confirmation before an action that cannot be taken back or that reaches further than the screen (cancel an
 * order, apply or drop a count, change a chain price, drop a branch price).
 */
export function ConfirmDialog({ opened, onClose, onConfirm, title, message, confirmLabel, color = 'blue' }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The page has said what failed; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered closeOnEscape={!busy}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Back
          </Button>
          <Button color={color} onClick={confirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
