import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconCalendar, IconCash, IconClock, IconSearch } from '@tabler/icons-react';
import { type ComponentType, useEffect, useState } from 'react';
import { PagerFooter } from '../../../components/pager-footer';
import { formatAmount, formatCount, formatDateTime, orNotAvailable } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useReturn, useReturnAnalytics, useReturnLookup, useReturns } from '../api/returns.api';
import {
  RETURN_STATUS_OPTIONS,
  refundMethodLabel,
  remainingQuantity,
  returnableStatus,
  returnStatusColor,
  returnStatusLabel,
} from '../utils/returns';
import { ProcessReturnModal } from './process-return-modal';
import { ReturnDetailsModal } from './return-details-modal';

const PAGE_SIZE = 10;
/** Spec 02 section 9: the receipt search waits 500 ms after the last keystroke. */
export const RETURN_SEARCH_DEBOUNCE_MS = 500;

function StatCard({
  title,
  value,
  icon: Icon,
  color,
  isLoading,
}: {
  title: string;
  value: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
  isLoading: boolean;
}) {
  return (
    <Paper component="section" aria-label={title} withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {title}
        </Text>
        <ThemeIcon variant="light" color={color} size="md" radius="md">
          <Icon size={16} />
        </ThemeIcon>
      </Group>
      {isLoading ? (
        <Skeleton height={28} mt="sm" />
      ) : (
        <Text fw={700} size="xl" mt="sm">
          {value}
        </Text>
      )}
    </Paper>
  );
}

/** /dashboard/returns: four stat cards, the returns list and the transaction lookup (spec 02, section 2). */
export function ReturnsPage() {
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
        <StatCard
          title="Total Returns"
          value={formatCount(figures?.totalReturns)}
          icon={IconArrowBackUp}
          color="red"
          isLoading={statsLoading}
        />
        <StatCard
          title="Total Refunded"
          value={formatAmount(figures?.totalRefundAmount)}
          icon={IconCash}
          color="orange"
          isLoading={statsLoading}
        />
        <StatCard
          title="This Month"
          value={formatCount(figures?.monthReturns)}
          icon={IconCalendar}
          color="blue"
          isLoading={statsLoading}
        />
        <StatCard
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
        <TextInput
          label="Start Date"
          type="date"
          value={startDate}
          onChange={(e) => {
            setStartDate(e.currentTarget.value);
            setPage(1);
          }}
        />
        <TextInput
          label="End Date"
          type="date"
          value={endDate}
          onChange={(e) => {
            setEndDate(e.currentTarget.value);
            setPage(1);
          }}
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
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover withTableBorder style={{ opacity: returns.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Return #</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Original Receipt</Table.Th>
              <Table.Th>Processed By</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th>Refund</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {returns.isPending && branchId ? (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Skeleton height={24} />
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text c="dimmed" ta="center" py="md">
                    {returns.isError ? 'Failed to fetch returns' : 'No returns found'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td fw={600}>{r.returnNumber}</Table.Td>
                  <Table.Td>{formatDateTime(r.returnDate, timeZone)}</Table.Td>
                  <Table.Td>{r.originalTransaction.receiptNumber}</Table.Td>
                  <Table.Td>{orNotAvailable(r.processedByName)}</Table.Td>
                  <Table.Td>{r.totalQuantity}</Table.Td>
                  <Table.Td>{formatAmount(r.refundAmount)}</Table.Td>
                  <Table.Td>{refundMethodLabel(r.refundMethod)}</Table.Td>
                  <Table.Td>
                    <Badge color={returnStatusColor(r.status)} variant="light">
                      {returnStatusLabel(r.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onView(r.id)}
                      aria-label={`View ${r.returnNumber}`}
                    >
                      View
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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

function FindTransaction({
  branchId,
  timeZone,
  onProcess,
}: {
  branchId: string;
  timeZone: string | null;
  onProcess: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), RETURN_SEARCH_DEBOUNCE_MS);
  const lookup = useReturnLookup(branchId, debounced);
  const rows = lookup.data?.data ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label="Receipt Number"
        placeholder="Search by receipt number (e.g. RCP-000123)"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {!debounced ? (
        <Text c="dimmed" size="sm">
          Enter a receipt number to find a completed transaction.
        </Text>
      ) : lookup.isPending ? (
        <Skeleton height={60} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {lookup.isError ? 'Failed to fetch transactions' : 'No completed transactions found'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receipt</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Items</Table.Th>
                <Table.Th>Returnable Qty</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => {
                const state = returnableStatus(t.items);
                const remaining = (t.items ?? []).reduce((n, i) => n + remainingQuantity(i), 0);
                return (
                  <Table.Tr key={t.id} data-testid={`lookup-${t.receiptNumber}`}>
                    <Table.Td fw={600}>{t.receiptNumber}</Table.Td>
                    <Table.Td>{formatDateTime(t.transactionDate, timeZone)}</Table.Td>
                    <Table.Td>{t.customer?.name ?? 'Walk-in Customer'}</Table.Td>
                    <Table.Td>{t.totalQuantity}</Table.Td>
                    <Table.Td data-testid="returnable-quantity">{remaining}</Table.Td>
                    <Table.Td>{formatAmount(t.total)}</Table.Td>
                    <Table.Td>
                      <Badge color={state === 'Returnable' ? 'green' : 'gray'} variant="light">
                        {state}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        disabled={state === 'Fully Returned'}
                        onClick={() => onProcess(t.id)}
                      >
                        Process Return
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
