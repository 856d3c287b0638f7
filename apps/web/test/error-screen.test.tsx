import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from '../src/app/route-error-screen';
import { theme } from '../src/app/theme';

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('Cannot read the register');
}

describe('error screen', () => {
  it('shows Oops!, the message and Refresh page, with the Application Error notification', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> }]);
    render(
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByText('Oops!')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Cannot read the register')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeTruthy();
    expect(await screen.findByText('Application Error')).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeTruthy();
  });
});
