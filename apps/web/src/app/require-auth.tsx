import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useMeQuery } from '../features/auth/api/auth.api';
import { useIsSignedIn, useSessionStore } from '../lib/session-store';

/** Protected routes: signed-out visitors go to /login; signed-in users are refreshed from /auth/me. */
export function RequireAuth() {
  const isSignedIn = useIsSignedIn();
  const hasToken = useSessionStore((s) => Boolean(s.token));
  const setUser = useSessionStore((s) => s.setUser);
  // An offline session (no token) has no server to ask.
  const me = useMeQuery({ enabled: isSignedIn && hasToken });

  useEffect(() => {
    if (me.data && useSessionStore.getState().token) setUser(me.data);
  }, [me.data, setUser]);

  if (!isSignedIn) return <Navigate to="/login" replace />;
  return <Outlet />;
}
