import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { branchFormSchema } from '@pos/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSelectionStore } from '../../../lib/selection-store';
import { useCreateBranchMutation } from '../api/companies.api';
import { SetupLayout } from './setup-layout';

/** The company id travels as text in the navigation state (from sign-in or company setup). */
function companyIdFromState(state: unknown): string | null {
  if (typeof state === 'string' && state) return state;
  if (state && typeof state === 'object' && 'companyId' in state) {
    const { companyId } = state as { companyId?: unknown };
    if ((typeof companyId === 'string' && companyId) || typeof companyId === 'number') return String(companyId);
  }
  return null;
}

export function BranchSetupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const companyId = companyIdFromState(location.state);
  const setSelection = useSelectionStore((s) => s.setSelection);
  const createBranch = useCreateBranchMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', address: '', phone: '' },
    validate: zodValidate(branchFormSchema),
  });

  useEffect(() => {
    if (companyId) return;
    notifyError('No company selected', 'Error', 'no-company-selected');
    navigate('/company-setup', { replace: true });
  }, [companyId, navigate]);

  if (!companyId) return null;

  const submit = form.onSubmit(async (values) => {
    try {
      const { branch } = await createBranch.mutateAsync({ ...values, companyId, isMain: true });
      notifySuccess('Branch created successfully!');
      setSelection({ companyId: branch.companyId, branchId: branch.id });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      console.error('Branch creation failed', error);
      notifyError('Failed to create branch');
    }
  });

  return (
    <SetupLayout>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Branch Setup
            </Title>
            <Text c="dimmed" size="sm">
              Create the first branch of your company.
            </Text>
          </Stack>
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            This branch will be your main branch. You can add more branches later from Branch Management.
          </Alert>
          <TextInput label="Branch Name" placeholder="e.g. Main Branch" {...form.getInputProps('name')} />
          <TextInput label="Address" placeholder="Branch address" {...form.getInputProps('address')} />
          <TextInput label="Phone" placeholder="Phone number" {...form.getInputProps('phone')} />
          <Group justify="space-between" mt="sm">
            <Button variant="default" onClick={() => navigate('/company-setup')} disabled={createBranch.isPending}>
              Back
            </Button>
            <Button type="submit" loading={createBranch.isPending}>
              Create Branch
            </Button>
          </Group>
        </Stack>
      </form>
    </SetupLayout>
  );
}
