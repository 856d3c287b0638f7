import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { canSwitchBranch, isSuperAdmin, type User, userCan } from '@pos/shared';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { ExportButton } from '../../../components/export-button';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagerFooter } from '../../../components/pager-footer';
import { TableStateRow } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { showingRange } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useKeepPageInRange, useListControls } from '../../../lib/use-list-controls';
import { useCreateUser, useUpdateUser, useUsers } from '../api/users.api';
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
  const [branchFilter, setBranchFilter] = useState<string>(ALL_BRANCHES);
  const filterBranchId = seesAllBranches ? (branchFilter === ALL_BRANCHES ? undefined : branchFilter) : branchId;

  const list = useListControls({ scope: `${companyId}|${filterBranchId ?? 'all'}` });
  const users = useUsers({
    companyId,
    branchId: filterBranchId ?? undefined,
    page: list.page,
    limit: list.pageSize,
    search: list.debouncedSearch,
  });

  const branchOptions = useMemo(() => branches.map((b) => ({ value: b.id, label: b.name })), [branches]);
  const filterOptions = useMemo(
    () => [{ value: ALL_BRANCHES, label: 'All branches' }, ...branchOptions],
    [branchOptions],
  );
  // Another company: its branches are others, so back to all of them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the company changes
  useEffect(() => setBranchFilter(ALL_BRANCHES), [companyId]);

  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);

  const rows = users.data?.data ?? [];
  const total = users.data?.meta?.total ?? 0;
  const totalPages = users.data?.meta?.totalPages ?? 1;
  const { page, setPage } = list;

  useKeepPageInRange(page, setPage, users);

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
              query={{ companyId, branchId: filterBranchId ?? undefined, search: list.debouncedSearch || undefined }}
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
            onChange={(value) => setBranchFilter(value ?? ALL_BRANCHES)}
            allowDeselect={false}
            maw={320}
            mb="sm"
          />
        ) : null}
        <ListToolbar list={list} entity="users" placeholder="Search users..." mb="md" />

        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Username</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isSelecting || (users.isPending && companyId) || rows.length === 0 ? (
                <TableStateRow
                  colSpan={5}
                  loading={Boolean(isSelecting || (users.isPending && companyId))}
                  failed={users.isError}
                  errorText="Failed to fetch users"
                  emptyText="No users found"
                />
              ) : (
                rows.map((user) => {
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
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <PagerFooter
          mt="md"
          label={showingRange({ page: Math.min(list.page, totalPages), limit: list.pageSize, total })}
          page={list.page}
          totalPages={totalPages}
          onPageChange={list.setPage}
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
