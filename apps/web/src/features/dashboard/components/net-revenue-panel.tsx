import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import type { DashboardSalesSummary } from '@pos/shared';
import { formatDollars, shortDay } from '../utils/format';
import { Panel, Restricted, SALES_DENIED } from './dashboard-panel';

/** The chart of the net revenue of each of the last 30 days. */
export function NetRevenuePanel({ sales, denied }: { sales: DashboardSalesSummary | undefined; denied: boolean }) {
  return (
    <Panel title="Net Revenue, Last 30 Days">
      {denied ? (
        <Restricted message={SALES_DENIED} />
      ) : (
        <AreaChart
          h={240}
          data={(sales?.last30Days ?? []).map((d) => ({ day: shortDay(d.day), netRevenue: d.netRevenue }))}
          dataKey="day"
          series={[{ name: 'netRevenue', label: 'Net revenue', color: 'blue.6' }]}
          curveType="monotone"
          valueFormatter={(v) => formatDollars(v)}
          withDots={false}
          tickLine="y"
          data-testid="net-revenue-chart"
        />
      )}
    </Panel>
  );
}
