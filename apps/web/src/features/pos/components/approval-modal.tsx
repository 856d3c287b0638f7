import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { approvalSchema } from '@pos/shared';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { zodValidate } from '../../../lib/forms';
import { useApprovalRequest } from '../store/approval-request';

/** Asks for a manager's username and PIN when the server refuses a sale past the cashier's limits. */
export function ApprovalModal() {
  const { reason, error, answer } = useApprovalRequest();
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', pin: '' },
    validate: zodValidate(approvalSchema),
  });
  const opened = reason !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request (or a refused PIN) clears the PIN only
  useEffect(() => {
    form.setFieldValue('pin', '');
  }, [reason, error]);

  const submit = form.onSubmit((values) => answer?.({ username: values.username.trim(), pin: values.pin }));

  return (
    <Modal
      opened={opened}
      onClose={() => answer?.(null)}
      title={
        <Group gap="xs">
          <IconShieldLock size={18} aria-hidden />
          <Text fw={600}>Manager approval</Text>
        </Group>
      }
      zIndex={400}
    >
      <form onSubmit={submit} noValidate aria-label="Manager approval">
        <Stack gap="sm">
          <Text size="sm">{reason}</Text>
          <Text size="sm" c="dimmed">
            A manager of this branch enters their username and PIN to approve.
          </Text>
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput label="Manager username" autoComplete="off" data-autofocus {...form.getInputProps('username')} />
          <PasswordInput
            label="PIN"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            {...form.getInputProps('pin')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer?.(null)}>
              Cancel
            </Button>
            <Button type="submit">Approve</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
