import { Badge, Group } from '@mantine/core';
import { flagLabel } from '../utils/flags';

/** The flags as badges in sentence case; a long label wraps instead of being cut. */
export function FlagBadges({ flags }: { flags: string[] }) {
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge
          key={flag}
          color="orange"
          variant="light"
          tt="none"
          radius="sm"
          h="auto"
          py={2}
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'left' } }}
        >
          {flagLabel(flag)}
        </Badge>
      ))}
    </Group>
  );
}
