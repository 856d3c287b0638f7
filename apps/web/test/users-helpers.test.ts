import type { User } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { roleBadgeColor } from '../src/features/users/utils/role-badge';
import {
  createUserBody,
  ROLE_OPTIONS,
  updateUserBody,
  userToEditForm,
  validateAddUser,
  validateEditUser,
} from '../src/features/users/utils/user-form';
import { showingRange } from '../src/lib/format';

describe('showingRange', () => {
  it('describes the first page', () => {
    expect(showingRange({ page: 1, limit: 10, total: 42 })).toBe('Showing 1 - 10 of 42 items');
  });
  it('cuts the last page at the total', () => {
    expect(showingRange({ page: 5, limit: 10, total: 42 })).toBe('Showing 41 - 42 of 42 items');
  });
  it('reads zeros for an empty list', () => {
    expect(showingRange({ page: 1, limit: 10, total: 0 })).toBe('Showing 0 - 0 of 0 items');
  });
  it('clamps a page past the end', () => {
    expect(showingRange({ page: 9, limit: 5, total: 7 })).toBe('Showing 7 - 7 of 7 items');
  });
});

describe('roleBadgeColor', () => {
  it.each([
    ['Super Admin', 'blue'],
    ['Manager', 'green'],
    ['Cashier', 'yellow'],
    ['cashier', 'yellow'],
    ['Auditor', 'gray'],
    [undefined, 'gray'],
  ])('%s is %s', (role, color) => {
    expect(roleBadgeColor(role)).toBe(color);
  });
});

describe('the Add User form', () => {
  const valid = {
    name: 'Ayesha Khan',
    email: 'ayesha@example.com',
    username: 'ayesha',
    password: 'secret1',
    roleId: '3',
    branchId: null,
  };

  it('lists the roles Super Admin, Manager, Cashier with ids 1, 2, 3', () => {
    expect(ROLE_OPTIONS).toEqual([
      { value: '1', label: 'Super Admin' },
      { value: '2', label: 'Manager' },
      { value: '3', label: 'Cashier' },
    ]);
  });

  it('gives the spec messages', () => {
    expect(
      validateAddUser({ name: 'A', email: 'no-at', username: 'ab', password: '12345', roleId: null, branchId: null }),
    ).toEqual({
      name: 'Name is required',
      email: 'Invalid email',
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      roleId: 'At least one role is required',
    });
  });

  it('accepts a valid user', () => {
    expect(validateAddUser(valid)).toEqual({});
  });

  it('sends the role as a one-number list and the selected company', () => {
    expect(createUserBody({ ...valid, branchId: '7b1d1f0e-3a1c-4d7e-9a57-0c6a3f0f4a11' }, 'company-1')).toEqual({
      name: 'Ayesha Khan',
      email: 'ayesha@example.com',
      username: 'ayesha',
      password: 'secret1',
      roleIds: [3],
      companyId: 'company-1',
      branchId: '7b1d1f0e-3a1c-4d7e-9a57-0c6a3f0f4a11',
    });
  });
});

describe('the Edit User form', () => {
  const user: User = {
    id: 'u1',
    name: 'Bilal',
    email: 'bilal@example.com',
    username: 'bilal',
    roles: [{ id: 2, name: 'Manager', permissions: [] }],
    companyId: 'c1',
    branchId: null,
    isSuperUser: false,
    isActive: true,
    managedBranch: null,
  };

  it('starts from the user', () => {
    expect(userToEditForm(user)).toEqual({
      name: 'Bilal',
      email: 'bilal@example.com',
      roleId: '2',
      branchId: null,
      isActive: true,
    });
  });

  it('sends only what changed', () => {
    const values = { ...userToEditForm(user), roleId: '3', isActive: false };
    expect(updateUserBody(user, values)).toEqual({ roleIds: [3], isActive: false });
    expect(updateUserBody(user, userToEditForm(user))).toEqual({});
  });

  it('validates name and email with the spec messages', () => {
    expect(validateEditUser({ ...userToEditForm(user), name: ' ', email: 'x' })).toEqual({
      name: 'Name is required',
      email: 'Invalid email',
    });
  });
});
