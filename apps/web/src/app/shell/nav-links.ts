import type { Permission } from '@pos/shared';
import {
  IconArrowBackUp,
  IconBox,
  IconBuildingStore,
  IconCashRegister,
  IconCategory,
  IconPackages,
  IconReceipt,
  IconTags,
  IconUserHeart,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type NavLinkItem = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Shown only to users allowed to administer branches. */
  requiresBranchAdmin?: boolean;
  /** Shown only to roles with this permission (DESIGN.md section 6): no dead ends for a cashier. */
  permission?: Permission;
};

export const NAV_LINKS: NavLinkItem[] = [
  { label: 'Point of Sale', to: '/dashboard/pos', icon: IconCashRegister },
  { label: 'Transactions', to: '/dashboard/transactions', icon: IconReceipt },
  { label: 'Inventory', to: '/dashboard/inventory', icon: IconPackages },
  { label: 'Returns', to: '/dashboard/returns', icon: IconArrowBackUp, permission: 'view_returns' },
  { label: 'Products', to: '/dashboard/products', icon: IconBox },
  { label: 'Categories', to: '/dashboard/categories', icon: IconCategory },
  { label: 'Brands', to: '/dashboard/brands', icon: IconTags },
  { label: 'Users', to: '/dashboard/users', icon: IconUsers, permission: 'manage_users' },
  { label: 'Customers', to: '/dashboard/customers', icon: IconUserHeart },
  {
    label: 'Branch Management',
    to: '/dashboard/branch-management',
    icon: IconBuildingStore,
    requiresBranchAdmin: true,
  },
];
