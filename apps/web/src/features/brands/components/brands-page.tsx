import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Brand } from '@pos/shared';
import { useState } from 'react';
import { DeleteConfirmation } from '../../../components/delete-confirmation';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { EditDeleteActions } from '../../../components/row-actions';
import { brandsQuery, useCreateBrand, useDeleteBrand, useUpdateBrand } from '../../../lib/api/brands.api';
import { usageSentence, useCatalogUsage } from '../../../lib/api/catalog-usage.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { usePagedList } from '../../../lib/use-paged-list';
import { AddBrandForm, EditBrandModal } from './brand-form';

export function BrandsPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const list = usePagedList({
    scope: branchId,
    query: ({ page, limit, search }) => brandsQuery({ branchId, page, limit, search }),
    errorToast: { id: 'fetch-brands', message: 'Failed to fetch brands' },
  });

  const createBrand = useCreateBrand();
  const updateBrand = useUpdateBrand();
  const deleteBrand = useDeleteBrand();
  const [editing, setEditing] = useState<Brand | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const usage = useCatalogUsage('brands', deleting?.id ?? null);

  const add = async (name: string) => {
    if (!branchId) return;
    try {
      await createBrand.mutateAsync({ name, branchId });
      notifySuccess('Brand added successfully');
    } catch (error) {
      notifyError('Failed to add brand');
      throw error;
    }
  };

  const save = async ({ id, name }: { id: string; name: string }) => {
    try {
      await updateBrand.mutateAsync({ id, body: { name } });
      notifySuccess('Brand updated successfully');
    } catch (error) {
      notifyError('Failed to update brand');
      throw error;
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteBrand.mutateAsync(deleting.id);
      notifySuccess('Brand deleted successfully');
    } catch (error) {
      notifyError('Failed to delete brand');
      throw error;
    }
  };

  const emptyText = list.isSearching ? 'No brands found matching your search' : 'No brands added yet';

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Brands
      </Title>

      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="sm">
          Add New Brand
        </Text>
        <AddBrandForm onAdd={add} isSaving={createBrand.isPending} />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <ListToolbar list={list} entity="brands" placeholder="Search brands..." mb="md" />

        <PagedTable
          list={list}
          label="Brands"
          columns={['Name', { label: 'Actions', w: 120, ta: 'right' }]}
          row={(brand) => (
            <Table.Tr key={brand.id}>
              <Table.Td>{brand.name}</Table.Td>
              <Table.Td>
                <EditDeleteActions
                  name={brand.name}
                  onEdit={() => setEditing(brand)}
                  onDelete={() => setDeleting(brand)}
                />
              </Table.Td>
            </Table.Tr>
          )}
          loading={isSelecting}
          errorText="Failed to fetch brands"
          emptyText={emptyText}
          summary={({ total }) => `${total} ${total === 1 ? 'brand' : 'brands'}`}
        />
      </Paper>

      <EditBrandModal brand={editing} onClose={() => setEditing(null)} onSave={save} isSaving={updateBrand.isPending} />
      <DeleteConfirmation
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        itemName={deleting ? `the brand "${deleting.name}"` : ''}
        details={usageSentence('brands', usage.data)}
        loading={deleteBrand.isPending}
      />
    </Stack>
  );
}
