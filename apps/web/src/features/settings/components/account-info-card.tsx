import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isAdministrator } from '@pos/shared';
import { IconUserCircle } from '@tabler/icons-react';
import { useSessionUser } from '../../../lib/session-store';

export function AccountInfoCard() {
  const user = useSessionUser();
  const roles = (user?.roles ?? []).map((role) => role.name).join(', ');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <IconUserCircle size={20} />
          <Title order={2} size="h3">
            Account Information
          </Title>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={600} size="lg">
              {user?.name || 'Unknown User'}
            </Text>
            {user?.username ? (
              <Text size="sm" c="dimmed">
                @{user.username}
                {user.email ? ` · ${user.email}` : ''}
              </Text>
            ) : null}
            {roles ? (
              <Text size="sm" c="dimmed">
                Role: {roles}
              </Text>
            ) : null}
          </Stack>
          <Badge color={isAdministrator(user) ? 'blue' : 'gray'} variant="light" size="lg">
            {isAdministrator(user) ? 'Administrator' : 'User'}
          </Badge>
        </Group>
      </Stack>
    </Card>
  );
}
