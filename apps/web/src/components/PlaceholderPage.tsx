import { Paper, Stack, Text, Title } from '@mantine/core';

/** A screen of a later issue: a real route in the shell with its title. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">This screen is coming soon.</Text>
      </Paper>
    </Stack>
  );
}
