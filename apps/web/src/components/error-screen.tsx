import { Button, Center, Code, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { notifyError } from '../lib/notify';

export const APPLICATION_ERROR_NOTIFICATION = {
  id: 'application-error',
  title: 'Application Error',
  message: 'An unexpected error occurred. Please try refreshing the page.',
} as const;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** What an unexpected rendering failure shows, with the red 'Application Error' notification. */
export function ErrorScreen({ error }: { error: unknown }) {
  useEffect(() => {
    const { id, title, message } = APPLICATION_ERROR_NOTIFICATION;
    notifyError(message, title, id);
  }, []);

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={560}>
        <Title order={1} c="red">
          Oops!
        </Title>
        <Title order={2} size="h3">
          Something went wrong
        </Title>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {messageOf(error)}
        </Code>
        <Button onClick={() => window.location.reload()}>Refresh page</Button>
      </Stack>
    </Center>
  );
}
