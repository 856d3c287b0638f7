import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  color?: string;
  /** Ask for a note (closing a transfer says why). */
  withNote?: boolean;
  onConfirm: (note: string) => Promise<unknown>;
};

/** Confirms a transfer action that moves stock or cannot be undone; stays open while it runs or fails. */
export function ConfirmAction({ opened, onClose, title, text, confirmLabel, color, withNote, onConfirm }: Props) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(note.trim());
      onClose();
    } catch {
      // The caller has told the user; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        {withNote ? <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Back
          </Button>
          <Button color={color} onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
