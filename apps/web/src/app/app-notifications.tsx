import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useMatch } from 'react-router';
import { setToastPosition } from '../lib/notify';
import notificationClasses from './notifications.module.css';

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
  return <Notifications {...NOTIFICATION_SETTINGS} position={position} />;
}
