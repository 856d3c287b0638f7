import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCloudOff } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { verifyPinOffline } from '../offline/device-trust';
import { useOfflineApprovalRequest } from '../store/offline-approval';

export const OFFLINE_APPROVAL_TEXT = {
  title: 'Manager approval (offline)',
  help: 'A manager of this branch enters their username and PIN on this register.',
  wrong: 'Wrong username or PIN',
  without: 'Sell without approval',
  withoutHelp: 'Without approval the sale is listed for a manager under Exceptions when it syncs.',
} as const;

/** Asks for a manager's username and PIN while offline and checks them on the device. */
export function OfflineApprovalModal() {
  const { request, answer } = useOfflineApprovalRequest();
  const [username, setUsername] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request starts empty
  useEffect(() => {
    setUsername('');
    setPin('');
    setError(null);
  }, [request]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request || !username.trim() || !pin) {
      setError(OFFLINE_APPROVAL_TEXT.wrong);
      return;
    }
    setIsChecking(true);
    const approver = await verifyPinOffline({
      registerId: request.registerId,
      cashierId: request.cashierId,
      username,
      pin,
    });
    setIsChecking(false);
    if (!approver) {
      setPin('');
      setError(OFFLINE_APPROVAL_TEXT.wrong);
      return;
    }
    answer?.({ approver });
  };

  return (
    <Modal
      opened={request !== null}
      onClose={() => answer?.(null)}
      title={
        <Group gap="xs">
          <IconCloudOff size={18} aria-hidden />
          <Text fw={600}>{OFFLINE_APPROVAL_TEXT.title}</Text>
        </Group>
      }
      zIndex={400}
    >
      <form onSubmit={submit} noValidate aria-label={OFFLINE_APPROVAL_TEXT.title}>
        <Stack gap="sm">
          <Text size="sm">{request?.reason}</Text>
          <Text size="sm" c="dimmed">
            {OFFLINE_APPROVAL_TEXT.help}
          </Text>
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Manager username"
            autoComplete="off"
            data-autofocus
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label="PIN"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            {OFFLINE_APPROVAL_TEXT.withoutHelp}
          </Text>
          <Group justify="space-between" wrap="wrap">
            <Button variant="subtle" color="orange" onClick={() => answer?.('without-approval')}>
              {OFFLINE_APPROVAL_TEXT.without}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={() => answer?.(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={isChecking}>
                Approve
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
