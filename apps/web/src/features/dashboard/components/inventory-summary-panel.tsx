import { SimpleGrid } from '@mantine/core';
import type { DashboardInventorySummary } from '@pos/shared';
import { formatDollars } from '../utils/format';
import { Figure, Panel, Restricted } from './dashboard-panel';

type InventorySummaryPanelProps = { inventory: DashboardInventorySummary | undefined; denied: boolean };

/** Products, stock value (without view_cost: a dash), low stock and recent movements. */
export function InventorySummaryPanel({ inventory, denied }: InventorySummaryPanelProps) {
  return (
    <Panel title="Inventory Summary">
      {denied ? (
        <Restricted />
      ) : (
        <SimpleGrid cols={2}>
          <Figure label="Total Products" value={String(inventory?.totalProducts ?? 0)} />
          <Figure
            label="Stock Value"
            value={inventory?.totalStockValue == null ? '—' : formatDollars(inventory.totalStockValue)}
          />
          <Figure label="Low Stock" value={String(inventory?.lowStockCount ?? 0)} />
          <Figure label="Recent Movements" value={String(inventory?.recentMovements ?? 0)} />
        </SimpleGrid>
      )}
    </Panel>
  );
}
