import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { LowStockItem } from '@pos/shared';
import { moreItemsText } from '../utils/format';
import { Panel, Restricted } from './dashboard-panel';

type LowStockPanelProps = { lowStock: { items: LowStockItem[]; total: number } | undefined; denied: boolean };

/** The first five products at or under their threshold, and how many more there are. */
export function LowStockPanel({ lowStock, denied }: LowStockPanelProps) {
  return (
    <Panel title="Low Stock Alerts">
      {denied ? (
        <Restricted />
      ) : lowStock && lowStock.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          All products are well stocked
        </Text>
      ) : (
        <Stack gap="xs">
          {(lowStock?.items ?? []).slice(0, 5).map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Box>
                <Text fw={500}>{p.name}</Text>
                {p.sku ? (
                  <Text size="xs" c="dimmed">
                    {p.sku}
                  </Text>
                ) : null}
              </Box>
              <Badge color={p.currentStock <= 0 ? 'red' : 'orange'} variant="light">
                {p.currentStock}/{p.lowStockThreshold}
              </Badge>
            </Group>
          ))}
          {lowStock && moreItemsText(lowStock.total) ? (
            <Text size="sm" c="dimmed">
              {moreItemsText(lowStock.total)}
            </Text>
          ) : null}
        </Stack>
      )}
    </Panel>
  );
}
