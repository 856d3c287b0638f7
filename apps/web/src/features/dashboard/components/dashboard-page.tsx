import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  LoadingOverlay,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowDownRight,
  IconArrowUpRight,
  IconCash,
  IconEye,
  IconLock,
  IconPackage,
  IconShoppingCart,
  IconTag,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import {
  useInventorySummary,
  useLowStock,
  useRecentTransactions,
  useReturnsSummary,
  useSalesSummary,
} from '../api/dashboard.api';
import {
  changeTone,
  changeVsYesterday,
  formatChange,
  formatDollars,
  formatReturnRate,
  moreItemsText,
  shortDay,
  statusColor,
} from '../utils/format';

const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;

/** What a panel shows when its call answered 403. */
function Restricted({ message = 'Insufficient permissions' }: { message?: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Access Restricted">
      {message}
    </Alert>
  );
}

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function StatCard({
  title,
  icon,
  color,
  children,
}: {
  title: string;
  icon: ReactNode;
  color: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label={title}>
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

export function DashboardPage() {
  const { branch, isLoading } = useCurrentSelection();
  const navigate = useNavigate();
  const branchId = branch?.id;
  const sales = useSalesSummary(branchId);
  const inventory = useInventorySummary(branchId);
  const returns = useReturnsSummary(branchId);
  const recent = useRecentTransactions(branchId);
  const lowStock = useLowStock(branchId);
  const loading =
    isLoading || [sales, inventory, returns, recent, lowStock].some((q) => q.isLoading && q.fetchStatus !== 'idle');

  const s = sales.data;
  const change = s ? changeVsYesterday(s.today.grossRevenue, s.yesterday.grossRevenue) : null;
  const tone = changeTone(change);
  const salesDenied = isForbidden(sales.error);
  const returnsDenied = isForbidden(returns.error);
  const inventoryDenied = isForbidden(inventory.error);

  return (
    <Box pos="relative" mih={200}>
      <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Stack gap="md">
        <Group gap="sm" align="center">
          <Title order={2}>Dashboard Overview</Title>
          {branch ? (
            <Badge size="lg" variant="light" color="blue">
              {branch.name}
            </Badge>
          ) : null}
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <StatCard title="Today's Sales" icon={<IconCash size={22} />} color="green">
            {salesDenied ? (
              <Restricted message="You don't have permission to view sales data" />
            ) : (
              <>
                <Text fz={24} fw={700} data-testid="today-sales">
                  {formatDollars(s?.today.grossRevenue)}
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
              <Restricted message="You don't have permission to view sales data" />
            ) : (
              <>
                <Text fz={24} fw={700} data-testid="today-orders">
                  {s?.today.grossTransactions ?? 0}
                </Text>
                <Text size="sm" c="dimmed">
                  Avg: {formatDollars(s?.today.averageTransactionValue)}
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
                  {inventory.data?.lowStockCount ?? 0}
                </Text>
                <Text size="sm" c="dimmed">
                  {inventory.data?.outOfStockCount ?? 0} out of stock
                </Text>
              </>
            )}
          </StatCard>
          <StatCard title="Today's Returns" icon={<IconArrowBackUp size={22} />} color="red">
            {returnsDenied ? (
              <Restricted message="You don't have permission to view returns data" />
            ) : (
              <>
                <Text fz={24} fw={700}>
                  {returns.data?.todayCount ?? 0}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDollars(returns.data?.todayAmount)}
                </Text>
              </>
            )}
          </StatCard>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel
            title="Sales Overview"
            action={
              <Button variant="light" size="xs" component={Link} to="/dashboard/transactions">
                View All
              </Button>
            }
          >
            {salesDenied ? (
              <Restricted message="You don't have permission to view sales data" />
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
                      ['Today', s?.today],
                      ['This Week', s?.thisWeek],
                      ['This Month', s?.thisMonth],
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
          <Panel title="Quick Actions">
            <SimpleGrid cols={2}>
              <Button leftSection={<IconShoppingCart size={18} />} component={Link} to="/dashboard/pos">
                New Sale
              </Button>
              <Button
                variant="light"
                leftSection={<IconPackage size={18} />}
                component={Link}
                to="/dashboard/inventory"
              >
                Manage Inventory
              </Button>
              <Button
                variant="light"
                color="orange"
                leftSection={<IconArrowBackUp size={18} />}
                component={Link}
                to="/dashboard/returns"
              >
                Process Return
              </Button>
              <Button
                variant="light"
                color="grape"
                leftSection={<IconTag size={18} />}
                component={Link}
                to="/dashboard/products"
              >
                Manage Products
              </Button>
            </SimpleGrid>
          </Panel>
        </SimpleGrid>

        <Panel title="Net Revenue, Last 30 Days">
          {salesDenied ? (
            <Restricted message="You don't have permission to view sales data" />
          ) : (
            <AreaChart
              h={240}
              data={(s?.last30Days ?? []).map((d) => ({ day: shortDay(d.day), netRevenue: d.netRevenue }))}
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

        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Panel title="Recent Transactions">
              {isForbidden(recent.error) ? (
                <Restricted message="You don't have permission to view transactions" />
              ) : recent.data && recent.data.length === 0 ? (
                <Text c="dimmed" ta="center" py="md">
                  No recent transactions
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table striped highlightOnHover aria-label="Recent Transactions">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Transaction #</Table.Th>
                        <Table.Th>Date</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Action</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {(recent.data ?? []).map((t) => (
                        <Table.Tr key={t.id}>
                          <Table.Td>{t.transaction_number}</Table.Td>
                          <Table.Td>{formatDate(t.created_at, branch?.timezone)}</Table.Td>
                          <Table.Td ta="right">{formatDollars(t.total_amount)}</Table.Td>
                          <Table.Td>
                            <Badge color={statusColor(t.status)} variant="light" style={{ overflow: 'visible' }}>
                              {t.status}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="subtle"
                              leftSection={<IconEye size={14} />}
                              aria-label={`View ${t.transaction_number}`}
                              onClick={() => navigate(`/dashboard/transactions?id=${encodeURIComponent(t.id)}`)}
                            >
                              View
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Panel>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Panel title="Low Stock Alerts">
              {isForbidden(lowStock.error) ? (
                <Restricted />
              ) : lowStock.data && lowStock.data.items.length === 0 ? (
                <Text c="dimmed" ta="center" py="md">
                  All products are well stocked
                </Text>
              ) : (
                <Stack gap="xs">
                  {(lowStock.data?.items ?? []).slice(0, 5).map((p) => (
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
                  {lowStock.data && moreItemsText(lowStock.data.total) ? (
                    <Text size="sm" c="dimmed">
                      {moreItemsText(lowStock.data.total)}
                    </Text>
                  ) : null}
                </Stack>
              )}
            </Panel>
          </Grid.Col>
        </Grid>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel title="Inventory Summary">
            {inventoryDenied ? (
              <Restricted />
            ) : (
              <SimpleGrid cols={2}>
                <Figure label="Total Products" value={String(inventory.data?.totalProducts ?? 0)} />
                <Figure
                  label="Stock Value"
                  value={inventory.data?.totalStockValue == null ? '—' : formatDollars(inventory.data.totalStockValue)}
                />
                <Figure label="Low Stock" value={String(inventory.data?.lowStockCount ?? 0)} />
                <Figure label="Recent Movements" value={String(inventory.data?.recentMovements ?? 0)} />
              </SimpleGrid>
            )}
          </Panel>
          <Panel title="Returns Summary">
            {returnsDenied ? (
              <Restricted message="You don't have permission to view returns data" />
            ) : (
              <SimpleGrid cols={2}>
                <Figure
                  label="Today"
                  value={`${returns.data?.todayCount ?? 0} (${formatDollars(returns.data?.todayAmount)})`}
                />
                <Figure
                  label="This Week"
                  value={`${returns.data?.weekCount ?? 0} (${formatDollars(returns.data?.weekAmount)})`}
                />
                <Figure
                  label="This Month"
                  value={`${returns.data?.monthCount ?? 0} (${formatDollars(returns.data?.monthAmount)})`}
                />
                <Figure label="Return Rate" value={formatReturnRate(returns.data?.returnRate)} />
              </SimpleGrid>
            )}
          </Panel>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="lg">
        {value}
      </Text>
    </Box>
  );
}
