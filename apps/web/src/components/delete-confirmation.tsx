import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

export type DeleteConfirmationProps = {
  opened: boolean;
  onClose: () => void;
  /** The delete action; the dialog closes when it resolves and stays open when it rejects. */
  onConfirm: () => Promise<unknown> | unknown;
  itemName: string;
  title?: string;
  subText?: string;
  /** What the delete touches (products that use the item), shown above the warning. */
  details?: string;
  /** Set by a parent that tracks the action itself; combined with the dialog's own state. */
  loading?: boolean;
};

/** The reusable delete dialog. While the action runs it cannot be closed in any way. */
export function DeleteConfirmation({
  opened,
  onClose,
  onConfirm,
  itemName,
  title = 'Delete Confirmation',
  subText,
  details,
  loading = false,
}: DeleteConfirmationProps) {
  const [isRunning, setIsRunning] = useState(false);
  const isBusy = loading || isRunning;

  const close = () => {
    if (!isBusy) onClose();
  };

  const confirm = async () => {
    if (isBusy) return;
    setIsRunning(true);
    try {
      await onConfirm();
      setIsRunning(false);
      onClose();
    } catch (error) {
      setIsRunning(false);
      console.error('Delete failed', error);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      withCloseButton={!isBusy}
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={24} color="var(--mantine-color-red-6)" aria-hidden />
          <Stack gap={4}>
            <Text fw={500}>Are you sure you want to delete {itemName}?</Text>
            {details ? (
              <Text size="sm" data-testid="delete-usage">
                {details}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              This action cannot be undone.
            </Text>
            {subText ? (
              <Text size="sm" c="red">
                {subText}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={isBusy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
