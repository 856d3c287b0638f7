import { Alert, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function AccessDenied({ message }: { message: string }) {
  return (
    <Stack p="md" maw={640}>
      <Alert
        color="red"
        variant="light"
        icon={<IconLock size={20} />}
        title={
          <Title order={1} size="h3">
            Access Denied
          </Title>
        }
      >
        {message}
      </Alert>
    </Stack>
  );
}
