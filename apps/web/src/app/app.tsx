import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { setUnauthorizedHandler } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { signOutAfterUnauthorized } from '../lib/session-end';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** Any 401 (except the login call itself): sign out here and go to /login. */
function SignOutOnUnauthorized() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      signOutAfterUnauthorized();
      if (window.location.pathname !== '/login') void navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [navigate]);
  return null;
}

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <AppErrorBoundary>
        <BrowserRouter>
          <SignOutOnUnauthorized />
          <AppRoutes />
        </BrowserRouter>
      </AppErrorBoundary>
    </AppProviders>
  );
}
