import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Brand } from '@pos/shared';
import { useState } from 'react';
import { DeleteConfirmation } from '../../../components/delete-confirmation';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagerFooter } from '../../../components/pager-footer';
import { EditDeleteActions } from '../../../components/row-actions';
import { ListState } from '../../../components/table-state';
import { useBrands, useCreateBrand, useDeleteBrand, useUpdateBrand } from '../../../lib/api/brands.api';
import { usageSentence, useCatalogUsage } from '../../../lib/api/catalog-usage.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useKeepPageInRange, useListControls } from '../../../lib/use-list-controls';
import { AddBrandForm, EditBrandModal } from './brand-form';

export function BrandsPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const list = useListControls({ scope: branchId });
  const brands = useBrands({ branchId, page: list.page, limit: list.pageSize, search: list.debouncedSearch });

  const createBrand = useCreateBrand();
  const updateBrand = useUpdateBrand();
  const deleteBrand = useDeleteBrand();
  const [editing, setEditing] = useState<Brand | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const usage = useCatalogUsage('brands', deleting?.id ?? null);

  const rows = brands.data?.data ?? [];
  const total = brands.data?.meta?.total ?? 0;
  const totalPages = brands.data?.meta?.totalPages ?? 1;
  const { page, setPage } = list;

  useKeepPageInRange(page, setPage, brands);

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

        {isSelecting || (brands.isPending && branchId) || rows.length === 0 ? (
          <ListState
            loading={Boolean(isSelecting || (brands.isPending && branchId))}
            failed={brands.isError}
            errorText="Failed to fetch brands"
            emptyText={emptyText}
          />
        ) : (
          <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: brands.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th w={120} ta="right">
                  Actions
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((brand) => (
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
              ))}
            </Table.Tbody>
          </Table>
        )}

        {total > 0 ? (
          <PagerFooter
            mt="md"
            label={`${total} ${total === 1 ? 'brand' : 'brands'}`}
            page={list.page}
            totalPages={totalPages}
            onPageChange={list.setPage}
          />
        ) : null}
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
