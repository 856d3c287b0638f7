import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Supplier, type SupplierFormValues, supplierFormSchema } from '@pos/shared';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';

type Props = {
  opened: boolean;
  supplier: Supplier | null;
  onClose: () => void;
  onSave: (values: SupplierFormValues) => Promise<unknown>;
  isSaving: boolean;
};

const EMPTY: SupplierFormValues = { name: '', contactName: '', phone: '', email: '', notes: '' };

/** Add or edit a supplier: name (required), contact, phone, email, notes. */
export function SupplierFormModal({ opened, supplier, onClose, onSave, isSaving }: Props) {
  const form = useForm<SupplierFormValues>({ initialValues: EMPTY, validate: zodValidate(supplierFormSchema) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens for a supplier
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      supplier
        ? {
            name: supplier.name,
            contactName: supplier.contactName ?? '',
            phone: supplier.phone ?? '',
            email: supplier.email ?? '',
            notes: supplier.notes ?? '',
          }
        : EMPTY,
    );
    form.resetDirty();
  }, [opened, supplier]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      // The page has told the user; the form stays open with their input and the server's field errors.
      if (isApiError(error)) form.setErrors(error.errors ?? (error.status === 409 ? { name: error.message } : {}));
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={supplier ? 'Edit Supplier' : 'Add Supplier'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Contact person" {...form.getInputProps('contactName')} />
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {supplier ? 'Save' : 'Add Supplier'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
