import { Button, Grid, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CategoryFormValues, categoryFormSchema } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';

export type NewCategory = { name: string; description: string | null; parentId: string | null };

type Props = {
  parentOptions: { value: string; label: string }[];
  /** Set by a row's 'add subcategory' action: the form takes it as the parent and focuses the name. */
  requestedParent: { id: string; nonce: number } | null;
  onAdd: (category: NewCategory) => Promise<unknown>;
  isSaving: boolean;
};

const initialValues: CategoryFormValues = { name: '', description: '', parentId: null };

export function AddCategoryForm({ parentOptions, requestedParent, onAdd, isSaving }: Props) {
  const form = useForm<CategoryFormValues>({
    initialValues,
    validate: zodValidate(categoryFormSchema),
  });
  const nameRef = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to a new request only
  useEffect(() => {
    if (!requestedParent) return;
    form.setFieldValue('parentId', requestedParent.id);
    nameRef.current?.focus();
  }, [requestedParent]);

  const submit = form.onSubmit(async (values) => {
    const parsed = categoryFormSchema.parse(values);
    try {
      await onAdd({
        name: parsed.name,
        description: parsed.description ?? null,
        parentId: parsed.parentId ?? null,
      });
      form.reset();
    } catch (error) {
      if (isApiError(error) && error.errors) form.setErrors(error.errors);
    }
  });

  // The spec: the add button is disabled while the name is blank after trimming.
  const isNameBlank = (form.values.name ?? '').trim() === '';

  return (
    <form onSubmit={submit} noValidate>
      <Grid align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            ref={nameRef}
            label="Category Name"
            withAsterisk
            placeholder="Enter category name"
            {...form.getInputProps('name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Select
            label="Parent Category"
            placeholder="None (top-level category)"
            data={parentOptions}
            searchable
            clearable
            nothingFoundMessage="No categories found"
            limit={100}
            {...form.getInputProps('parentId')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Textarea
            label="Description"
            placeholder="Enter description (optional)"
            autosize
            minRows={1}
            maxRows={4}
            {...form.getInputProps('description')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Button type="submit" leftSection={<IconPlus size={16} />} disabled={isNameBlank} loading={isSaving}>
            Add Category
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}
