import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { branchFormSchema } from '@pos/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSelectionStore } from '../../../lib/selection-store';
import { useCompanyBranchesQuery, useCreateBranchMutation } from '../api/companies.api';
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
  // A company that has branches already gets an ordinary branch (the server keeps one main branch),
  // and the selection stays where it is unless the user asks to switch to the new branch.
  const existing = useCompanyBranchesQuery({ companyId });
  const existingBranches = existing.data ?? [];
  const hasBranches = existingBranches.length > 0;
  const mainBranch = existingBranches.find((b) => b.isMain) ?? null;
  const [switchToNew, setSwitchToNew] = useState(false);
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
      const { branch } = await createBranch.mutateAsync({ ...values, companyId, isMain: !hasBranches });
      notifySuccess('Branch created successfully!');
      if (!hasBranches || switchToNew) setSelection({ companyId: branch.companyId, branchId: branch.id });
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
          {hasBranches ? (
            <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} data-testid="branch-setup-notice">
              This company already has {existingBranches.length} {existingBranches.length === 1 ? 'branch' : 'branches'}
              {mainBranch ? `, and ${mainBranch.name} is its main branch` : ''}. The new branch will be an additional
              branch, not the main branch. Your selected branch stays the same unless you choose to switch to the new
              one.
            </Alert>
          ) : (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
              This branch will be your main branch. You can add more branches later from Branch Management.
            </Alert>
          )}
          <TextInput label="Branch Name" placeholder="e.g. Main Branch" {...form.getInputProps('name')} />
          <TextInput label="Address" placeholder="Branch address" {...form.getInputProps('address')} />
          <TextInput label="Phone" placeholder="Phone number" {...form.getInputProps('phone')} />
          {hasBranches ? (
            <Checkbox
              label="Switch to the new branch after creating it"
              checked={switchToNew}
              onChange={(event) => setSwitchToNew(event.currentTarget.checked)}
            />
          ) : null}
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
