export const PERMISSIONS = [
  'manage_companies',
  'manage_branches',
  'manage_tax',
  'manage_users',
  'manage_catalog',
  'manage_items',
  'view_cost',
  'adjust_stock',
  'view_sales',
  'view_returns',
  'view_audit',
  'manage_register_rules',
  'sell',
  'view_transactions',
  'view_inventory',
  'view_customers',
  'process_returns',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_IDS = { superAdmin: 1, manager: 2, cashier: 3 } as const;
export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS];

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Super Admin',
  2: 'Manager',
  3: 'Cashier',
};

const everyone: Permission[] = ['sell', 'view_transactions', 'view_inventory', 'view_customers', 'manage_catalog'];
const managers: Permission[] = [
  ...everyone,
  'manage_users',
  'manage_items',
  'view_cost',
  'adjust_stock',
  'view_sales',
  'view_returns',
  'view_audit',
  'manage_register_rules',
  'process_returns',
];

/** The fixed role rows (DESIGN.md section 6). The database is seeded from this table. */
export const ROLE_PERMISSIONS: Record<RoleId, Permission[]> = {
  1: [...managers, 'manage_companies', 'manage_branches', 'manage_tax'],
  2: managers,
  3: everyone,
};
