import { Divider, Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { ScannerSettingsForm } from './scanner-settings-form';

const SHORTCUTS: { keys: string[]; action: string }[] = [
  { keys: ['mod', 'F'], action: 'Focus product search' },
  { keys: ['mod', 'B'], action: 'Focus barcode input' },
  { keys: ['mod', 'P'], action: 'Open payment' },
  { keys: ['mod', 'T'], action: 'New cart tab' },
  { keys: ['F2'], action: 'New cart tab (where the browser keeps Ctrl + T)' },
  { keys: ['F4'], action: 'Take a return: scan or type the receipt number' },
  { keys: ['?'], action: 'Show keyboard shortcuts' },
  { keys: ['Enter'], action: 'Add the scanned barcode / complete a valid payment' },
  { keys: ['F8'], action: 'Payment: add the amount as one tender, pay the rest another way' },
  { keys: ['Esc'], action: 'Close the open dialog' },
];

export function ShortcutsModal({
  opened,
  onClose,
  onExited,
}: {
  opened: boolean;
  onClose: () => void;
  onExited?: () => void;
}) {
  const os = useOs();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      returnFocus={false}
      title="Keyboard Shortcuts"
      centered
    >
      {/* The dialog opens on what it is there to show (read from the top); Tab reaches the close button. */}
      <Table verticalSpacing={6} aria-label="Keyboard shortcuts" tabIndex={-1} data-autofocus>
        <Table.Tbody>
          {SHORTCUTS.map(({ keys, action }) => (
            <Table.Tr key={action}>
              <Table.Td w={130}>
                <Group gap={4} wrap="nowrap">
                  {keys.map((key, index) => (
                    <Group key={key} gap={4} wrap="nowrap">
                      {index > 0 ? <Text size="xs">+</Text> : null}
                      <Kbd size="sm">{key === 'mod' ? mod : key}</Kbd>
                    </Group>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{action}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        A barcode scanner types a code and presses Enter, wherever the cursor is: scan, scan, then {mod} + P to pay. A
        scan while Payment is open is added when the dialog closes.
      </Text>
      <Divider my="md" />
      <ScannerSettingsForm />
    </Modal>
  );
}
