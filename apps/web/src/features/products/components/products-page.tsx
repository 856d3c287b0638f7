import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isCashier as isCashierUser, type Product } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmation } from '../../../components/delete-confirmation';
import { ExportButton, exportQuery } from '../../../components/export-button';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagerFooter } from '../../../components/pager-footer';
import { errorMessage } from '../../../lib/api';
import { useCreateProduct, useDeleteProduct, useProducts, useUpdateProduct } from '../../../lib/api/products.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useKeepPageInRange, useListControls } from '../../../lib/use-list-controls';
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

  const list = useListControls({ scope: branchId });
  const products = useProducts({ branchId, page: list.page, limit: list.pageSize, search: list.debouncedSearch });

  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const deleteProduct = useDeleteProduct();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const labels = useLabelSelection();

  const rows = products.data?.data ?? [];
  const total = products.data?.meta?.total ?? 0;
  const totalPages = products.data?.meta?.totalPages ?? 1;
  const { page, setPage } = list;

  useKeepPageInRange(page, setPage, products);

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
              query={exportQuery({ branchId, search: list.debouncedSearch || undefined })}
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

      {isSelecting || (products.isPending && branchId) ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {products.isError ? 'Failed to fetch products' : emptyText}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}
          spacing="md"
          style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}
        >
          {rows.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              showCost={!isCashier}
              onEdit={(p) => setEditor({ mode: 'edit', product: p })}
              onDelete={setDeleting}
              labelPicked={labels.isPicked(product.id)}
              onToggleLabel={labels.toggle}
            />
          ))}
        </SimpleGrid>
      )}

      {total > 0 ? (
        <PagerFooter
          label={productCountLabel({ total, totalCapped: products.data?.meta?.totalCapped })}
          page={list.page}
          totalPages={totalPages}
          onPageChange={list.setPage}
        />
      ) : null}

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
