import { useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useMatch } from 'react-router';
import { setToastPosition } from '../lib/notify';
import notificationClasses from './notifications.module.css';

/**
 * The toast stack's code (Mantine's Notifications and its transitions) loads with the first toast: a screen that
 * shows none, as the register on arrival, does not carry it. A toast shown before it has loaded waits
 * in Mantine's store and appears with it.
 */
const ToastStack = lazy(() => import('./toast-stack').then((m) => ({ default: m.ToastStack })));

/** The toast constants of spec 01 section 9. */
const NOTIFICATION_SETTINGS = {
  position: 'top-right',
  limit: 5,
  autoClose: 4000,
  transitionDuration: 250,
  containerWidth: 440,
  notificationMaxHeight: 200,
  // Top right, but below the 60 px header: a toast never covers the company/branch pickers or the avatar.
  classNames: { root: notificationClasses.root },
} as const;

/**
 * The toast stack. Top right (spec 01), except at the register on a wide screen: there the top right
 * is the register's status, the cart tabs and Payment, and a stack of sale toasts (paused while the
 * pointer rests on them) would cover them for as long as the cashier aims at them. There the toasts
 * sit at the bottom left, over the lower product tiles. On a narrow screen every corner covers
 * something the cashier needs, so the spec's top right stands.
 */
export function AppNotifications() {
  const atRegister = useMatch('/dashboard/pos') !== null;
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  const position = atRegister && wide ? 'bottom-left' : 'top-right';
  // New toasts take this place and keep it (lib/notify.ts): set before any child's effect shows one.
  setToastPosition(position);
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack {...NOTIFICATION_SETTINGS} position={position} />
    </Suspense>
  );
}
