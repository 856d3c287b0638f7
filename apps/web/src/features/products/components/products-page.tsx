import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { isCashier as isCashierUser, type Product } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmation } from '../../../components/delete-confirmation';
import { ExportButton, exportQuery } from '../../../components/export-button';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api';
import { productsQuery, useCreateProduct, useDeleteProduct, useUpdateProduct } from '../../../lib/api/products.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { useLabelSelection } from '../hooks/use-label-selection';
import { productCountLabel } from '../utils/product-count';
import { createProductBody, type ProductFormState, updateProductBody } from '../utils/product-form';
import { LabelPrintBar } from './label-print-bar';
import { ProductCard } from './product-card';
import { ProductFormModal } from './product-form-modal';

type Editor = { mode: 'add' } | { mode: 'edit'; product: Product };

export function ProductsPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const user = useSessionUser();
  const isCashier = isCashierUser(user);

  const list = usePagedList({
    scope: branchId,
    query: ({ page, limit, search }) => productsQuery({ branchId, page, limit, search }),
    errorToast: { id: 'fetch-products', message: 'Failed to fetch products' },
  });

  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const deleteProduct = useDeleteProduct();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const labels = useLabelSelection();

  const save = async (values: ProductFormState) => {
    if (!branchId || !editor) return;
    const isEdit = editor.mode === 'edit';
    try {
      const input = { values, isCashier, branchId };
      if (editor.mode === 'edit') {
        await updateProduct.mutateAsync({ id: editor.product.id, body: updateProductBody(input) });
      } else {
        await createProduct.mutateAsync(createProductBody(input));
      }
      notifySuccess(isEdit ? 'Product updated successfully' : 'Product created successfully');
      setEditor(null);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to save product'));
      throw error;
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteProduct.mutateAsync(deleting.id);
      notifySuccess('Product deleted successfully');
    } catch (error) {
      notifyError('Failed to delete product');
      throw error;
    }
  };

  const emptyText = list.isSearching ? 'No products found matching your search' : 'No products added yet';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Products
        </Title>
        <Group gap="sm">
          {branchId && (
            <ExportButton
              path="/products/export.csv"
              query={exportQuery({ branchId, search: list.appliedSearch || undefined })}
              entity="products"
            />
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditor({ mode: 'add' })} disabled={!branchId}>
            Add Product
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <ListToolbar list={list} entity="products" placeholder="Search products by name or SKU..." />
      </Paper>

      <LabelPrintBar selection={labels} />

      <PagedTable
        list={list}
        columns={[]}
        row={(product) => (
          <ProductCard
            key={product.id}
            product={product}
            showCost={!isCashier}
            onEdit={(p) => setEditor({ mode: 'edit', product: p })}
            onDelete={setDeleting}
            labelPicked={labels.isPicked(product.id)}
            onToggleLabel={labels.toggle}
          />
        )}
        body={(cards) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
            {cards}
          </SimpleGrid>
        )}
        loading={isSelecting}
        errorText="Failed to fetch products"
        emptyText={emptyText}
        summary={({ total }) => productCountLabel({ total, totalCapped: list.meta?.totalCapped })}
      />

      <ProductFormModal
        opened={editor !== null}
        product={editor?.mode === 'edit' ? editor.product : null}
        isCashier={isCashier}
        branchId={branchId}
        isSaving={createProduct.isPending || updateProduct.isPending}
        onClose={() => setEditor(null)}
        onSubmit={save}
      />
      <DeleteConfirmation
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        itemName={deleting ? `the product "${deleting.name}"` : ''}
        loading={deleteProduct.isPending}
      />
    </Stack>
  );
}
