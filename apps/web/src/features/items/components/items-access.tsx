import { userCan } from '@pos/shared';
import type { ReactNode } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { useSessionUser } from '../../../lib/session-store';

/** The Items screens are the Managers' and Super Admins' (manage_items); a Cashier is told so. */
export function ItemsAccess({ children }: { children: ReactNode }) {
  const me = useSessionUser();
  if (!userCan(me, 'manage_items')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators manage the catalogue." />
    );
  }
  return children;
}
