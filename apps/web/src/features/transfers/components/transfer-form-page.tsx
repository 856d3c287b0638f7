import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ListState } from '../../../components/table-state';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useTransfer } from '../api/transfers.api';
import { TransferForm } from './transfer-form';

/** /dashboard/transfers/new and /dashboard/transfers/:id/edit: a draft from the selected branch. */
export function TransferFormPage() {
  const { id } = useParams();
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const existing = useTransfer(id ?? null);
  const draft = existing.data?.data;
  const loading = isSelecting || (Boolean(id) && existing.isPending);
  const fromBranchId = draft?.fromBranch.id ?? branch?.id ?? null;

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={1} size="h2">
          {id ? `Edit Transfer ${draft?.number ?? ''}` : 'New Transfer'}
        </Title>
        {branch ? (
          <Badge size="lg" variant="light" color="blue">
            From {draft?.fromBranch.name ?? branch.name}
          </Badge>
        ) : null}
      </Group>
      <Paper withBorder p="md" radius="md">
        {loading || !fromBranchId || existing.isError || (draft && draft.status !== 'draft') ? (
          <ListState
            loading={loading}
            failed={existing.isError || Boolean(draft && draft.status !== 'draft')}
            errorText={existing.isError ? 'Transfer not found' : 'Only a draft transfer can be changed'}
            emptyText="Choose a branch first"
          />
        ) : (
          <TransferForm key={draft?.id ?? 'new'} fromBranchId={fromBranchId} draft={draft} />
        )}
      </Paper>
    </Stack>
  );
}
