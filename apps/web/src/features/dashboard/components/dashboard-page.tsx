import { Badge, Box, Grid, Group, LoadingOverlay, SimpleGrid, Stack, Title } from '@mantine/core';
import { userCan } from '@pos/shared';
import { FreshnessNotice } from '../../../components/freshness-notice';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import {
  useFiguresFreshness,
  useInventorySummary,
  useLowStock,
  useRecentTransactions,
  useReturnsSummary,
  useSalesSummary,
} from '../api/dashboard.api';
import { isForbidden } from './dashboard-panel';
import { ExceptionsCard } from './exceptions-card';
import { FiscalStatusPanel } from './fiscal-status-panel';
import { InventorySummaryPanel } from './inventory-summary-panel';
import { LowStockPanel } from './low-stock-panel';
import { NetRevenuePanel } from './net-revenue-panel';
import { QuickActionsPanel } from './quick-actions-panel';
import { RecentTransactionsPanel } from './recent-transactions-panel';
import { ReturnsSummaryPanel } from './returns-summary-panel';
import { SalesOverviewPanel } from './sales-overview-panel';
import { ShiftsPanel } from './shifts-panel';
import { TodayCards } from './today-cards';

/** The branch's overview: one call per panel family, each panel showing its own 403. */
export function DashboardPage() {
  const { branch, isLoading } = useCurrentSelection();
  const me = useSessionUser();
  const branchId = branch?.id;
  const sales = useSalesSummary(branchId);
  const inventory = useInventorySummary(branchId);
  const returns = useReturnsSummary(branchId);
  const recent = useRecentTransactions(branchId);
  const lowStock = useLowStock(branchId);
  const freshness = useFiguresFreshness(branchId);
  const loading =
    isLoading || [sales, inventory, returns, recent, lowStock].some((q) => q.isLoading && q.fetchStatus !== 'idle');

  const salesDenied = isForbidden(sales.error);
  const returnsDenied = isForbidden(returns.error);
  const inventoryDenied = isForbidden(inventory.error);

  return (
    // Busy while the figures load (the cards show 0 under the overlay until they come).
    <Box pos="relative" mih={200} aria-busy={loading || undefined} data-testid="dashboard">
      <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Stack gap="md">
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            Dashboard Overview
          </Title>
          {branch ? (
            <Badge size="lg" variant="light" color="blue">
              {branch.name}
            </Badge>
          ) : null}
        </Group>
        <FreshnessNotice answers={freshness} />

        <TodayCards
          sales={sales.data}
          inventory={inventory.data}
          returns={returns.data}
          salesDenied={salesDenied}
          inventoryDenied={inventoryDenied}
          returnsDenied={returnsDenied}
        />

        {/* Synced offline sales to review: for the roles that review them (a cashier's dashboard never asks). */}
        {userCan(me, 'view_audit') ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <ExceptionsCard branchId={branchId} />
          </SimpleGrid>
        ) : null}

        {/* Hidden while the branch does not report to FBR. */}
        <FiscalStatusPanel branchId={branchId} timezone={branch?.timezone} />

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <SalesOverviewPanel sales={sales.data} denied={salesDenied} />
          <QuickActionsPanel />
        </SimpleGrid>

        <NetRevenuePanel sales={sales.data} denied={salesDenied} />

        <ShiftsPanel branchId={branchId} />

        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <RecentTransactionsPanel
              transactions={recent.data}
              denied={isForbidden(recent.error)}
              timezone={branch?.timezone}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <LowStockPanel lowStock={lowStock.data} denied={isForbidden(lowStock.error)} />
          </Grid.Col>
        </Grid>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <InventorySummaryPanel inventory={inventory.data} denied={inventoryDenied} />
          <ReturnsSummaryPanel returns={returns.data} denied={returnsDenied} />
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
