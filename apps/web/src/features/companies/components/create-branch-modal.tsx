import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { branchManagementFormSchema } from '@pos/shared';
import { errorMessage } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type CompanySummary, useCreateBranchMutation } from '../api/companies.api';

const EMPTY = { companyId: '', name: '', address: '', phone: '' };

export function CreateBranchModal({
  opened,
  onClose,
  companies,
}: {
  opened: boolean;
  onClose: () => void;
  companies: CompanySummary[];
}) {
  const createBranch = useCreateBranchMutation();
  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate: zodValidate(branchManagementFormSchema) });

  const close = () => {
    if (createBranch.isPending) return;
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await createBranch.mutateAsync({ ...values, isMain: false });
      notifySuccess(message ?? 'Branch created successfully!');
      form.reset();
      onClose();
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to create branch'));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Create New Branch" centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label="Company"
            placeholder="Select a company"
            searchable
            data={companies.map((c) => ({ value: c.id, label: c.name }))}
            value={form.values.companyId || null}
            onChange={(value) => form.setFieldValue('companyId', value ?? '')}
            error={form.errors.companyId}
            nothingFoundMessage="No companies found"
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label="Branch Name" placeholder="Branch name" {...form.getInputProps('name')} />
          <TextInput label="Address" placeholder="Branch address" {...form.getInputProps('address')} />
          <TextInput label="Phone" placeholder="Phone number" {...form.getInputProps('phone')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={createBranch.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={createBranch.isPending}>
              Create Branch
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
