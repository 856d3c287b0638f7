import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { setUnauthorizedHandler } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { signOutAfterUnauthorized } from '../lib/session-end';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);

  useEffect(() => {
    // Any 401 (except the login call itself): sign out here and go to /login.
    setUnauthorizedHandler(() => {
      signOutAfterUnauthorized();
      if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [router]);

  return (
    <AppProviders queryClient={queryClient}>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </AppProviders>
  );
}
