import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { NotFound } from '../components/not-found';
import { ScreenLoader } from '../components/screen-loader';
import { CUSTOMER_DISPLAY_PATH } from '../lib/customer-display';
import { AppNotifications } from './app-notifications';
import { GuestOnly } from './guest-only';
import { RequireAuth } from './require-auth';
import { AppLayout } from './shell/app-layout';

/** One screen as its own chunk, loaded when its route is first opened (React.lazy). */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

// Every screen is its own chunk: the first load carries the shell and the opened screen only (the register
// must stay small for the tills). React Router's declarative mode (<BrowserRouter> and <Routes>): the
// app uses no loaders or actions, and the data router costs about 17 KB gzip more on the first load.
const LoginPage = screen(
  () => import('../features/auth/components/login-page'),
  (m) => m.LoginPage,
);
const CompanySetupPage = screen(
  () => import('../features/companies/components/company-setup-page'),
  (m) => m.CompanySetupPage,
);
const BranchSetupPage = screen(
  () => import('../features/companies/components/branch-setup-page'),
  (m) => m.BranchSetupPage,
);
const DashboardPage = screen(
  () => import('../features/dashboard/components/dashboard-page'),
  (m) => m.DashboardPage,
);
const BranchManagementPage = screen(
  () => import('../features/companies/components/branch-management-page'),
  (m) => m.BranchManagementPage,
);
const SettingsPage = screen(
  () => import('../features/settings/components/settings-page'),
  (m) => m.SettingsPage,
);
const CategoriesPage = screen(
  () => import('../features/categories/components/categories-page'),
  (m) => m.CategoriesPage,
);
const BrandsPage = screen(
  () => import('../features/brands/components/brands-page'),
  (m) => m.BrandsPage,
);
const ProductsPage = screen(
  () => import('../features/products/components/products-page'),
  (m) => m.ProductsPage,
);
const ItemsPage = screen(
  () => import('../features/items/components/items-page'),
  (m) => m.ItemsPage,
);
const ItemFormPage = screen(
  () => import('../features/items/components/item-form-page'),
  (m) => m.ItemFormPage,
);
const ItemDetailPage = screen(
  () => import('../features/items/components/item-detail-page'),
  (m) => m.ItemDetailPage,
);
const UsersPage = screen(
  () => import('../features/users/components/users-page'),
  (m) => m.UsersPage,
);
const PosPage = screen(
  () => import('../features/pos/components/pos-page'),
  (m) => m.PosPage,
);
const TransactionsPage = screen(
  () => import('../features/transactions/components/transactions-page'),
  (m) => m.TransactionsPage,
);
const ReturnsPage = screen(
  () => import('../features/returns/components/returns-page'),
  (m) => m.ReturnsPage,
);
const ReportsPage = screen(
  () => import('../features/reports/components/reports-page'),
  (m) => m.ReportsPage,
);
const ImportPage = screen(
  () => import('../features/import/components/import-page'),
  (m) => m.ImportPage,
);
const ShiftsPage = screen(
  () => import('../features/shifts/components/shifts-page'),
  (m) => m.ShiftsPage,
);
const AuditLogPage = screen(
  () => import('../features/audit/components/audit-log-page'),
  (m) => m.AuditLogPage,
);
const ExceptionsPage = screen(
  () => import('../features/exceptions/components/exceptions-page'),
  (m) => m.ExceptionsPage,
);
const InventoryPage = screen(
  () => import('../features/inventory/components/inventory-page'),
  (m) => m.InventoryPage,
);
const TransfersPage = screen(
  () => import('../features/transfers/components/transfers-page'),
  (m) => m.TransfersPage,
);
const TransferFormPage = screen(
  () => import('../features/transfers/components/transfer-form-page'),
  (m) => m.TransferFormPage,
);
const TransferDetailPage = screen(
  () => import('../features/transfers/components/transfer-detail-page'),
  (m) => m.TransferDetailPage,
);
const SuppliersPage = screen(
  () => import('../features/purchasing/components/suppliers-page'),
  (m) => m.SuppliersPage,
);
const PurchaseOrdersPage = screen(
  () => import('../features/purchasing/components/purchase-orders-page'),
  (m) => m.PurchaseOrdersPage,
);
const PurchaseOrderFormPage = screen(
  () => import('../features/purchasing/components/purchase-order-form-page'),
  (m) => m.PurchaseOrderFormPage,
);
const PurchaseOrderDetailPage = screen(
  () => import('../features/purchasing/components/purchase-order-detail-page'),
  (m) => m.PurchaseOrderDetailPage,
);
const StockCountsPage = screen(
  () => import('../features/purchasing/components/stock-counts-page'),
  (m) => m.StockCountsPage,
);
const StockCountPage = screen(
  () => import('../features/purchasing/components/stock-count-page'),
  (m) => m.StockCountPage,
);
const CustomersPage = screen(
  () => import('../features/customers/components/customers-page'),
  (m) => m.CustomersPage,
);
const AccountAgeingPage = screen(
  () => import('../features/customers/components/account-ageing-page'),
  (m) => m.AccountAgeingPage,
);
const GiftVouchersPage = screen(
  () => import('../features/gift-vouchers/components/gift-vouchers-page'),
  (m) => m.GiftVouchersPage,
);
const CustomerDisplayPage = screen(
  () => import('../features/customer-display/components/customer-display-page'),
  (m) => m.CustomerDisplayPage,
);
const CustomerDetailPage = screen(
  () => import('../features/customers/components/customer-detail-page'),
  (m) => m.CustomerDetailPage,
);

/**
 * Above every screen: the toast stack (where it sits depends on the screen: app-notifications.tsx) and the error
 * screen for a rendering failure of any route, cleared when the user goes to another address.
 */
function Screens() {
  const { pathname } = useLocation();
  return (
    <>
      <AppNotifications />
      <AppErrorBoundary resetKey={pathname}>
        <Suspense fallback={<ScreenLoader />}>
          <Outlet />
        </Suspense>
      </AppErrorBoundary>
    </>
  );
}

/** The app's routes (rendered inside <BrowserRouter> by app.tsx). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Screens />}>
        <Route path="/" element={<Navigate to="/login" replace />} />
        {/* The customer display: fed by this browser's register only (lib/customer-display.ts), no sign-in. */}
        <Route path={CUSTOMER_DISPLAY_PATH} element={<CustomerDisplayPage />} />
        <Route element={<GuestOnly />}>
          <Route path="/login" element={<LoginPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/company-setup" element={<CompanySetupPage />} />
          <Route path="/branch-setup" element={<BranchSetupPage />} />
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/dashboard/branch-management" element={<BranchManagementPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/dashboard/categories" element={<CategoriesPage />} />
            <Route path="/dashboard/brands" element={<BrandsPage />} />
            <Route path="/dashboard/products" element={<ProductsPage />} />
            <Route path="/dashboard/items" element={<ItemsPage />} />
            <Route path="/dashboard/items/new" element={<ItemFormPage />} />
            <Route path="/dashboard/items/:id" element={<ItemDetailPage />} />
            <Route path="/dashboard/users" element={<UsersPage />} />
            <Route path="/dashboard/pos" element={<PosPage />} />
            <Route path="/dashboard/transactions" element={<TransactionsPage />} />
            <Route path="/dashboard/returns" element={<ReturnsPage />} />
            <Route path="/dashboard/reports" element={<ReportsPage />} />
            <Route path="/dashboard/import" element={<ImportPage />} />
            <Route path="/dashboard/shifts" element={<ShiftsPage />} />
            <Route path="/dashboard/audit-log" element={<AuditLogPage />} />
            <Route path="/dashboard/exceptions" element={<ExceptionsPage />} />
            <Route path="/dashboard/inventory" element={<InventoryPage />} />
            <Route path="/dashboard/transfers" element={<TransfersPage />} />
            <Route path="/dashboard/transfers/new" element={<TransferFormPage />} />
            <Route path="/dashboard/transfers/:id/edit" element={<TransferFormPage />} />
            <Route path="/dashboard/transfers/:id" element={<TransferDetailPage />} />
            <Route path="/dashboard/suppliers" element={<SuppliersPage />} />
            <Route path="/dashboard/purchase-orders" element={<PurchaseOrdersPage />} />
            <Route path="/dashboard/purchase-orders/new" element={<PurchaseOrderFormPage />} />
            <Route path="/dashboard/purchase-orders/:id" element={<PurchaseOrderDetailPage />} />
            <Route path="/dashboard/purchase-orders/:id/edit" element={<PurchaseOrderFormPage />} />
            <Route path="/dashboard/stock-counts" element={<StockCountsPage />} />
            <Route path="/dashboard/stock-counts/:id" element={<StockCountPage />} />
            <Route path="/dashboard/customers" element={<CustomersPage />} />
            <Route path="/dashboard/customers/:customerId" element={<CustomerDetailPage />} />
            <Route path="/dashboard/account-ageing" element={<AccountAgeingPage />} />
            <Route path="/dashboard/gift-vouchers" element={<GiftVouchersPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
