import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type Supplier, type SupplierFormValues, userCan } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { DeleteConfirmation } from '../../../components/delete-confirmation';
import { ExportButton } from '../../../components/export-button';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { EditDeleteActions } from '../../../components/row-actions';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { suppliersQuery, useCreateSupplier, useDeleteSupplier, useUpdateSupplier } from '../api/suppliers.api';
import { SupplierFormModal } from './supplier-form-modal';

/** /dashboard/suppliers: the company's suppliers (Managers and Super Admins). */
export function SuppliersPage() {
  const me = useSessionUser();
  if (!userCan(me, 'adjust_stock')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators manage suppliers." />
    );
  }
  return <SuppliersScreen />;
}

function SuppliersScreen() {
  const { company, isLoading: isSelecting } = useCurrentSelection();
  const companyId = company?.id ?? null;
  const list = usePagedList({
    scope: companyId,
    query: ({ page, limit, search }) => suppliersQuery({ companyId, page, limit, search }),
  });
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const remove = useDeleteSupplier();
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Supplier | null>(null);

  const save = async (values: SupplierFormValues) => {
    try {
      if (editing && editing !== 'new') await update.mutateAsync({ id: editing.id, body: values });
      else if (companyId) await create.mutateAsync({ ...values, companyId });
      notifySuccess(editing && editing !== 'new' ? 'Supplier updated' : 'Supplier added');
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to save the supplier'));
      throw error;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess('Supplier deleted');
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to delete the supplier'));
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Suppliers
        </Title>
        <Group gap="xs">
          <ExportButton
            path="/suppliers/export.csv"
            query={{ companyId, search: list.appliedSearch }}
            entity="suppliers"
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
            disabled={!companyId}
          >
            Add Supplier
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <ListToolbar list={list} entity="suppliers" placeholder="Search name, contact, phone or email..." mb="md" />
        <PagedTable
          list={list}
          label="Suppliers"
          columns={['Name', 'Contact', 'Phone', 'Email', { label: 'Actions', ta: 'right' }]}
          row={(s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Text fw={500}>{s.name}</Text>
                {s.notes ? (
                  <Text size="xs" c="dimmed">
                    {s.notes}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{s.contactName ?? '—'}</Table.Td>
              <Table.Td>{s.phone ?? '—'}</Table.Td>
              <Table.Td>{s.email ?? '—'}</Table.Td>
              <Table.Td>
                <EditDeleteActions name={s.name} onEdit={() => setEditing(s)} onDelete={() => setDeleting(s)} />
              </Table.Td>
            </Table.Tr>
          )}
          minWidth={560}
          loading={isSelecting}
          errorText="Failed to fetch suppliers"
          emptyText={list.isSearching ? 'No suppliers found matching your search' : 'No suppliers added yet'}
          summary={({ total }) => `${total} ${total === 1 ? 'supplier' : 'suppliers'}`}
        />
      </Paper>

      <SupplierFormModal
        opened={editing !== null}
        supplier={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSave={save}
        isSaving={create.isPending || update.isPending}
      />
      <DeleteConfirmation
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        itemName={deleting ? `the supplier "${deleting.name}"` : ''}
        details="Its purchase orders keep its name."
        loading={remove.isPending}
      />
    </Stack>
  );
}
