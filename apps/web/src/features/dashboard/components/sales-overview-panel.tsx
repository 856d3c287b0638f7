import { Button, Table } from '@mantine/core';
import type { DashboardSalesSummary } from '@pos/shared';
import { Link } from 'react-router';
import { formatDollars } from '../utils/format';
import { Panel, Restricted, SALES_DENIED } from './dashboard-panel';

/** Net revenue and orders of today, this week and this month. */
export function SalesOverviewPanel({ sales, denied }: { sales: DashboardSalesSummary | undefined; denied: boolean }) {
  return (
    <Panel
      title="Sales Overview"
      action={
        <Button variant="light" size="xs" component={Link} to="/dashboard/transactions">
          View All
        </Button>
      }
    >
      {denied ? (
        <Restricted message={SALES_DENIED} />
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Period</Table.Th>
              <Table.Th ta="right">Net revenue</Table.Th>
              <Table.Th ta="right">Orders</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(
              [
                ['Today', sales?.today],
                ['This Week', sales?.thisWeek],
                ['This Month', sales?.thisMonth],
              ] as const
            ).map(([label, f]) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">{formatDollars(f?.netRevenue)}</Table.Td>
                <Table.Td ta="right">{f?.grossTransactions ?? 0}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}
