import { Badge, Box, Group, LoadingOverlay, Stack, Title } from '@mantine/core';
import { useCurrentSelection } from '../../../lib/selection-context';

export function DashboardPage() {
  const { branch, isLoading } = useCurrentSelection();
  return (
    <Box pos="relative" mih={200}>
      <LoadingOverlay visible={isLoading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Stack gap="md">
        <Group gap="sm" align="center">
          <Title order={2}>Dashboard Overview</Title>
          {branch ? (
            <Badge size="lg" variant="light" color="blue">
              {branch.name}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Box>
  );
}
