import { describe, expect, it } from 'vitest';
import {
  canManageBranches,
  canManageCompanies,
  canSwitchBranch,
  canSwitchCompany,
  isAdministrator,
  isCashier,
  isSuperAdmin,
  type PermissionSubject,
} from '../src/permissions';

const role = (name: string, permissions: string[] = []) => ({ name, permissions });
const withRoles = (...roles: ReturnType<typeof role>[]): PermissionSubject => ({ isSuperUser: false, roles });
const superUser: PermissionSubject = { isSuperUser: true, roles: [] };
const nobody: PermissionSubject[] = [null, undefined, {}, { isSuperUser: false, roles: [] }, { roles: null }];

describe('isSuperAdmin', () => {
  it('accepts the super user flag', () => expect(isSuperAdmin(superUser)).toBe(true));
  it("accepts a role named exactly 'Super Admin'", () =>
    expect(isSuperAdmin(withRoles(role('Super Admin')))).toBe(true));
  it('rejects other spellings and other roles', () => {
    expect(isSuperAdmin(withRoles(role('super admin')))).toBe(false);
    expect(isSuperAdmin(withRoles(role('Admin')))).toBe(false);
    expect(isSuperAdmin(withRoles(role('Manager')))).toBe(false);
  });
  it('rejects empty and missing users', () => {
    for (const user of nobody) expect(isSuperAdmin(user)).toBe(false);
  });
});

describe('canSwitchCompany', () => {
  it('is the super-admin check', () => {
    expect(canSwitchCompany(superUser)).toBe(true);
    expect(canSwitchCompany(withRoles(role('Super Admin')))).toBe(true);
    expect(canSwitchCompany(withRoles(role('Manager')))).toBe(false);
    expect(canSwitchCompany(withRoles(role('Cashier')))).toBe(false);
    for (const user of nobody) expect(canSwitchCompany(user)).toBe(false);
  });
});

describe('canSwitchBranch', () => {
  it('allows the super user, Super Admin and Manager', () => {
    expect(canSwitchBranch(superUser)).toBe(true);
    expect(canSwitchBranch(withRoles(role('Super Admin')))).toBe(true);
    expect(canSwitchBranch(withRoles(role('Manager')))).toBe(true);
  });
  it('refuses cashiers, other roles and missing users', () => {
    expect(canSwitchBranch(withRoles(role('Cashier')))).toBe(false);
    expect(canSwitchBranch(withRoles(role('manager')))).toBe(false);
    expect(canSwitchBranch(withRoles(role('Admin')))).toBe(false);
    for (const user of nobody) expect(canSwitchBranch(user)).toBe(false);
  });
  it('looks at every role', () => expect(canSwitchBranch(withRoles(role('Cashier'), role('Manager')))).toBe(true));
});

describe('isAdministrator', () => {
  it("matches any role name containing 'admin', in any case", () => {
    expect(isAdministrator(withRoles(role('Super Admin')))).toBe(true);
    expect(isAdministrator(withRoles(role('ADMIN')))).toBe(true);
    expect(isAdministrator(withRoles(role('Branch administrator')))).toBe(true);
  });
  it('does not look at the super user flag or permissions', () => {
    expect(isAdministrator(superUser)).toBe(false);
    expect(isAdministrator(withRoles(role('Manager', ['manage_branches'])))).toBe(false);
    for (const user of nobody) expect(isAdministrator(user)).toBe(false);
  });
});

describe('canManageBranches', () => {
  it('allows the super user', () => expect(canManageBranches(superUser)).toBe(true));
  it("allows a role named 'admin' or 'super admin' in any case", () => {
    expect(canManageBranches(withRoles(role('Admin')))).toBe(true);
    expect(canManageBranches(withRoles(role('admin')))).toBe(true);
    expect(canManageBranches(withRoles(role('Super Admin')))).toBe(true);
    expect(canManageBranches(withRoles(role('SUPER ADMIN')))).toBe(true);
  });
  it('allows the manage_branches permission on any role', () =>
    expect(canManageBranches(withRoles(role('Manager', ['manage_branches'])))).toBe(true));
  it('refuses others', () => {
    expect(canManageBranches(withRoles(role('Manager', ['manage_users'])))).toBe(false);
    expect(canManageBranches(withRoles(role('Cashier', ['sell'])))).toBe(false);
    expect(canManageBranches(withRoles(role('Administrator')))).toBe(false);
    expect(canManageBranches(withRoles(role('Manager', ['manage_companies'])))).toBe(false);
    for (const user of nobody) expect(canManageBranches(user)).toBe(false);
  });
});

describe('canManageCompanies', () => {
  it('allows the super user and admin roles', () => {
    expect(canManageCompanies(superUser)).toBe(true);
    expect(canManageCompanies(withRoles(role('admin')))).toBe(true);
    expect(canManageCompanies(withRoles(role('Super Admin')))).toBe(true);
  });
  it('allows the manage_companies permission', () =>
    expect(canManageCompanies(withRoles(role('Manager', ['manage_companies'])))).toBe(true));
  it('refuses others', () => {
    expect(canManageCompanies(withRoles(role('Manager', ['manage_branches'])))).toBe(false);
    expect(canManageCompanies(withRoles(role('Cashier')))).toBe(false);
    for (const user of nobody) expect(canManageCompanies(user)).toBe(false);
  });
});

describe('isCashier', () => {
  it('matches a role named cashier', () => {
    expect(isCashier(withRoles(role('Cashier')))).toBe(true);
    expect(isCashier(withRoles(role('cashier')))).toBe(true);
  });
  it('refuses other roles', () => {
    expect(isCashier(withRoles(role('Head Cashier')))).toBe(false);
    expect(isCashier(withRoles(role('Manager')))).toBe(false);
    expect(isCashier(superUser)).toBe(false);
    for (const user of nobody) expect(isCashier(user)).toBe(false);
  });
});
