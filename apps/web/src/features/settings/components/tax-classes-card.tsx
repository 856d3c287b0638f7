import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { TAX_CLASS_KIND_LABELS, TAX_CLASS_MSG, type TaxClass } from '@pos/shared';
import { IconArchive, IconPencil, IconPercentage, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedTable } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api';
import {
  taxClassesQuery,
  useArchiveTaxClass,
  useCreateTaxClass,
  useUpdateTaxClass,
} from '../../../lib/api/tax-classes.api';
import { formatPercent } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { usePagedList } from '../../../lib/use-paged-list';
import { type TaxClassFields, TaxClassModal } from './tax-class-form';

const PAGE_SIZE = 5;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The toast of a saved class: a new rate says how many branch listings took it. */
export function updatedMessage(before: TaxClass, after: { rate: number; listings: number }, message?: string) {
  const saved = message ?? TAX_CLASS_MSG.updated;
  if (before.rate === after.rate) return `${saved}.`;
  return `${saved}. ${plural(after.listings, 'branch listing', 'branch listings')} took the new rate of ${formatPercent(after.rate)}.`;
}

/**
 * The selected company's tax classes: an item with a class is taxed at its rate in every branch, one without
 * at its branch's rate. Shown to super admins only (the parent decides).
 */
export function TaxClassesCard() {
  const { company, isLoading: isSelecting } = useCurrentSelection();
  const companyId = company?.id ?? null;
  const list = usePagedList({
    scope: companyId,
    pageSize: PAGE_SIZE,
    query: ({ page, limit }) => taxClassesQuery({ companyId, page, limit }),
    errorToast: { id: 'fetch-tax-classes', message: 'Failed to fetch tax classes' },
  });
  const create = useCreateTaxClass();
  const update = useUpdateTaxClass();
  const [editing, setEditing] = useState<TaxClass | 'new' | null>(null);
  const archive = useArchiveTaxClass();
  const [archiving, setArchiving] = useState<TaxClass | null>(null);

  const confirmArchive = async () => {
    if (!archiving) return;
    try {
      const answer = await archive.mutateAsync(archiving.id);
      notifySuccess(`${answer.message ?? TAX_CLASS_MSG.archived}.`);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to archive the tax class'));
      throw error;
    }
  };

  const save = async (fields: TaxClassFields) => {
    if (!companyId || editing === null) return;
    if (editing === 'new') {
      const answer = await create.mutateAsync({ ...fields, companyId });
      notifySuccess(`${answer.message ?? TAX_CLASS_MSG.added}.`);
      return;
    }
    const answer = await update.mutateAsync({ id: editing.id, body: fields });
    notifySuccess(updatedMessage(editing, answer.data, answer.message));
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <IconPercentage size={20} aria-hidden />
            <Title order={2} size="h3">
              Tax Classes
            </Title>
          </Group>
          <Badge color="red" variant="light">
            Super Admin Only
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          An item of a class is taxed at the class's rate in every branch of{' '}
          {company ? <b>{company.name}</b> : 'the company'}; an item without one at its branch's rate.
        </Text>
        <PagedTable
          list={list}
          label="Tax classes"
          minWidth={520}
          columns={['Name', 'Kind', 'Rate', 'PCT code', 'Items', { label: 'Actions', w: 110, ta: 'right' }]}
          row={(taxClass) => (
            <Table.Tr key={taxClass.id}>
              <Table.Td>{taxClass.name}</Table.Td>
              <Table.Td>{TAX_CLASS_KIND_LABELS[taxClass.kind]}</Table.Td>
              <Table.Td>{formatPercent(taxClass.rate)}</Table.Td>
              <Table.Td>{taxClass.pctCode ?? 'None'}</Table.Td>
              <Table.Td>{taxClass.itemCount}</Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="light"
                      aria-label={`Edit ${taxClass.name}`}
                      onClick={() => setEditing(taxClass)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={taxClass.itemCount > 0 ? TAX_CLASS_MSG.inUse(taxClass.itemCount) : 'Archive'}>
                    <ActionIcon
                      variant="light"
                      color="red"
                      aria-label={`Archive ${taxClass.name}`}
                      disabled={taxClass.itemCount > 0}
                      onClick={() => setArchiving(taxClass)}
                    >
                      <IconArchive size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
          loading={isSelecting}
          errorText="Failed to fetch tax classes"
          emptyText="No tax classes yet: every item is taxed at its branch's rate."
          summary={({ total }) => plural(total, 'tax class', 'tax classes')}
        />
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={!companyId}>
            Add Tax Class
          </Button>
        </Group>
      </Stack>
      <TaxClassModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSave={save}
        isSaving={create.isPending || update.isPending}
      />
      <ConfirmDialog
        opened={archiving !== null}
        onClose={() => setArchiving(null)}
        onConfirm={confirmArchive}
        title="Archive tax class"
        message={`Archive ${archiving?.name ?? 'this class'}? It leaves this list and the item forms; the sales taxed under it keep its name.`}
        confirmLabel="Archive"
        color="red"
      />
    </Card>
  );
}
