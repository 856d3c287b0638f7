import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { AppErrorBoundary } from '../src/components/app-error-boundary';

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('Cannot read the register');
}

describe('error screen', () => {
  it('shows Oops!, the message and Refresh page, with the Application Error notification', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const view = (path: string, child: React.ReactNode) => (
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <AppErrorBoundary resetKey={path}>{child}</AppErrorBoundary>
      </MantineProvider>
    );
    const { rerender } = render(view('/dashboard/pos', <Broken />));
    expect(await screen.findByText('Oops!')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Cannot read the register')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeTruthy();
    expect(await screen.findByText('Application Error')).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeTruthy();

    // Another address (the router's reset key) clears the error: the next screen renders.
    rerender(view('/dashboard/pos', <p>Products</p>));
    expect(screen.queryByText('Products')).toBeNull();
    rerender(view('/dashboard', <p>Products</p>));
    expect(screen.getByText('Products')).toBeTruthy();
    expect(screen.queryByText('Oops!')).toBeNull();
  });
});
