import { Button, Group, Modal, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLE_IDS, type User } from '@pos/shared';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api';
import {
  type AddUserFormState,
  type EditUserFormState,
  ROLE_OPTIONS,
  serverUserErrors,
  userToEditForm,
  validateAddUser,
  validateEditUser,
} from '../utils/user-form';

type BranchOption = { value: string; label: string };

/** Only a Super Admin may grant Super Admin; the option stays listed, as the spec shows it. */
const roleOptionsFor = (canGrantSuperAdmin: boolean) =>
  ROLE_OPTIONS.map((option) => ({
    ...option,
    disabled: !canGrantSuperAdmin && option.value === String(ROLE_IDS.superAdmin),
  }));

const emptyAddForm: AddUserFormState = {
  name: '',
  email: '',
  username: '',
  password: '',
  roleId: null,
  branchId: null,
};

export function AddUserModal({
  opened,
  onClose,
  onCreate,
  isSaving,
  branchOptions,
  defaultBranchId,
  canGrantSuperAdmin,
}: {
  opened: boolean;
  onClose: () => void;
  onCreate: (values: AddUserFormState) => Promise<unknown>;
  isSaving: boolean;
  branchOptions: BranchOption[];
  /** The selected branch, so a new user is listed where they were added. */
  defaultBranchId: string | null;
  canGrantSuperAdmin: boolean;
}) {
  const form = useForm<AddUserFormState>({ initialValues: emptyAddForm, validate: validateAddUser });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens
  useEffect(() => {
    if (!opened) return;
    const hasDefault = branchOptions.some((b) => b.value === defaultBranchId);
    const values = { ...emptyAddForm, branchId: hasDefault ? defaultBranchId : null };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onCreate(values);
    } catch (error) {
      if (isApiError(error)) form.setErrors(serverUserErrors(error.errors));
    }
  });

  return (
    <Modal opened={opened} onClose={isSaving ? () => {} : onClose} title="Add User" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" placeholder="Full name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Email" placeholder="name@example.com" withAsterisk {...form.getInputProps('email')} />
          <TextInput
            label="Username"
            placeholder="At least 3 characters"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            placeholder="At least 6 characters"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Select
            label="Role"
            placeholder="Select a role"
            data={roleOptionsFor(canGrantSuperAdmin)}
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('roleId')}
          />
          {branchOptions.length > 0 ? (
            <Select
              label="Branch"
              placeholder="No branch"
              data={branchOptions}
              clearable
              searchable
              {...form.getInputProps('branchId')}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const emptyEditForm: EditUserFormState = { name: '', email: '', roleId: null, branchId: null, isActive: true };

export function EditUserModal({
  user,
  onClose,
  onSave,
  isSaving,
  branchOptions,
  isSelf,
  canGrantSuperAdmin,
}: {
  user: User | null;
  onClose: () => void;
  onSave: (user: User, values: EditUserFormState) => Promise<unknown>;
  isSaving: boolean;
  branchOptions: BranchOption[];
  /** One's own role and active flag are not editable (the server refuses too). */
  isSelf: boolean;
  canGrantSuperAdmin: boolean;
}) {
  const form = useForm<EditUserFormState>({ initialValues: emptyEditForm, validate: validateEditUser });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill when another user is opened
  useEffect(() => {
    if (!user) return;
    const values = userToEditForm(user);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [user]);

  const submit = form.onSubmit(async (values) => {
    if (!user) return;
    try {
      await onSave(user, values);
    } catch (error) {
      if (isApiError(error)) form.setErrors(serverUserErrors(error.errors));
    }
  });

  const isTargetSuperAdmin = user?.roles.some((r) => r.id === ROLE_IDS.superAdmin) ?? false;
  const isRoleLocked = isSelf || (isTargetSuperAdmin && !canGrantSuperAdmin);

  return (
    <Modal opened={user !== null} onClose={isSaving ? () => {} : onClose} title="Edit User" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Username" value={user?.username ?? ''} disabled readOnly />
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Email" withAsterisk {...form.getInputProps('email')} />
          <Select
            label="Role"
            data={roleOptionsFor(canGrantSuperAdmin)}
            withAsterisk
            allowDeselect={false}
            disabled={isRoleLocked}
            description={isSelf ? 'You cannot change your own role' : undefined}
            {...form.getInputProps('roleId')}
          />
          {branchOptions.length > 0 ? (
            <Select
              label="Branch"
              placeholder="No branch"
              data={branchOptions}
              clearable
              searchable
              {...form.getInputProps('branchId')}
            />
          ) : null}
          <Switch
            label="Active"
            description={
              isSelf ? 'You cannot deactivate your own account' : 'An inactive user cannot sign in; open sessions end'
            }
            disabled={isSelf}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
