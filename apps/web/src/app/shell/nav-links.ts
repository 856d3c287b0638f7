import type { Permission } from '@pos/shared';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowsExchange,
  IconBox,
  IconBuildingStore,
  IconCash,
  IconCashRegister,
  IconCategory,
  IconChartBar,
  IconClipboardList,
  IconFileImport,
  IconFileInvoice,
  IconGift,
  IconHistory,
  IconLayersSubtract,
  IconPackages,
  IconReceipt,
  IconReportMoney,
  IconTags,
  IconTruck,
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
  { label: 'Transfers', to: '/dashboard/transfers', icon: IconArrowsExchange, permission: 'view_inventory' },
  { label: 'Returns', to: '/dashboard/returns', icon: IconArrowBackUp, permission: 'view_returns' },
  { label: 'Suppliers', to: '/dashboard/suppliers', icon: IconTruck, permission: 'adjust_stock' },
  { label: 'Purchase Orders', to: '/dashboard/purchase-orders', icon: IconFileInvoice, permission: 'adjust_stock' },
  { label: 'Stock Counts', to: '/dashboard/stock-counts', icon: IconClipboardList, permission: 'adjust_stock' },
  { label: 'Reports', to: '/dashboard/reports', icon: IconChartBar, permission: 'view_sales' },
  { label: 'Shifts', to: '/dashboard/shifts', icon: IconCash, permission: 'view_sales' },
  { label: 'Audit Log', to: '/dashboard/audit-log', icon: IconHistory, permission: 'view_audit' },
  { label: 'Exceptions', to: '/dashboard/exceptions', icon: IconAlertTriangle, permission: 'view_audit' },
  { label: 'Import', to: '/dashboard/import', icon: IconFileImport, permission: 'adjust_stock' },
  { label: 'Products', to: '/dashboard/products', icon: IconBox },
  { label: 'Items', to: '/dashboard/items', icon: IconLayersSubtract, permission: 'manage_items' },
  { label: 'Categories', to: '/dashboard/categories', icon: IconCategory },
  { label: 'Brands', to: '/dashboard/brands', icon: IconTags },
  { label: 'Users', to: '/dashboard/users', icon: IconUsers, permission: 'manage_users' },
  { label: 'Customers', to: '/dashboard/customers', icon: IconUserHeart },
  { label: 'Account Ageing', to: '/dashboard/account-ageing', icon: IconReportMoney, permission: 'view_sales' },
  { label: 'Gift Vouchers', to: '/dashboard/gift-vouchers', icon: IconGift, permission: 'view_sales' },
  {
    label: 'Branch Management',
    to: '/dashboard/branch-management',
    icon: IconBuildingStore,
    requiresBranchAdmin: true,
  },
];
