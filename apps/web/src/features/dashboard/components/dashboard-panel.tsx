import { Alert, Box, Card, Group, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/api';

export const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;

export const SALES_DENIED = "You don't have permission to view sales data";
export const RETURNS_DENIED = "You don't have permission to view returns data";

/** What a panel shows when its call answered 403. */
export function Restricted({ message = 'Insufficient permissions' }: { message?: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Access Restricted">
      {message}
    </Alert>
  );
}

/** A titled card of the dashboard, with an optional action at the right of the title. */
export function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** A label over its figure, in the summary panels. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="lg">
        {value}
      </Text>
    </Box>
  );
}
