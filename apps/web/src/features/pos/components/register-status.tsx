import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { PopupPanel } from '../../../components/popups/deferred';
import { formatTime } from '../../../lib/format';
import { useRegister } from '../hooks/use-register';
import { useConnectivity } from '../offline/connectivity';
import { retryOutboxEntry, useOutbox, useSyncState } from '../offline/outbox';

export const STATUS_TEXT = {
  online: 'Online',
  syncing: 'Syncing',
  offlineSince: (at: number, timeZone?: string | null) => `Offline since ${formatTime(at, timeZone)}`,
  /** `n` entries waiting, `movements` of them paid in / out. */
  waiting: (n: number, movements = 0) => {
    const sales = n - movements;
    const parts = [
      ...(sales > 0 || movements === 0 ? [sales === 1 ? '1 sale' : `${sales} sales`] : []),
      ...(movements > 0 ? [movements === 1 ? '1 cash movement' : `${movements} cash movements`] : []),
    ];
    return `${parts.join(' and ')} waiting to sync`;
  },
  errors: (n: number) => (n === 1 ? '1 sync error' : `${n} sync errors`),
} as const;

/**
 * The register header's connection state: Online / Offline since HH:MM / Syncing, how many sales wait
 * in the outbox, and the sales the server refused with their reason and a Retry each. The time is the
 * branch's, as on its receipts and every other screen.
 */
export function RegisterStatus({ branchId, timeZone }: { branchId: string; timeZone?: string | null }) {
  const online = useConnectivity((s) => s.online);
  const offlineSince = useConnectivity((s) => s.offlineSince);
  const syncing = useSyncState((s) => s.syncing);
  const catalogueSyncedAt = useSyncState((s) => s.catalogueSyncedAt);
  const vouchersSyncedAt = useSyncState((s) => s.vouchersSyncedAt);
  const register = useRegister();
  const { waiting, movements, errors } = useOutbox(branchId);
  const label = !online
    ? STATUS_TEXT.offlineSince(offlineSince ?? Date.now(), timeZone)
    : syncing && waiting > 0
      ? STATUS_TEXT.syncing
      : STATUS_TEXT.online;
  const color = !online ? 'gray' : syncing && waiting > 0 ? 'blue' : 'teal';
  return (
    <Group
      gap="xs"
      wrap="wrap"
      role="status"
      aria-live="polite"
      data-testid="register-status"
      data-catalogue={catalogueSyncedAt ? 'synced' : 'pending'}
      data-vouchers-synced-at={vouchersSyncedAt ?? ''}
    >
      {register && (
        <Text size="sm" c="dimmed">
          Register {register.code}
        </Text>
      )}
      <Badge color={color} variant="filled" size="lg" radius="sm">
        {label}
      </Badge>
      {waiting > 0 && (
        <Text size="sm" fw={500}>
          {STATUS_TEXT.waiting(waiting, movements)}
        </Text>
      )}
      {errors.length > 0 && (
        <PopupPanel
          width={340}
          position="bottom-end"
          withArrow
          shadow="md"
          target={
            <Button size="compact-sm" color="red" variant="light">
              {STATUS_TEXT.errors(errors.length)}
            </Button>
          }
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              What the server refused
            </Text>
            <List spacing="xs" size="sm" listStyleType="none">
              {errors.map((entry) => (
                <List.Item key={entry.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div>
                      <Text size="sm" fw={500}>
                        {entry.receiptNumber}
                      </Text>
                      <Text size="xs" c="red.8">
                        {entry.lastError}
                      </Text>
                    </div>
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Retry ${entry.receiptNumber}`}
                      onClick={() => void retryOutboxEntry(entry.seq as number)}
                    >
                      Retry
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        </PopupPanel>
      )}
    </Group>
  );
}
