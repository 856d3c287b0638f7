import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import notificationClasses from './notifications.module.css';
import { theme } from './theme';

/** The toast constants of spec 01 section 9. */
export const NOTIFICATION_SETTINGS = {
  position: 'top-right',
  limit: 5,
  autoClose: 4000,
  transitionDuration: 250,
  containerWidth: 440,
  notificationMaxHeight: 200,
  // Top right, but below the 60 px header: a toast never covers the company/branch pickers or the avatar.
  classNames: { root: notificationClasses.root },
} as const;

export function AppProviders({
  children,
  queryClient,
  env = 'default',
}: {
  children: ReactNode;
  queryClient: QueryClient;
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" forceColorScheme="light" env={env}>
      <Notifications {...NOTIFICATION_SETTINGS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
