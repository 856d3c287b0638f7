import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';

/** The register without a branch: a loader while the selection loads, else the request to pick one. */
export function NoBranchNotice({ isSelecting }: { isSelecting: boolean }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Point of Sale
      </Title>
      <Paper withBorder p="xl" radius="md">
        {isSelecting ? (
          <Center>
            <Loader size="sm" />
          </Center>
        ) : (
          <Text c="dimmed">Select a branch to start selling.</Text>
        )}
      </Paper>
    </Stack>
  );
}
