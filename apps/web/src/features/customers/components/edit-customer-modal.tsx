import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type Customer, type UpdateCustomerInput, updateCustomerSchema } from '@pos/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useUpdateCustomer } from '../../../lib/api/customers.api';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** The customer's name, phone, email, address and notes, validated with the server's schema. */
export function EditCustomerModal({
  opened,
  onClose,
  customer,
}: {
  opened: boolean;
  onClose: () => void;
  customer: Pick<Customer, 'id' | 'name' | 'phone' | 'email' | 'address' | 'notes'>;
}) {
  const update = useUpdateCustomer(customer.id);
  const [values, setValues] = useState({
    name: customer.name,
    phone: customer.phone,
    email: customer.email ?? '',
    address: customer.address ?? '',
    notes: customer.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (opened) {
      setValues({
        name: customer.name,
        phone: customer.phone,
        email: customer.email ?? '',
        address: customer.address ?? '',
        notes: customer.notes ?? '',
      });
      setErrors({});
    }
  }, [opened, customer]);
  const set = (key: keyof typeof values) => (e: { currentTarget: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.currentTarget.value }));

  const submit = () => {
    const input: UpdateCustomerInput = values;
    const parsed = updateCustomerSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    update.mutate(input, {
      onSuccess: () => {
        notifySuccess('Customer updated successfully');
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to update customer');
        if (/phone/i.test(message)) setErrors({ phone: message });
        notifyError(message);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Edit Customer" centered>
      <Stack>
        <TextInput label="Name" required value={values.name} onChange={set('name')} error={errors.name} />
        <TextInput label="Phone" required value={values.phone} onChange={set('phone')} error={errors.phone} />
        <TextInput label="Email" value={values.email} onChange={set('email')} error={errors.email} />
        <TextInput label="Address" value={values.address} onChange={set('address')} error={errors.address} />
        <Textarea
          label="Notes"
          value={values.notes}
          onChange={set('notes')}
          error={errors.notes}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
