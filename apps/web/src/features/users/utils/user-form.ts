import {
  type CreateUserInput,
  ROLE_IDS,
  ROLE_NAMES,
  type RoleId,
  type UpdateUserInput,
  type User,
  userEditFormSchema,
  userFormSchema,
} from '@pos/shared';

/** The role pick-list (spec 02, sections 3 and 6): Super Admin 1, Manager 2, Cashier 3. */
export const ROLE_OPTIONS = ([ROLE_IDS.superAdmin, ROLE_IDS.manager, ROLE_IDS.cashier] as RoleId[]).map((id) => ({
  value: String(id),
  label: ROLE_NAMES[id],
}));

/** The 'Add User' modal as its inputs hold it; the role Select answers one id as a string. */
export type AddUserFormState = {
  name: string;
  email: string;
  username: string;
  password: string;
  roleId: string | null;
  branchId: string | null;
};

export type EditUserFormState = {
  name: string;
  email: string;
  roleId: string | null;
  branchId: string | null;
  isActive: boolean;
};

const roleIdsOf = (roleId: string | null) => (roleId ? [Number(roleId)] : []);

/** The schema's 'roleIds' errors belong to the form's single role select. */
function moveRoleErrors(errors: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path === 'roleIds' || path.startsWith('roleIds.') ? 'roleId' : path;
    if (!out[field] && typeof message === 'string') out[field] = message;
  }
  return out;
}

function issuesToErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!errors[path]) errors[path] = issue.message;
  }
  return moveRoleErrors(errors);
}

/** The spec's messages ('Name is required', 'Invalid email', ...) from the shared schema. */
export function validateAddUser(values: AddUserFormState): Record<string, string> {
  const result = userFormSchema.safeParse({ ...values, roleIds: roleIdsOf(values.roleId) });
  return result.success ? {} : issuesToErrors(result.error.issues);
}

export function validateEditUser(values: EditUserFormState): Record<string, string> {
  const result = userEditFormSchema.safeParse({ ...values, roleIds: roleIdsOf(values.roleId) });
  return result.success ? {} : issuesToErrors(result.error.issues);
}

/** POST /users: roleIds holds the one picked id; companyId is the selected company. */
export function createUserBody(values: AddUserFormState, companyId: string): CreateUserInput {
  const parsed = userFormSchema.parse({ ...values, roleIds: roleIdsOf(values.roleId) });
  return {
    name: parsed.name,
    email: parsed.email,
    username: parsed.username,
    password: parsed.password,
    roleIds: parsed.roleIds,
    companyId,
    branchId: parsed.branchId ?? null,
  };
}

export function userToEditForm(user: User): EditUserFormState {
  const roleId = user.roles[0]?.id;
  return {
    name: user.name,
    email: user.email ?? '',
    roleId: roleId ? String(roleId) : null,
    branchId: user.branchId,
    isActive: user.isActive,
  };
}

/** PATCH /users/{id}: only what changed, so an edit never rewrites fields the editor did not touch. */
export function updateUserBody(user: User, values: EditUserFormState): UpdateUserInput {
  const parsed = userEditFormSchema.parse({ ...values, roleIds: roleIdsOf(values.roleId) });
  const before = userToEditForm(user);
  const body: UpdateUserInput = {};
  if (parsed.name !== before.name) body.name = parsed.name;
  if (parsed.email !== before.email) body.email = parsed.email;
  if (values.roleId !== before.roleId) body.roleIds = parsed.roleIds;
  if ((parsed.branchId ?? null) !== (before.branchId ?? null)) body.branchId = parsed.branchId ?? null;
  if (parsed.isActive !== undefined && parsed.isActive !== before.isActive) body.isActive = parsed.isActive;
  return body;
}

/** Server field errors on the forms' fields. */
export function serverUserErrors(errors: Record<string, string> | undefined): Record<string, string> {
  return errors ? moveRoleErrors(errors) : {};
}
