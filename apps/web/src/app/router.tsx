import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { BrandsPage } from '../features/brands/components/brands-page';
import { CategoriesPage } from '../features/categories/components/categories-page';
import { BranchManagementPage } from '../features/companies/components/BranchManagementPage';
import { BranchSetupPage } from '../features/companies/components/BranchSetupPage';
import { CompanySetupPage } from '../features/companies/components/CompanySetupPage';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { PosPage } from '../features/pos/components/pos-page';
import { ProductsPage } from '../features/products/components/products-page';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { TransactionsPage } from '../features/transactions/components/transactions-page';
import { UsersPage } from '../features/users/components/users-page';
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
              { path: '/dashboard/branch-management', element: <BranchManagementPage /> },
              { path: '/settings', element: <SettingsPage /> },
              { path: '/dashboard/categories', element: <CategoriesPage /> },
              { path: '/dashboard/brands', element: <BrandsPage /> },
              { path: '/dashboard/products', element: <ProductsPage /> },
              { path: '/dashboard/users', element: <UsersPage /> },
              { path: '/dashboard/pos', element: <PosPage /> },
              { path: '/dashboard/transactions', element: <TransactionsPage /> },
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
