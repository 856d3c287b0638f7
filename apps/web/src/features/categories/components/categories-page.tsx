import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Category } from '@pos/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmation } from '../../../components/delete-confirmation';
import { PagerFooter } from '../../../components/pager-footer';
import { ListState } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { usageSentence, useCatalogUsage } from '../../../lib/api/catalog-usage.api';
import { useAllCategories, useCreateCategory, useDeleteCategory } from '../../../lib/api/categories.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { PAGE_SIZE_OPTIONS, useCategoryTreeView } from '../hooks/use-category-tree-view';
import { type CategoryNode, countDescendants, findNode } from '../utils/category-tree';
import { AddCategoryForm, type NewCategory } from './add-category-form';
import { CategoryTreeView } from './category-tree-view';

const NO_CATEGORIES: Category[] = [];

/** The red warning of the delete dialog when subcategories would go with the category. */
export function subcategoryWarning(node: CategoryNode<Category>): string | undefined {
  const count = countDescendants(node);
  if (count === 0) return undefined;
  return `This category has ${count} ${count === 1 ? 'subcategory' : 'subcategories'}, which will be deleted as well.`;
}

export function CategoriesPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const categories = useAllCategories(branchId);
  const view = useCategoryTreeView({ categories: categories.data ?? NO_CATEGORIES, scope: branchId });

  const createCategory = useCreateCategory();
  const deleteCategory = useDeleteCategory();
  const [deleting, setDeleting] = useState<CategoryNode<Category> | null>(null);
  const usage = useCatalogUsage('categories', deleting?.category.id ?? null);
  const [requestedParent, setRequestedParent] = useState<{ id: string; nonce: number } | null>(null);

  const add = async ({ name, description, parentId }: NewCategory) => {
    if (!branchId) return;
    try {
      await createCategory.mutateAsync({ name, description, parentId, branchIds: [branchId] });
      notifySuccess('Category created successfully');
      if (parentId) view.expand(parentId);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to create category'));
      throw error;
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteCategory.mutateAsync(deleting.category.id);
      notifySuccess('Category deleted successfully');
    } catch (error) {
      notifyError('Failed to delete category');
      throw error;
    }
  };

  const emptyText = view.isSearching ? 'No matching categories found' : 'No categories added yet';
  const isLoading = isSelecting || (categories.isPending && Boolean(branchId));

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Categories
      </Title>

      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="sm">
          Add New Category
        </Text>
        <AddCategoryForm
          parentOptions={view.parentOptions}
          requestedParent={requestedParent}
          onAdd={add}
          isSaving={createCategory.isPending}
        />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="md" wrap="wrap">
          <TextInput
            placeholder="Search categories by name or description..."
            aria-label="Search categories"
            leftSection={<IconSearch size={16} />}
            value={view.search}
            onChange={(event) => view.setSearch(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Group gap="xs">
            <Button variant="subtle" size="xs" onClick={view.expandAll}>
              Expand all
            </Button>
            <Button variant="subtle" size="xs" onClick={view.collapseAll}>
              Collapse all
            </Button>
            <Text size="sm" c="dimmed">
              Per page
            </Text>
            <Select
              aria-label="Categories per page"
              data={PAGE_SIZE_OPTIONS}
              value={String(view.pageSize)}
              onChange={view.setPageSize}
              allowDeselect={false}
              w={80}
            />
          </Group>
        </Group>

        {isLoading || view.nodes.length === 0 ? (
          <ListState
            loading={isLoading}
            failed={categories.isError}
            errorText="Failed to fetch categories"
            emptyText={emptyText}
          />
        ) : (
          <CategoryTreeView
            nodes={view.nodes}
            expandedIds={view.expandedIds}
            matchedIds={view.matchedIds}
            onToggle={view.toggle}
            onAddChild={(node) => setRequestedParent({ id: node.category.id, nonce: Date.now() })}
            onDelete={(node) => setDeleting(findNode(view.tree, node.category.id) ?? node)}
          />
        )}

        {view.showPager ? (
          <PagerFooter
            mt="md"
            data-testid="category-pager"
            label={`${view.rootCount} top-level ${view.rootCount === 1 ? 'category' : 'categories'}, ${view.total} in total`}
            page={view.page}
            totalPages={view.totalPages}
            onPageChange={view.setPage}
          />
        ) : null}
      </Paper>

      <DeleteConfirmation
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        itemName={deleting ? `the category "${deleting.category.name}"` : ''}
        subText={deleting ? subcategoryWarning(deleting) : undefined}
        details={usageSentence('categories', usage.data)}
        loading={deleteCategory.isPending}
      />
    </Stack>
  );
}
