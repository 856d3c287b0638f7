import { z } from 'zod';
import { roleSchema } from './auth';
import { optionalRefSchema, searchSchema } from './categories';
import { envelope, idSchema, namedRefSchema, paged, pageQuerySchema } from './common';
import { MSG } from './messages';
import { ROLE_IDS, type RoleId } from './roles';

export const USER_MSG = {
  nameRequired: 'Name is required',
  invalidEmail: MSG.invalidEmail,
  usernameMin: MSG.usernameMin,
  usernameSpaces: 'Username cannot contain spaces',
  passwordMin: MSG.passwordMin,
  roleRequired: 'At least one role is required',
  oneRole: 'A user has exactly one role',
  invalidRole: 'Invalid role',
  invalidBranch: 'Invalid branch',
  usernameTaken: 'Username already exists',
  cannotGrantSuperAdmin: 'Only a Super Admin can grant the Super Admin role',
  cannotEditSuperAdmin: 'Only a Super Admin can change a Super Admin',
  branchOtherCompany: "The branch must belong to the user's company",
  selectCompany: MSG.selectCompany,
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  created: 'User created successfully',
  updated: 'User updated successfully',
} as const;

// "text@text", as the spec says: non-space, @, non-space.
const EMAIL_RE = /^\S+@\S+$/;
const roleIdValues: readonly number[] = Object.values(ROLE_IDS);

const userName = z.string({ error: USER_MSG.nameRequired }).trim().min(2, USER_MSG.nameRequired).max(100);
const userEmail = z.string({ error: USER_MSG.invalidEmail }).trim().max(200).regex(EMAIL_RE, USER_MSG.invalidEmail);
/** One role, as a list (the spec's payload): Super Admin 1, Manager 2, Cashier 3. */
export const roleIdsSchema = z
  .array(
    z
      .number({ error: USER_MSG.invalidRole })
      .int(USER_MSG.invalidRole)
      .refine((id) => roleIdValues.includes(id), USER_MSG.invalidRole)
      .transform((id) => id as RoleId),
    { error: USER_MSG.roleRequired },
  )
  .min(1, USER_MSG.roleRequired)
  .max(1, USER_MSG.oneRole);

const userFields = {
  name: userName,
  email: userEmail,
  username: z
    .string({ error: USER_MSG.usernameMin })
    .trim()
    .min(3, USER_MSG.usernameMin)
    .max(50)
    .regex(/^\S+$/, USER_MSG.usernameSpaces),
  password: z.string({ error: USER_MSG.passwordMin }).min(6, USER_MSG.passwordMin).max(200),
  roleIds: roleIdsSchema,
  branchId: optionalRefSchema(USER_MSG.invalidBranch).optional(),
};

/** POST /users. companyId defaults to the creator's company; branchId is optional and must be in that company. */
export const createUserSchema = z.object({ ...userFields, companyId: idSchema.optional() });
export type CreateUserInput = z.input<typeof createUserSchema>;

/** The 'Add User' modal (company and branch come from the current selection / an optional select). */
export const userFormSchema = z.object(userFields);
export type UserFormValues = z.input<typeof userFormSchema>;

/**
 * PATCH /users/{id}: the Edit form. isActive false deactivates the user: they can no longer sign
 * in and every open session of theirs is revoked (their tokens get 401).
 */
export const updateUserSchema = z.object({
  name: userName.optional(),
  email: userEmail.optional(),
  roleIds: roleIdsSchema.optional(),
  branchId: userFields.branchId,
  isActive: z.boolean({ error: 'Invalid value' }).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** The Edit User form. */
export const userEditFormSchema = updateUserSchema.required({ name: true, email: true, roleIds: true });
export type UserEditFormValues = z.input<typeof userEditFormSchema>;

/** GET /users: search matches name, username or email; companyId/branchId narrow within the caller's reach. */
export const userListQuerySchema = pageQuerySchema.extend({
  search: searchSchema,
  companyId: idSchema.optional(),
  branchId: idSchema.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  roles: z.array(roleSchema),
  companyId: z.string().nullable(),
  branchId: z.string().nullable(),
  isSuperUser: z.boolean(),
  isActive: z.boolean(),
  managedBranch: namedRefSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userResponses = {
  list: paged(userSchema),
  one: envelope(userSchema),
};
