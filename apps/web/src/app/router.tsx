import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { BranchSetupPage } from '../features/companies/components/BranchSetupPage';
import { CompanySetupPage } from '../features/companies/components/CompanySetupPage';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { RequireAuth } from './RequireAuth';
import { RouteErrorScreen } from './RouteErrorScreen';
import { AppLayout } from './shell/AppLayout';

/** The screens of later issues: real routes in the shell, showing their title for now. */
const PLACEHOLDERS: { path: string; title: string }[] = [
  { path: '/dashboard/inventory', title: 'Inventory' },
  { path: '/dashboard/returns', title: 'Returns' },
  { path: '/dashboard/customers', title: 'Customers' },
  { path: '/dashboard/customers/:customerId', title: 'Customer Details' },
];

// Each screen behind the shell is its own chunk, loaded when its route is first opened: the first
// load carries the shell and the opened screen only (the register must stay small for the tills).
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/company-setup', element: <CompanySetupPage /> },
          { path: '/branch-setup', element: <BranchSetupPage /> },
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              {
                path: '/dashboard/branch-management',
                lazy: () =>
                  import('../features/companies/components/BranchManagementPage').then((m) => ({
                    Component: m.BranchManagementPage,
                  })),
              },
              {
                path: '/settings',
                lazy: () =>
                  import('../features/settings/components/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
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
              ...PLACEHOLDERS.map(({ path, title }) => ({ path, element: <PlaceholderPage title={title} /> })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
