import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type Supplier, type SupplierFormValues, userCan } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { DeleteConfirmation } from '../../../components/delete-confirmation';
import { ExportButton } from '../../../components/export-button';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagerFooter } from '../../../components/pager-footer';
import { EditDeleteActions } from '../../../components/row-actions';
import { ListState } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { useCreateSupplier, useDeleteSupplier, useSuppliers, useUpdateSupplier } from '../../../lib/api/suppliers.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useKeepPageInRange, useListControls } from '../../../lib/use-list-controls';
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
  const list = useListControls({ scope: companyId });
  const suppliers = useSuppliers({ companyId, page: list.page, limit: list.pageSize, search: list.debouncedSearch });
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const remove = useDeleteSupplier();
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Supplier | null>(null);
  const rows = suppliers.data?.data ?? [];
  const total = suppliers.data?.meta?.total ?? 0;
  useKeepPageInRange(list.page, list.setPage, suppliers);
  const loading = Boolean(isSelecting || (suppliers.isPending && companyId));

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
            query={{ companyId, search: list.debouncedSearch }}
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
        {loading || rows.length === 0 ? (
          <ListState
            loading={loading}
            failed={suppliers.isError}
            errorText="Failed to fetch suppliers"
            emptyText={list.isSearching ? 'No suppliers found matching your search' : 'No suppliers added yet'}
          />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
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
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > 0 ? (
          <PagerFooter
            mt="md"
            label={`${total} ${total === 1 ? 'supplier' : 'suppliers'}`}
            page={list.page}
            totalPages={suppliers.data?.meta?.totalPages ?? 1}
            onPageChange={list.setPage}
          />
        ) : null}
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
