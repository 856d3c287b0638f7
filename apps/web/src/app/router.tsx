import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { GuestOnly } from './guest-only';
import { RequireAuth } from './require-auth';
import { RouteErrorScreen } from './route-error-screen';
import { AppLayout } from './shell/app-layout';

// Every screen is its own chunk, loaded when its route is first opened: the first load carries the
// shell and the opened screen only (the register must stay small for the tills).
export const routes: RouteObject[] = [
  {
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
                path: '/dashboard/inventory',
                lazy: () =>
                  import('../features/inventory/components/inventory-page').then((m) => ({
                    Component: m.InventoryPage,
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
