import { Group, Progress, Stack, Text } from '@mantine/core';
import { passwordStrength } from '@pos/shared';

/** Weak (red) up to 25, Fair (orange) up to 50, Good (yellow) up to 75, Strong (green) above. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { score, label, color } = passwordStrength(password);
  return (
    <Stack gap={4} data-testid="password-strength">
      <Progress value={score} color={color} size="sm" aria-label="Password strength" />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Password strength
        </Text>
        <Text size="xs" fw={600} c={color}>
          {label}
        </Text>
      </Group>
    </Stack>
  );
}
