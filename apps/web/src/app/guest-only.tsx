import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useIsOfflineSession, useIsSignedIn } from '../lib/session-store';

/**
 * /login opened by a signed-in user: straight to the dashboard instead of a second sign-in form. Only
 * a session that existed when the page opened counts: a sign-in made here navigates on its own.
 */
export function GuestOnly() {
  const isSignedIn = useIsSignedIn();
  const offline = useIsOfflineSession();
  const [wasSignedIn] = useState(isSignedIn);
  // An offline session has the register only.
  if (wasSignedIn) return <Navigate to={offline ? '/dashboard/pos' : '/dashboard'} replace />;
  return <Outlet />;
}
