import { Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card of the two onboarding screens (outside the shell). */
export function SetupLayout({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={560}>
        {children}
      </Paper>
    </Center>
  );
}
