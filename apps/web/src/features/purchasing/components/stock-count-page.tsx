import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { userCan } from '@pos/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ExportButton } from '../../../components/export-button';
import { ListState } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useApplyStockCount, useCancelStockCount, useStockCount } from '../api/stock-counts.api';
import { CountEntryForm } from './count-entry-form';
import { CountLinesTable, VariancesTable } from './count-tables';
import { COUNT_STATUS_COLORS } from './stock-counts-page';

/** /dashboard/stock-counts/:id: scan or type counted units; Managers review variances and apply. */
export function StockCountPage() {
  const { id = '' } = useParams();
  const me = useSessionUser();
  const manages = userCan(me, 'adjust_stock');
  const { branch } = useCurrentSelection();
  const count = useStockCount(id);
  const apply = useApplyStockCount();
  const cancel = useCancelStockCount();
  const [confirming, setConfirming] = useState<'apply' | 'cancel' | null>(null);
  const [last, setLast] = useState('');
  const c = count.data?.data;
  if (!c) {
    return (
      <ListState
        loading={count.isPending}
        failed={count.isError}
        errorText={errorMessage(count.error, 'Stock count not found')}
        emptyText=""
      />
    );
  }
  const open = c.status === 'open';

  const run = async (action: 'apply' | 'cancel') => {
    try {
      if (action === 'apply') {
        const answer = await apply.mutateAsync(c.id);
        const { adjustedProducts, unitsIn, unitsOut } = answer.data;
        notifySuccess(`Applied: ${adjustedProducts} products adjusted (+${unitsIn} / -${unitsOut} units)`);
      } else {
        await cancel.mutateAsync(c.id);
        notifySuccess('Stock count cancelled');
      }
    } catch (error) {
      notifyError(errorMessage(error, action === 'apply' ? 'Failed to apply the count' : 'Failed to cancel the count'));
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={1} size="h2">
              Stock count
            </Title>
            <Badge color={COUNT_STATUS_COLORS[c.status]} variant="light" size="lg">
              {c.status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {c.category ? c.category.name : 'All products'} · started {formatDateTime(c.startedAt, branch?.timezone)}
            {c.startedBy ? ` by ${c.startedBy}` : ''} · {c.countedProducts} counted
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" component={Link} to="/dashboard/stock-counts">
            All counts
          </Button>
          {manages && open ? (
            <>
              <Button color="red" variant="light" onClick={() => setConfirming('cancel')}>
                Cancel count
              </Button>
              <Button onClick={() => setConfirming('apply')} disabled={c.countedProducts === 0}>
                Apply count
              </Button>
            </>
          ) : null}
        </Group>
      </Group>

      {open ? (
        <Paper withBorder p="md" radius="md">
          <CountEntryForm countId={c.id} branchId={c.branchId} onCounted={setLast} />
          <Text size="sm" mt="xs" aria-live="polite" role="status">
            {last}
          </Text>
        </Paper>
      ) : null}

      <Paper withBorder p="md" radius="md">
        <Tabs defaultValue={open ? 'counted' : manages ? 'variances' : 'counted'}>
          <Tabs.List>
            <Tabs.Tab value="counted">Counted</Tabs.Tab>
            {manages ? <Tabs.Tab value="variances">Variances</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="counted" pt="md">
            <CountLinesTable countId={c.id} timezone={branch?.timezone} />
          </Tabs.Panel>
          {manages ? (
            <Tabs.Panel value="variances" pt="md">
              <Group justify="flex-end" mb="sm">
                <ExportButton path={`/stock-counts/${c.id}/variances/export.csv`} query={{}} entity="variances" />
              </Group>
              <VariancesTable countId={c.id} />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      </Paper>

      <ConfirmDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => run(confirming ?? 'cancel')}
        title={confirming === 'apply' ? 'Apply stock count' : 'Cancel stock count'}
        message={
          confirming === 'apply'
            ? `Adjust the stock of the ${c.countedProducts} counted products by their variances? Each becomes an adjustment in the movement history.`
            : 'Drop this count? Stock stays as it is and the counted figures are kept for reference.'
        }
        confirmLabel={confirming === 'apply' ? 'Apply count' : 'Cancel count'}
        color={confirming === 'apply' ? 'blue' : 'red'}
      />
    </Stack>
  );
}
