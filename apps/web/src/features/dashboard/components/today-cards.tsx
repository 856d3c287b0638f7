import { Group, SimpleGrid, Text } from '@mantine/core';
import type { DashboardInventorySummary, DashboardReturnsSummary, DashboardSalesSummary } from '@pos/shared';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowDownRight,
  IconArrowUpRight,
  IconCash,
  IconShoppingCart,
} from '@tabler/icons-react';
import { StatCard } from '../../../components/stat-card';
import { changeTone, changeVsYesterday, formatChange, formatDollars } from '../utils/format';
import { RETURNS_DENIED, Restricted, SALES_DENIED } from './dashboard-panel';

type TodayCardsProps = {
  sales: DashboardSalesSummary | undefined;
  inventory: DashboardInventorySummary | undefined;
  returns: DashboardReturnsSummary | undefined;
  salesDenied: boolean;
  inventoryDenied: boolean;
  returnsDenied: boolean;
};

/** The four cards at the top: today's sales, orders, low stock alerts and returns. */
export function TodayCards({
  sales,
  inventory,
  returns,
  salesDenied,
  inventoryDenied,
  returnsDenied,
}: TodayCardsProps) {
  const change = sales ? changeVsYesterday(sales.today.grossRevenue, sales.yesterday.grossRevenue) : null;
  const tone = changeTone(change);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <StatCard title="Today's Sales" icon={<IconCash size={22} />} color="green">
        {salesDenied ? (
          <Restricted message={SALES_DENIED} />
        ) : (
          <>
            <Text fz={24} fw={700} data-testid="today-sales">
              {formatDollars(sales?.today.grossRevenue)}
            </Text>
            <Group gap={4} data-testid="vs-yesterday">
              {tone === 'up' ? <IconArrowUpRight size={16} color="var(--mantine-color-green-7)" /> : null}
              {tone === 'down' ? <IconArrowDownRight size={16} color="var(--mantine-color-red-7)" /> : null}
              <Text size="sm" c={tone === 'up' ? 'green.7' : tone === 'down' ? 'red.7' : 'dimmed'}>
                {formatChange(change)}
              </Text>
              <Text size="sm" c="dimmed">
                vs yesterday
              </Text>
            </Group>
          </>
        )}
      </StatCard>
      <StatCard title="Today's Orders" icon={<IconShoppingCart size={22} />} color="blue">
        {salesDenied ? (
          <Restricted message={SALES_DENIED} />
        ) : (
          <>
            <Text fz={24} fw={700} data-testid="today-orders">
              {sales?.today.grossTransactions ?? 0}
            </Text>
            <Text size="sm" c="dimmed">
              Avg: {formatDollars(sales?.today.averageTransactionValue)}
            </Text>
          </>
        )}
      </StatCard>
      <StatCard title="Low Stock Alerts" icon={<IconAlertTriangle size={22} />} color="orange">
        {inventoryDenied ? (
          <Restricted />
        ) : (
          <>
            <Text fz={24} fw={700}>
              {inventory?.lowStockCount ?? 0}
            </Text>
            <Text size="sm" c="dimmed">
              {inventory?.outOfStockCount ?? 0} out of stock
            </Text>
          </>
        )}
      </StatCard>
      <StatCard title="Today's Returns" icon={<IconArrowBackUp size={22} />} color="red">
        {returnsDenied ? (
          <Restricted message={RETURNS_DENIED} />
        ) : (
          <>
            <Text fz={24} fw={700}>
              {returns?.todayCount ?? 0}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDollars(returns?.todayAmount)}
            </Text>
          </>
        )}
      </StatCard>
    </SimpleGrid>
  );
}
