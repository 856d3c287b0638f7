import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { canSwitchBranch, isSuperAdmin, type User, userCan } from '@pos/shared';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { ExportButton } from '../../../components/export-button';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api';
import { showingRange } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { useCreateUser, usersQuery, useUpdateUser } from '../api/users.api';
import { roleBadgeColor } from '../utils/role-badge';
import { type AddUserFormState, createUserBody, type EditUserFormState, updateUserBody } from '../utils/user-form';
import { AddUserModal, EditUserModal } from './user-modals';

/** The branch filter's 'All branches' choice (no branchId sent). */
const ALL_BRANCHES = 'all';

/** A typed /dashboard/users without manage_users (a cashier): Access Denied, not a failing list. */
export function UsersPage() {
  const me = useSessionUser();
  if (!userCan(me, 'manage_users')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators can manage users." />
    );
  }
  return <UsersScreen />;
}

function UsersScreen() {
  const { company, branch, branches, isLoading: isSelecting } = useCurrentSelection();
  const companyId = company?.id ?? null;
  const branchId = branch?.id ?? null;
  const me = useSessionUser();
  const canGrantSuperAdmin = isSuperAdmin(me);
  // The branch filter: every branch of the company by default for those who may see them all (so a
  // user made for another branch, or a Super Admin with no branch, is listed), else their own branch.
  const seesAllBranches = canSwitchBranch(me);
  const filterBranchOf = (filter: string) =>
    (seesAllBranches ? (filter === ALL_BRANCHES ? undefined : filter) : branchId) ?? undefined;
  const list = usePagedList({
    scope: `${companyId}|${seesAllBranches ? '' : branchId}`,
    filters: { branch: ALL_BRANCHES },
    query: ({ page, limit, search, filters }) =>
      usersQuery({ companyId, branchId: filterBranchOf(filters.branch), page, limit, search }),
    errorToast: { id: 'fetch-users', message: 'Failed to fetch users' },
  });
  const branchFilter = list.filters.branch;
  const filterBranchId = filterBranchOf(branchFilter);

  const branchOptions = useMemo(() => branches.map((b) => ({ value: b.id, label: b.name })), [branches]);
  const filterOptions = useMemo(
    () => [{ value: ALL_BRANCHES, label: 'All branches' }, ...branchOptions],
    [branchOptions],
  );
  // Another company: its branches are others, so back to all of them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the company changes
  useEffect(() => list.setFilter('branch', ALL_BRANCHES), [companyId]);

  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);

  const create = async (values: AddUserFormState) => {
    if (!companyId) return;
    try {
      await createUser.mutateAsync(createUserBody(values, companyId));
      notifySuccess('User created successfully');
      setIsAdding(false);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to create user'));
      throw error;
    }
  };

  const save = async (user: User, values: EditUserFormState) => {
    const body = updateUserBody(user, values);
    if (Object.keys(body).length === 0) {
      setEditing(null);
      return;
    }
    try {
      await updateUser.mutateAsync({ id: user.id, body });
      notifySuccess('User updated successfully');
      setEditing(null);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to update user'));
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users
        </Title>
        <Group gap="sm">
          {companyId && (
            <ExportButton
              path="/users/export.csv"
              query={{ companyId, branchId: filterBranchId, search: list.appliedSearch || undefined }}
              entity="users"
            />
          )}
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setIsAdding(true)} disabled={!companyId}>
            Add User
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        {seesAllBranches ? (
          <Select
            label="Branch"
            data={filterOptions}
            value={branchFilter}
            onChange={(value) => list.setFilter('branch', value ?? ALL_BRANCHES)}
            allowDeselect={false}
            maw={320}
            mb="sm"
          />
        ) : null}
        <ListToolbar list={list} entity="users" placeholder="Search users..." mb="md" />

        <PagedTable
          list={list}
          label="Users"
          columns={['Name', 'Email', 'Username', 'Role', 'Actions']}
          row={(user) => {
            const role = user.roles[0]?.name ?? '';
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {user.name}
                    </Text>
                    {user.isActive ? null : (
                      <Badge color="gray" variant="outline" size="xs">
                        Inactive
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{user.email ?? '—'}</Table.Td>
                <Table.Td>{user.username}</Table.Td>
                <Table.Td>
                  <Badge color={roleBadgeColor(role)} variant="light">
                    {role || 'No role'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setEditing(user)}
                    aria-label={`Edit ${user.name}`}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          }}
          minWidth={640}
          loading={isSelecting}
          errorText="Failed to fetch users"
          emptyText="No users found"
          summary={showingRange}
        />
      </Paper>

      <AddUserModal
        opened={isAdding}
        onClose={() => setIsAdding(false)}
        onCreate={create}
        isSaving={createUser.isPending}
        branchOptions={branchOptions}
        defaultBranchId={branchId}
        canGrantSuperAdmin={canGrantSuperAdmin}
      />
      <EditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        onSave={save}
        isSaving={updateUser.isPending}
        branchOptions={branchOptions}
        isSelf={editing !== null && editing.id === me?.id}
        canGrantSuperAdmin={canGrantSuperAdmin}
      />
    </Stack>
  );
}
