import { SimpleGrid } from '@mantine/core';
import type { DashboardReturnsSummary } from '@pos/shared';
import { formatDollars, formatReturnRate } from '../utils/format';
import { Figure, Panel, RETURNS_DENIED, Restricted } from './dashboard-panel';

type ReturnsSummaryPanelProps = { returns: DashboardReturnsSummary | undefined; denied: boolean };

/** Returns of today, this week and this month (count and amount) and the return rate. */
export function ReturnsSummaryPanel({ returns, denied }: ReturnsSummaryPanelProps) {
  return (
    <Panel title="Returns Summary">
      {denied ? (
        <Restricted message={RETURNS_DENIED} />
      ) : (
        <SimpleGrid cols={2}>
          <Figure label="Today" value={`${returns?.todayCount ?? 0} (${formatDollars(returns?.todayAmount)})`} />
          <Figure label="This Week" value={`${returns?.weekCount ?? 0} (${formatDollars(returns?.weekAmount)})`} />
          <Figure label="This Month" value={`${returns?.monthCount ?? 0} (${formatDollars(returns?.monthAmount)})`} />
          <Figure label="Return Rate" value={formatReturnRate(returns?.returnRate)} />
        </SimpleGrid>
      )}
    </Panel>
  );
}
