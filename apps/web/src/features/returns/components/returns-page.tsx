import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import { userCan } from '@pos/shared';
import { IconArrowBackUp, IconCalendar, IconCash, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { DateField } from '../../../components/date-field';
import { ExportButton, exportQuery } from '../../../components/export-button';
import { PagerFooter } from '../../../components/pager-footer';
import { formatAmount, formatCount } from '../../../lib/format';
import { RETURN_STATUS_OPTIONS } from '../../../lib/returns';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useReturn, useReturnAnalytics, useReturns } from '../api/returns.api';
import { FindTransaction } from './find-transaction';
import { ProcessReturnModal } from './process-return-modal';
import { ReturnDetailsModal } from './return-details-modal';
import { ReturnStat } from './return-stat';
import { ReturnsTable } from './returns-table';

const PAGE_SIZE = 10;

/** /dashboard/returns: four stat cards, the returns list and the transaction lookup (spec 02, section 2). */

/** A typed /dashboard/returns without view_returns (a cashier): Access Denied, not N/A cards. */
export function ReturnsPage() {
  const me = useSessionUser();
  if (!userCan(me, 'view_returns')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators can view returns." />
    );
  }
  return <ReturnsScreen />;
}

function ReturnsScreen() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? '';
  const timeZone = branch?.timezone ?? null;
  const [tab, setTab] = useState<string | null>('list');
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [processId, setProcessId] = useState<string | null>(null);

  const analytics = useReturnAnalytics(branchId);
  const figures = analytics.data?.data;
  const statsLoading = isSelecting || (Boolean(branchId) && analytics.isPending);
  const details = useReturn(detailsId);

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          Returns Management
        </Title>
        {branch ? (
          <Badge size="lg" variant="light" color="blue">
            {branch.name}
          </Badge>
        ) : null}
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <ReturnStat
          title="Total Returns"
          value={formatCount(figures?.totalReturns)}
          icon={IconArrowBackUp}
          color="red"
          isLoading={statsLoading}
        />
        <ReturnStat
          title="Total Refunded"
          value={formatAmount(figures?.totalRefundAmount)}
          icon={IconCash}
          color="orange"
          isLoading={statsLoading}
        />
        <ReturnStat
          title="This Month"
          value={formatCount(figures?.monthReturns)}
          icon={IconCalendar}
          color="blue"
          isLoading={statsLoading}
        />
        <ReturnStat
          title="Today"
          value={formatCount(figures?.todayReturns)}
          icon={IconClock}
          color="green"
          isLoading={statsLoading}
        />
      </SimpleGrid>

      <Paper withBorder p="md" radius="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="list">Returns List</Tabs.Tab>
            <Tabs.Tab value="find">Find Transaction</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="list">
            <ReturnsList branchId={branchId} timeZone={timeZone} onView={setDetailsId} />
          </Tabs.Panel>
          <Tabs.Panel value="find">
            <FindTransaction branchId={branchId} timeZone={timeZone} onProcess={setProcessId} />
          </Tabs.Panel>
        </Tabs>
      </Paper>

      <ReturnDetailsModal
        opened={Boolean(detailsId)}
        onClose={() => setDetailsId(null)}
        data={details.data?.data}
        isLoading={details.isPending}
        timeZone={timeZone}
      />
      <ProcessReturnModal saleId={processId} branchId={branchId} onClose={() => setProcessId(null)} />
    </Stack>
  );
}

function ReturnsList({
  branchId,
  timeZone,
  onView,
}: {
  branchId: string;
  timeZone: string | null;
  onView: (id: string) => void;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [page, setPage] = useState(1);
  const returns = useReturns({
    branchId,
    page,
    limit: PAGE_SIZE,
    status: status ?? undefined,
    startDate: startDate || undefined,
    endDate: endDate && (!startDate || endDate >= startDate) ? endDate : undefined,
  });
  const rows = returns.data?.data ?? [];
  const total = returns.data?.meta?.total ?? 0;
  const totalPages = Math.max(1, returns.data?.meta?.totalPages ?? 1);

  // A branch change starts again at page 1.
  useEffect(() => {
    if (branchId) setPage(1);
  }, [branchId]);

  const exportFilters = exportQuery({
    branchId,
    status: status ?? undefined,
    startDate: startDate || undefined,
    endDate: endDate && (!startDate || endDate >= startDate) ? endDate : undefined,
  });

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Status"
          placeholder="All statuses"
          data={RETURN_STATUS_OPTIONS}
          value={status}
          clearable
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          w={180}
        />
        <DateField
          label="Start Date"
          value={startDate}
          onChange={(day) => {
            setStartDate(day);
            setPage(1);
          }}
          maxDate={endDate}
        />
        <DateField
          label="End Date"
          value={endDate}
          onChange={(day) => {
            setEndDate(day);
            setPage(1);
          }}
          minDate={startDate}
        />
        {status || startDate || endDate ? (
          <Button
            variant="subtle"
            onClick={() => {
              setStatus(null);
              setStartDate('');
              setEndDate('');
              setPage(1);
            }}
          >
            Clear filters
          </Button>
        ) : null}
        {branchId ? <ExportButton path="/returns/export.csv" query={exportFilters} entity="returns" /> : null}
      </Group>
      <ReturnsTable
        rows={rows}
        loading={Boolean(returns.isPending && branchId)}
        failed={returns.isError}
        dimmed={returns.isPlaceholderData}
        timeZone={timeZone}
        onView={onView}
      />
      <PagerFooter
        label={
          total === 0
            ? 'No returns'
            : `Showing ${(Math.min(page, totalPages) - 1) * PAGE_SIZE + 1}-${Math.min(page * PAGE_SIZE, total)} of ${total}`
        }
        page={page}
        totalPages={totalPages}
        onPageChange={setPage}
        labelledControls
      />
    </Stack>
  );
}
