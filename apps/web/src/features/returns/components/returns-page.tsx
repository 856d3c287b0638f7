import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import { userCan } from '@pos/shared';
import { IconArrowBackUp, IconCalendar, IconCash, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { DateField } from '../../../components/date-field';
import { ExportButton, exportQuery } from '../../../components/export-button';
import { formatAmount, formatCount } from '../../../lib/format';
import { RETURN_STATUS_OPTIONS } from '../../../lib/returns';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { RETURNS_FETCH_TOAST, returnsQuery, useReturn, useReturnAnalytics } from '../api/returns.api';
import { FindTransaction } from './find-transaction';
import { ProcessReturnModal } from './process-return-modal';
import { ReturnDetailsModal } from './return-details-modal';
import { ReturnStat } from './return-stat';
import { ReturnsTable } from './returns-table';

const PAGE_SIZE = 10;

type ReturnFilters = { status: string | null; startDate: string; endDate: string };
const NO_FILTERS: ReturnFilters = { status: null, startDate: '', endDate: '' };

/** The filters as GET /returns and the export take them: an end before the start is left out. */
const returnFilters = ({ status, startDate, endDate }: ReturnFilters) => ({
  status: status ?? undefined,
  startDate: startDate || undefined,
  endDate: endDate && (!startDate || endDate >= startDate) ? endDate : undefined,
});

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
  const list = usePagedList({
    scope: branchId,
    filters: NO_FILTERS,
    pageSize: PAGE_SIZE,
    query: ({ page, limit, filters }) => returnsQuery({ branchId, page, limit, ...returnFilters(filters) }),
    errorToast: RETURNS_FETCH_TOAST,
  });
  const { status, startDate, endDate } = list.filters;
  const exportFilters = exportQuery({ branchId, ...returnFilters(list.filters) });

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Status"
          placeholder="All statuses"
          data={RETURN_STATUS_OPTIONS}
          value={status}
          clearable
          onChange={(v) => list.setFilter('status', v)}
          w={180}
        />
        <DateField
          label="Start Date"
          value={startDate}
          onChange={(day) => list.setFilter('startDate', day)}
          maxDate={endDate}
        />
        <DateField
          label="End Date"
          value={endDate}
          onChange={(day) => list.setFilter('endDate', day)}
          minDate={startDate}
        />
        {status || startDate || endDate ? (
          <Button variant="subtle" onClick={list.clearFilters}>
            Clear filters
          </Button>
        ) : null}
        {branchId ? <ExportButton path="/returns/export.csv" query={exportFilters} entity="returns" /> : null}
      </Group>
      <ReturnsTable list={list} timeZone={timeZone} onView={onView} />
    </Stack>
  );
}
