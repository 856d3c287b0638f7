import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

type StatCardProps = {
  /** The card's heading and its accessible name (the card is a labelled region). */
  title: string;
  icon: ReactNode;
  /** The icon's colour (a Mantine colour name). */
  color: string;
  /** The figure and its detail line, or what stands instead (loading, access restricted). */
  children: ReactNode;
  /** Dims the card while new figures load over the old ones. */
  dimmed?: boolean;
};

/** One figure card: a title, an icon and the figure below; the dashboard's and the summaries' cards. */
export function StatCard({ title, icon, color, children, dimmed = false }: StatCardProps) {
  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="lg"
      aria-label={title}
      style={dimmed ? { opacity: 0.6 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          {children}
        </Stack>
        <ThemeIcon size={40} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
