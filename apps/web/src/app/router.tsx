import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { AppNotifications } from './app-notifications';
import { GuestOnly } from './guest-only';
import { RequireAuth } from './require-auth';
import { RouteErrorScreen } from './route-error-screen';
import { AppLayout } from './shell/app-layout';

// Every screen is its own chunk, loaded when its route is first opened: the first load carries the
// shell and the opened screen only (the register must stay small for the tills).
export const routes: RouteObject[] = [
  {
    // The toast stack lives inside the router: where it sits depends on the screen (app-notifications.tsx).
    element: (
      <>
        <AppNotifications />
        <Outlet />
      </>
    ),
    errorElement: <RouteErrorScreen />,
    // What shows while the first screen's lazy chunk loads (and no "No HydrateFallback" warning).
    hydrateFallbackElement: (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    ),
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <GuestOnly />,
        children: [
          {
            path: '/login',
            lazy: () => import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/company-setup',
            lazy: () =>
              import('../features/companies/components/company-setup-page').then((m) => ({
                Component: m.CompanySetupPage,
              })),
          },
          {
            path: '/branch-setup',
            lazy: () =>
              import('../features/companies/components/branch-setup-page').then((m) => ({
                Component: m.BranchSetupPage,
              })),
          },
          {
            element: <AppLayout />,
            children: [
              {
                path: '/dashboard',
                lazy: () =>
                  import('../features/dashboard/components/dashboard-page').then((m) => ({
                    Component: m.DashboardPage,
                  })),
              },
              {
                path: '/dashboard/branch-management',
                lazy: () =>
                  import('../features/companies/components/branch-management-page').then((m) => ({
                    Component: m.BranchManagementPage,
                  })),
              },
              {
                path: '/settings',
                lazy: () =>
                  import('../features/settings/components/settings-page').then((m) => ({ Component: m.SettingsPage })),
              },
              {
                path: '/dashboard/categories',
                lazy: () =>
                  import('../features/categories/components/categories-page').then((m) => ({
                    Component: m.CategoriesPage,
                  })),
              },
              {
                path: '/dashboard/brands',
                lazy: () =>
                  import('../features/brands/components/brands-page').then((m) => ({ Component: m.BrandsPage })),
              },
              {
                path: '/dashboard/products',
                lazy: () =>
                  import('../features/products/components/products-page').then((m) => ({ Component: m.ProductsPage })),
              },
              {
                path: '/dashboard/users',
                lazy: () => import('../features/users/components/users-page').then((m) => ({ Component: m.UsersPage })),
              },
              {
                path: '/dashboard/pos',
                lazy: () => import('../features/pos/components/pos-page').then((m) => ({ Component: m.PosPage })),
              },
              {
                path: '/dashboard/transactions',
                lazy: () =>
                  import('../features/transactions/components/transactions-page').then((m) => ({
                    Component: m.TransactionsPage,
                  })),
              },
              {
                path: '/dashboard/returns',
                lazy: () =>
                  import('../features/returns/components/returns-page').then((m) => ({ Component: m.ReturnsPage })),
              },
              {
                path: '/dashboard/reports',
                lazy: () =>
                  import('../features/reports/components/reports-page').then((m) => ({ Component: m.ReportsPage })),
              },
              {
                path: '/dashboard/import',
                lazy: () =>
                  import('../features/import/components/import-page').then((m) => ({ Component: m.ImportPage })),
              },
              {
                path: '/dashboard/shifts',
                lazy: () =>
                  import('../features/shifts/components/shifts-page').then((m) => ({ Component: m.ShiftsPage })),
              },
              {
                path: '/dashboard/audit-log',
                lazy: () =>
                  import('../features/audit/components/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
              },
              {
                path: '/dashboard/inventory',
                lazy: () =>
                  import('../features/inventory/components/inventory-page').then((m) => ({
                    Component: m.InventoryPage,
                  })),
              },
              {
                path: '/dashboard/transfers',
                lazy: () =>
                  import('../features/transfers/components/transfers-page').then((m) => ({
                    Component: m.TransfersPage,
                  })),
              },
              {
                path: '/dashboard/transfers/new',
                lazy: () =>
                  import('../features/transfers/components/transfer-form-page').then((m) => ({
                    Component: m.TransferFormPage,
                  })),
              },
              {
                path: '/dashboard/transfers/:id/edit',
                lazy: () =>
                  import('../features/transfers/components/transfer-form-page').then((m) => ({
                    Component: m.TransferFormPage,
                  })),
              },
              {
                path: '/dashboard/transfers/:id',
                lazy: () =>
                  import('../features/transfers/components/transfer-detail-page').then((m) => ({
                    Component: m.TransferDetailPage,
                  })),
              },
              {
                path: '/dashboard/suppliers',
                lazy: () =>
                  import('../features/purchasing/components/suppliers-page').then((m) => ({
                    Component: m.SuppliersPage,
                  })),
              },
              {
                path: '/dashboard/purchase-orders',
                lazy: () =>
                  import('../features/purchasing/components/purchase-orders-page').then((m) => ({
                    Component: m.PurchaseOrdersPage,
                  })),
              },
              {
                path: '/dashboard/purchase-orders/new',
                lazy: () =>
                  import('../features/purchasing/components/purchase-order-form-page').then((m) => ({
                    Component: m.PurchaseOrderFormPage,
                  })),
              },
              {
                path: '/dashboard/purchase-orders/:id',
                lazy: () =>
                  import('../features/purchasing/components/purchase-order-detail-page').then((m) => ({
                    Component: m.PurchaseOrderDetailPage,
                  })),
              },
              {
                path: '/dashboard/purchase-orders/:id/edit',
                lazy: () =>
                  import('../features/purchasing/components/purchase-order-form-page').then((m) => ({
                    Component: m.PurchaseOrderFormPage,
                  })),
              },
              {
                path: '/dashboard/stock-counts',
                lazy: () =>
                  import('../features/purchasing/components/stock-counts-page').then((m) => ({
                    Component: m.StockCountsPage,
                  })),
              },
              {
                path: '/dashboard/stock-counts/:id',
                lazy: () =>
                  import('../features/purchasing/components/stock-count-page').then((m) => ({
                    Component: m.StockCountPage,
                  })),
              },
              {
                path: '/dashboard/customers',
                lazy: () =>
                  import('../features/customers/components/customers-page').then((m) => ({
                    Component: m.CustomersPage,
                  })),
              },
              {
                path: '/dashboard/customers/:customerId',
                lazy: () =>
                  import('../features/customers/components/customer-detail-page').then((m) => ({
                    Component: m.CustomerDetailPage,
                  })),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
