import { Badge, Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageBranches } from '@pos/shared';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { PagerFooter } from '../../../components/pager-footer';
import { TableStateRow } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { showingRange } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session-store';
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
  const [page, setPage] = useState(1);
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

  const branches = branchesQuery.data ?? [];
  const totalPages = Math.max(1, Math.ceil(branches.length / BRANCHES_PAGE_SIZE));
  const currentPage = Math.min(page, totalPages);
  const rows = branches.slice((currentPage - 1) * BRANCHES_PAGE_SIZE, currentPage * BRANCHES_PAGE_SIZE);
  const isLoading = companiesQuery.isPending || (companiesQuery.isSuccess && branchesQuery.isPending);

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

      <Paper withBorder radius="md" pos="relative">
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <TableStateRow
                  colSpan={COLUMNS.length}
                  loading={isLoading}
                  emptyText="No branches found. Create your first branch using the button above."
                />
              ) : (
                rows.map((branch) => (
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
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <PagerFooter
        label={showingRange({ page: currentPage, limit: BRANCHES_PAGE_SIZE, total: branches.length, noun: 'branches' })}
        page={currentPage}
        totalPages={totalPages}
        onPageChange={setPage}
      />

      <CreateBranchModal opened={opened} onClose={close} companies={companiesQuery.data ?? []} />
    </Stack>
  );
}
