import { Badge, Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageBranches } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { PagedTable } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api';
import { showingRange } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session-store';
import { useLocalPages } from '../../../lib/use-paged-list';
import { useAllBranchesQuery, useCompaniesQuery } from '../api/companies.api';
import { CreateBranchModal } from './create-branch-modal';

export const BRANCHES_PAGE_SIZE = 10;
const COLUMNS = ['Branch Name', 'Company', 'Address', 'Phone', 'Status', 'Type'];

export function BranchManagementPage() {
  const user = useSessionUser();
  if (!canManageBranches(user)) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only administrators can manage branches." />
    );
  }
  return <BranchManagement />;
}

function BranchManagement() {
  const [opened, { open, close }] = useDisclosure(false);
  const companiesQuery = useCompaniesQuery();
  const branchesQuery = useAllBranchesQuery({ companies: companiesQuery.data });

  useEffect(() => {
    if (companiesQuery.error) notifyError(errorMessage(companiesQuery.error, 'Failed to fetch companies'));
  }, [companiesQuery.error]);
  useEffect(() => {
    if (branchesQuery.error) {
      console.error('Failed to fetch branches', branchesQuery.error);
      notifyError('Failed to fetch branches');
    }
  }, [branchesQuery.error]);

  // Every company's branches are read whole and paged here.
  const list = useLocalPages(branchesQuery.data ?? [], {
    pageSize: BRANCHES_PAGE_SIZE,
    isLoading: companiesQuery.isPending || (companiesQuery.isSuccess && branchesQuery.isPending),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Branch Management
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={open}>
          Create New Branch
        </Button>
      </Group>

      <Paper withBorder p="md" radius="md">
        <PagedTable
          list={list}
          label="Branches"
          columns={COLUMNS}
          row={(branch) => (
            <Table.Tr key={branch.id}>
              <Table.Td fw={500}>{branch.name}</Table.Td>
              <Table.Td>{branch.companyName}</Table.Td>
              <Table.Td>{branch.address}</Table.Td>
              <Table.Td>{branch.phone}</Table.Td>
              <Table.Td>
                <Badge color={branch.isActive ? 'green' : 'red'} variant="light">
                  {branch.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge color={branch.isMain ? 'blue' : 'gray'} variant="light">
                  {branch.isMain ? 'Main Branch' : 'Branch'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          )}
          minWidth={760}
          emptyText="No branches found. Create your first branch using the button above."
          summary={(range) => showingRange({ ...range, noun: 'branches' })}
        />
      </Paper>

      <CreateBranchModal opened={opened} onClose={close} companies={companiesQuery.data ?? []} />
    </Stack>
  );
}
