import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { showPaymentOnDisplay } from '../store/customer-display';
import type { PaymentModalProps } from './payment-modal';

/**
 * The register's dialogs a cashier does not need on the first screen load on first use (the
 * register's first-load JavaScript must stay <= 250 KB gzip): each is its own chunk, fetched the first time it
 * opens. The service worker precaches every chunk (apps/web/vite.config.ts), so they open offline too.
 * The payment dialog is fetched ahead as soon as the cart holds an item (preloadPaymentDialog), so mod+P and
 * typing the amount do not wait for it.
 */
export const ApprovalModal = lazy(() => import('./approval-modal').then((m) => ({ default: m.ApprovalModal })));
export const OfflineApprovalModal = lazy(() =>
  import('./offline-approval-modal').then((m) => ({ default: m.OfflineApprovalModal })),
);
export const LinePriceModal = lazy(() => import('./line-price-modal').then((m) => ({ default: m.LinePriceModal })));
export const WeightModal = lazy(() => import('./weight-modal').then((m) => ({ default: m.WeightModal })));
export const ShortcutsModal = lazy(() => import('./shortcuts-modal').then((m) => ({ default: m.ShortcutsModal })));
export const PriceCheckModal = lazy(() => import('./price-check-modals').then((m) => ({ default: m.PriceCheckModal })));
export const PriceCheckResultModal = lazy(() =>
  import('./price-check-modals').then((m) => ({ default: m.PriceCheckResultModal })),
);

const loadPayment = () => import('./payment-modal');
const PaymentModal = lazy(() => loadPayment().then((m) => ({ default: m.PaymentModal })));

/**
 * The payment dialog, fetched ahead as soon as the cart holds an item (so it shows at once when Payment is
 * pressed) and mounted at its first opening.
 */
export function LazyPaymentModal({ cartHasItems, ...props }: PaymentModalProps & { cartHasItems: boolean }) {
  useEffect(() => {
    if (!cartHasItems) return;
    loadPayment().catch(() => {
      // Opening it loads it again and shows what went wrong.
    });
  }, [cartHasItems]);
  return (
    <MountOnFirstOpen opened={props.opened} onFailed={props.onClose}>
      {/* Its figures go to the customer display (features/pos/hooks/use-customer-display.ts). */}
      <PaymentModal {...props} onFigures={showPaymentOnDisplay} />
    </MountOnFirstOpen>
  );
}

const loadShiftOpen = () => import('./shift-open-modal');
const loadShiftCash = () => import('./shift-cash-modal');
const loadShiftReport = () => import('./shift-report-modal');
const loadShiftClose = () => import('./shift-close-modal');
const loadSellVoucher = () => import('./sell-voucher-modal');
export const ShiftOpenModal = lazy(() => loadShiftOpen().then((m) => ({ default: m.ShiftOpenModal })));
export const ShiftCashModal = lazy(() => loadShiftCash().then((m) => ({ default: m.ShiftCashModal })));
export const ShiftReportModal = lazy(() => loadShiftReport().then((m) => ({ default: m.ShiftReportModal })));
export const ShiftCloseModal = lazy(() => loadShiftClose().then((m) => ({ default: m.ShiftCloseModal })));
export const SellVoucherModal = lazy(() => loadSellVoucher().then((m) => ({ default: m.SellVoucherModal })));

/** Fetches the shift menu's dialogs ahead (when the menu opens), so the one picked shows at once. */
export function preloadShiftDialogs(): void {
  void Promise.all([loadShiftCash(), loadShiftReport(), loadShiftClose(), loadSellVoucher()]).catch(() => {
    // Picking the item loads it again and shows what went wrong.
  });
}

/** What a cashier sees when a dialog's code could not be fetched (not precached, or a build replaced meanwhile). */
export const DIALOG_LOAD_FAILED =
  'This window could not be loaded. Check the connection, or reload the page, and try again.';

type BoundaryProps = { opening: number; onFailed: () => void; children: ReactNode };

/** A dialog whose chunk failed to load closes with a message; the register stays (not the route's error screen). */
class DialogLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A register dialog failed to load', error);
    notifyError(DIALOG_LOAD_FAILED);
    this.props.onFailed();
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // The next opening tries again (React.lazy keeps a failed load: the route's reload fetches it anew).
    if (this.state.failed && previous.opening !== this.props.opening) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts a lazy dialog the first time it is to open, then keeps it mounted: its state, its close transition
 * and onExited (focus back to the Barcode field) are as before. Until then neither it nor its code is loaded.
 * `onFailed` closes it when its code cannot be loaded.
 */
export function MountOnFirstOpen({
  opened,
  onFailed,
  children,
}: {
  opened: boolean;
  onFailed: () => void;
  children: ReactNode;
}) {
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(opened);
  if (opened !== wasOpen) {
    setWasOpen(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  if (openings === 0) return null;
  return (
    <DialogLoadBoundary opening={openings} onFailed={onFailed}>
      <Suspense fallback={null}>{children}</Suspense>
    </DialogLoadBoundary>
  );
}
