/**
 * The role checks of the web app (spec 01, section 6). Pure functions over the session user, so the
 * shell, the guards and the tests share one definition. The server decides access on its own.
 */

/** The part of a session user the checks look at; every field may be missing in stale storage. */
export type PermissionSubject =
  | {
      isSuperUser?: boolean | null;
      roles?: ReadonlyArray<{ name?: string | null; permissions?: ReadonlyArray<string> | null }> | null;
    }
  | null
  | undefined;

const SUPER_ADMIN = 'Super Admin';
const ADMIN_ROLE_NAMES = new Set(['admin', 'super admin']);

function roleNames(user: PermissionSubject): string[] {
  return (user?.roles ?? []).map((role) => role?.name ?? '');
}

function hasRoleNamed(user: PermissionSubject, name: string): boolean {
  return roleNames(user).includes(name);
}

function hasPermission(user: PermissionSubject, permission: string): boolean {
  return (user?.roles ?? []).some((role) => (role?.permissions ?? []).includes(permission));
}

const isSuperUser = (user: PermissionSubject) => user?.isSuperUser === true;

/** The platform operator flag or a role named exactly 'Super Admin'. */
export function isSuperAdmin(user: PermissionSubject): boolean {
  return isSuperUser(user) || hasRoleNamed(user, SUPER_ADMIN);
}

/** Only super admins may switch companies in the shell. */
export function canSwitchCompany(user: PermissionSubject): boolean {
  return isSuperAdmin(user);
}

/** A cashier, held to the branch's register rules (discount limit, price changes, zero tax). */
export function isHeldByRegisterRules(user: PermissionSubject): boolean {
  return (
    !isSuperUser(user) &&
    hasRoleNamed(user, 'Cashier') &&
    !hasRoleNamed(user, SUPER_ADMIN) &&
    !hasRoleNamed(user, 'Manager')
  );
}

/**
 * Super users, super admins and managers may use any shift's drawer of their branches (cash in / out, no
 * sale); anyone else only the drawer of a shift they opened. The server's rule (requireDrawerHolder), as
 * the register checks it offline.
 */
export function mayUseAnyDrawer(user: PermissionSubject): boolean {
  return isSuperUser(user) || hasRoleNamed(user, SUPER_ADMIN) || hasRoleNamed(user, 'Manager');
}

/** Super users, super admins and managers may switch branches; everyone else works at their own. */
export function canSwitchBranch(user: PermissionSubject): boolean {
  return isSuperUser(user) || hasRoleNamed(user, SUPER_ADMIN) || hasRoleNamed(user, 'Manager');
}

/** The 'Administrator' badge of the settings screen: any role whose name contains 'admin'. */
export function isAdministrator(user: PermissionSubject): boolean {
  return roleNames(user).some((name) => name.toLowerCase().includes('admin'));
}

function hasAdminRole(user: PermissionSubject): boolean {
  return roleNames(user).some((name) => ADMIN_ROLE_NAMES.has(name.trim().toLowerCase()));
}

/** Branch Management: a super user, a role named admin (or super admin), or manage_branches. */
export function canManageBranches(user: PermissionSubject): boolean {
  return isSuperUser(user) || hasAdminRole(user) || hasPermission(user, 'manage_branches');
}

/** Company administration: a super user, a role named admin (or super admin), or manage_companies. */
export function canManageCompanies(user: PermissionSubject): boolean {
  return isSuperUser(user) || hasAdminRole(user) || hasPermission(user, 'manage_companies');
}

/** A role named cashier (any case). */
export function isCashier(user: PermissionSubject): boolean {
  return roleNames(user).some((name) => name.trim().toLowerCase() === 'cashier');
}

/**
 * Whether the user's role grants a permission (DESIGN.md section 6); the platform operator has all.
 * The shell shows each role only the screens and actions it may use; the server decides on its own.
 */
export function userCan(user: PermissionSubject, permission: string): boolean {
  return isSuperUser(user) || hasPermission(user, permission);
}
