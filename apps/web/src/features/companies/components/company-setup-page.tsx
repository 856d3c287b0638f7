import { Button, Group, Loader, Select, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createCompanySchema, DEFAULT_CURRENCY } from '@pos/shared';
import { IconBuilding, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { currencyOptions } from '../../../lib/format';
import { zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSelectionStore } from '../../../lib/selection-store';
import { useSessionUser } from '../../../lib/session-store';
import { type CompanySummary, useCompaniesQuery, useCreateCompanyMutation } from '../api/companies.api';
import classes from './setup.module.css';
import { SetupLayout } from './setup-layout';

function CompanyList({
  companies,
  onPick,
  onCreate,
}: {
  companies: CompanySummary[];
  onPick: (company: CompanySummary) => void;
  onCreate: () => void;
}) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Select Company
        </Title>
        <Text c="dimmed" size="sm">
          Choose the company to work with, or create a new one.
        </Text>
      </Stack>
      <Stack gap="xs">
        {companies.map((company) => (
          <UnstyledButton key={company.id} className={classes.item} onClick={() => onPick(company)}>
            <Group justify="space-between" wrap="nowrap">
              <Group wrap="nowrap" gap="sm">
                <IconBuilding size={22} color="var(--mantine-color-blue-6)" />
                <div>
                  <Text fw={600}>{company.name}</Text>
                  <Text size="sm" c="dimmed">
                    {company.address}
                  </Text>
                </div>
              </Group>
              <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
      <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
        Create New Company
      </Button>
    </Stack>
  );
}

function CompanyForm({ onClose, onCreated }: { onClose?: () => void; onCreated: (companyId: string) => void }) {
  const createCompany = useCreateCompanyMutation();
  const currencies = useMemo(currencyOptions, []);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', address: '', phone: '', email: '', taxId: '', currency: DEFAULT_CURRENCY },
    validate: zodValidate(createCompanySchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const company = await createCompany.mutateAsync({ ...values, taxId: values.taxId.trim() || null });
      notifySuccess('Company created successfully!');
      onCreated(company.id);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to create company'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Company Setup
          </Title>
          <Text c="dimmed" size="sm">
            Tell us about your company. You will set up its main branch next.
          </Text>
        </Stack>
        <TextInput label="Company Name" placeholder="Your company name" {...form.getInputProps('name')} />
        <TextInput label="Address" placeholder="Company address" {...form.getInputProps('address')} />
        <TextInput label="Phone" placeholder="Phone number" {...form.getInputProps('phone')} />
        <TextInput label="Email" placeholder="company@example.com" {...form.getInputProps('email')} />
        <TextInput label="Tax ID (optional)" placeholder="Tax ID" {...form.getInputProps('taxId')} />
        <Select
          label="Currency"
          description="Every amount of the company is shown in it; it can be changed in Settings."
          data={currencies}
          searchable
          allowDeselect={false}
          {...form.getInputProps('currency')}
        />
        <Group justify="flex-end" mt="sm">
          {onClose ? (
            <Button variant="default" onClick={onClose} disabled={createCompany.isPending}>
              Close
            </Button>
          ) : null}
          <Button type="submit" loading={createCompany.isPending}>
            Continue to Branch Setup
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CompanySetupPage() {
  const navigate = useNavigate();
  const user = useSessionUser();
  const selectCompany = useSelectionStore((s) => s.selectCompany);
  const companiesQuery = useCompaniesQuery();
  const [isCreating, setIsCreating] = useState(false);

  useEffect(() => {
    if (companiesQuery.error) notifyError(errorMessage(companiesQuery.error, 'Failed to fetch companies'));
  }, [companiesQuery.error]);

  // The session's list stands in while the server's list loads (or when it failed).
  const companies: CompanySummary[] = companiesQuery.data ?? user?.company ?? [];
  const goToBranchSetup = (companyId: string) => {
    selectCompany(companyId);
    navigate('/branch-setup', { state: { companyId: String(companyId) } });
  };

  if (companiesQuery.isPending && companies.length === 0) {
    return (
      <SetupLayout>
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      </SetupLayout>
    );
  }

  const hasCompanies = companies.length > 0;
  return (
    <SetupLayout>
      {hasCompanies && !isCreating ? (
        <CompanyList
          companies={companies}
          onPick={(company) => goToBranchSetup(company.id)}
          onCreate={() => setIsCreating(true)}
        />
      ) : (
        <CompanyForm onClose={hasCompanies ? () => setIsCreating(false) : undefined} onCreated={goToBranchSetup} />
      )}
    </SetupLayout>
  );
}
