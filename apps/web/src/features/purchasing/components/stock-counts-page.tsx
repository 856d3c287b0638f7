import { Anchor, Badge, Button, Group, Modal, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { type StockCountStatus, userCan } from '@pos/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { PagedTable } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api';
import { useAllCategories } from '../../../lib/api/categories.api';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { stockCountsQuery, useStartStockCount } from '../api/stock-counts.api';

export const COUNT_STATUS_COLORS: Record<StockCountStatus, string> = {
  open: 'blue',
  applied: 'green',
  cancelled: 'gray',
};
const STATUS_LABELS: Record<StockCountStatus, string> = { open: 'Open', applied: 'Applied', cancelled: 'Cancelled' };
const PAGE_SIZE = 10;

/** /dashboard/stock-counts: the branch's counts; Managers start one (all products or a category). */
export function StockCountsPage() {
  const me = useSessionUser();
  const manages = userCan(me, 'adjust_stock');
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const counts = usePagedList({
    scope: branchId,
    pageSize: PAGE_SIZE,
    query: ({ page, limit }) => stockCountsQuery({ branchId, page, limit }),
  });
  const [starting, setStarting] = useState(false);
  const error = counts.query.error;
  const denied = error && 'status' in error && error.status === 403;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Stock Counts
        </Title>
        {manages ? (
          <Group gap="xs">
            <ExportButton path="/stock-counts/export.csv" query={{ branchId }} entity="stock counts" />
            <Button onClick={() => setStarting(true)} disabled={!branchId}>
              Start count
            </Button>
          </Group>
        ) : null}
      </Group>
      <Paper withBorder p="md" radius="md">
        <PagedTable
          list={counts}
          label="Stock counts"
          columns={['Started', 'Scope', 'Status', { label: 'Counted products', ta: 'right' }, 'Started by']}
          row={(c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/stock-counts/${c.id}`} fw={600}>
                  {formatDateTime(c.startedAt, branch?.timezone)}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.category ? c.category.name : 'All products'}</Table.Td>
              <Table.Td>
                <Badge color={COUNT_STATUS_COLORS[c.status]} variant="light">
                  {STATUS_LABELS[c.status]}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{c.countedProducts}</Table.Td>
              <Table.Td>{c.startedBy ?? '—'}</Table.Td>
            </Table.Tr>
          )}
          minWidth={520}
          loading={isSelecting}
          errorText={denied ? 'Counting is not enabled for cashiers at this branch' : 'Failed to fetch stock counts'}
          emptyText="No stock counts yet"
          summary={({ total }) => `${total} ${total === 1 ? 'count' : 'counts'}`}
        />
      </Paper>
      {manages ? <StartCountModal opened={starting} onClose={() => setStarting(false)} /> : null}
    </Stack>
  );
}

function StartCountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { branch } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const categories = useAllCategories(opened ? branchId : null);
  const [categoryId, setCategoryId] = useState<string>('all');
  const start = useStartStockCount();
  const navigate = useNavigate();
  const options = [
    { value: 'all', label: 'All products' },
    ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const submit = async () => {
    if (!branchId) return;
    try {
      const answer = await start.mutateAsync({ branchId, categoryId: categoryId === 'all' ? undefined : categoryId });
      notifySuccess('Stock count started');
      onClose();
      navigate(`/dashboard/stock-counts/${answer.data.id}`);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to start the count'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Start a stock count" centered>
      <Stack gap="sm">
        <Text size="sm">
          Staff then scan or type what they find. Sales go on: each product's variance is against its stock at the
          moment it was counted.
        </Text>
        <Select
          label="What to count"
          data={options}
          value={categoryId}
          onChange={(v) => setCategoryId(v ?? 'all')}
          allowDeselect={false}
          searchable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={start.isPending}>
            Start count
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
