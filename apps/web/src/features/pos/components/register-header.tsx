import { ActionIcon, Group, Text, Title } from '@mantine/core';
import type { Branch } from '@pos/shared';
import { IconKeyboard } from '@tabler/icons-react';
import { Hint } from '../../../components/popups/deferred';
import { RegisterStatus } from './register-status';
import { ShiftBar } from './shift-bar';

/** The register's heading: the branch, the connection and outbox state, the shift, and the shortcuts' help. */
export function RegisterHeader({
  branch,
  onDialogExited,
  onHelp,
}: {
  branch: Branch;
  /** A shift dialog has closed (the register's focus goes back to the Barcode field). */
  onDialogExited: () => void;
  onHelp: () => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Title order={1} size="h2">
          Point of Sale
        </Title>
        <Text size="sm" c="dimmed">
          {branch.name}
        </Text>
      </div>
      <Group gap="sm" wrap="wrap" justify="flex-end">
        <RegisterStatus branchId={branch.id} timeZone={branch.timezone} />
        <ShiftBar branchId={branch.id} onDialogExited={onDialogExited} />
        <Hint label="Keyboard shortcuts (?)">
          <ActionIcon variant="default" size="lg" aria-label="Keyboard shortcuts" onClick={onHelp}>
            <IconKeyboard size={18} />
          </ActionIcon>
        </Hint>
      </Group>
    </Group>
  );
}
