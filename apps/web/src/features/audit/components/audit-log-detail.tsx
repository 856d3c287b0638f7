import { Code, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type AuditLogItem, auditActionLabel } from '@pos/shared';
import { formatDateTime } from '../../../lib/format';

const pretty = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** One audit row in full: who, on whose approval, when, where, and the before/after values. */
export function AuditLogDetail({
  item,
  timeZone,
  onClose,
}: {
  item: AuditLogItem | null;
  timeZone?: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Audit entry" size="lg">
      {item ? (
        <Stack gap="sm">
          <Text fw={600}>{auditActionLabel(item.action)}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Text size="sm">When: {formatDateTime(item.createdAt, timeZone)}</Text>
            <Text size="sm">Action: {item.action}</Text>
            <Text size="sm">By: {item.user ? `${item.user.name} (${item.user.username})` : '—'}</Text>
            <Text size="sm">
              Approved by: {item.approvedBy ? `${item.approvedBy.name} (${item.approvedBy.username})` : '—'}
            </Text>
            <Text size="sm">Branch: {item.branchName ?? '—'}</Text>
            <Text size="sm">Register: {item.registerCode ?? '—'}</Text>
            <Text size="sm">
              Record: {item.entityType} {item.entityId ?? ''}
            </Text>
          </SimpleGrid>
          <Title order={3} size="h5">
            Before
          </Title>
          <Code block>{pretty(item.before)}</Code>
          <Title order={3} size="h5">
            After
          </Title>
          <Code block>{pretty(item.after)}</Code>
        </Stack>
      ) : null}
    </Modal>
  );
}
