import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BRAND_MSG, type Brand, type BrandFormValues, brandFormSchema } from '@pos/shared';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';

const initialValues: BrandFormValues = { name: '' };

/** Field errors of a rejected save: the server's map, or its message on the name for a duplicate. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  if (error.errors && Object.keys(error.errors).length > 0) return error.errors;
  return error.status === 409 ? { name: error.message || BRAND_MSG.duplicate } : {};
}

/** The add form above the list: one name field and the Add Brand button. */
export function AddBrandForm({ onAdd, isSaving }: { onAdd: (name: string) => Promise<unknown>; isSaving: boolean }) {
  const form = useForm<BrandFormValues>({ initialValues, validate: zodValidate(brandFormSchema) });

  const submit = form.onSubmit(async (values) => {
    try {
      await onAdd(brandFormSchema.parse(values).name);
      form.reset();
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="Brand Name"
          placeholder="Enter brand name"
          withAsterisk
          style={{ flex: 1, minWidth: 220 }}
          {...form.getInputProps('name')}
        />
        <Button type="submit" loading={isSaving} mt={25}>
          Add Brand
        </Button>
      </Group>
    </form>
  );
}

/** The 'Edit Brand' modal. */
export function EditBrandModal({
  brand,
  onClose,
  onSave,
  isSaving,
}: {
  brand: Brand | null;
  onClose: () => void;
  onSave: (values: { id: string; name: string }) => Promise<unknown>;
  isSaving: boolean;
}) {
  const form = useForm<BrandFormValues>({ initialValues, validate: zodValidate(brandFormSchema) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another brand is opened
  useEffect(() => {
    if (brand) {
      form.setValues({ name: brand.name });
      form.resetDirty({ name: brand.name });
      form.clearErrors();
    }
  }, [brand]);

  const submit = form.onSubmit(async (values) => {
    if (!brand) return;
    try {
      await onSave({ id: brand.id, name: brandFormSchema.parse(values).name });
      onClose();
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
    }
  });

  return (
    <Modal opened={brand !== null} onClose={isSaving ? () => {} : onClose} title="Edit Brand" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Brand Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
