import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';

export function NotFound() {
  const navigate = useNavigate();
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={560}>
        <Text fz={120} fw={900} lh={1} c="gray.6">
          404
        </Text>
        <Title order={1} ta="center">
          Page not found
        </Title>
        <Text c="dimmed" ta="center" size="lg">
          The page you are trying to reach doesn't exist. You may have mistyped the address, or the page has been moved
          to another URL.
        </Text>
        <Button variant="subtle" size="md" onClick={() => navigate(-1)}>
          Take me back
        </Button>
      </Stack>
    </Center>
  );
}
