import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { Report } from '@pos/shared';
import { formatMoney } from '../../../lib/format';
import { chartSeries, REPORT_LABELS } from '../utils/reports';

/** How many bars a chart of products, categories, ... shows (the table has every row). */
const CHART_ROWS = 20;

/** The report's chart: days as an area, everything else as bars (the first rows in the table's order). */
export function ReportChart({ report }: { report: Report }) {
  const series = chartSeries(report.report);
  const data = report.rows.slice(0, report.report === 'sales-by-day' ? undefined : CHART_ROWS).map((r) => ({
    label: r.label,
    value: r[series.key] ?? 0,
  }));
  const title = `${REPORT_LABELS[report.report]}: ${series.label.toLowerCase()}`;
  if (data.length === 0) return null;
  const common = {
    h: 260,
    data,
    dataKey: 'label',
    series: [{ name: 'value', label: series.label, color: 'blue.6' }],
    valueFormatter: (v: number) => formatMoney(v),
    tickLine: 'y' as const,
  };
  return (
    <figure aria-label={title} data-testid="report-chart" style={{ margin: 0 }}>
      <Text component="figcaption" size="sm" fw={500} mb="xs">
        {title}
      </Text>
      {report.report === 'sales-by-day' ? (
        <AreaChart {...common} curveType="monotone" withDots={data.length < 40} />
      ) : (
        <BarChart {...common} />
      )}
    </figure>
  );
}
