import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/components/login-page';
import { failure } from './answers';
import { renderWithProviders } from './render';

afterEach(() => vi.restoreAllMocks());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('sign-in form', () => {
  it('validates on submit only and shows both messages for empty fields', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.queryByText('Username must be at least 3 characters')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the minimum-length messages for short values', async () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    fill('Username', 'ab');
    fill('Password', '12345');
    // Typing alone does not validate.
    expect(screen.queryByText('Username must be at least 3 characters')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('sends valid credentials to the login endpoint', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => failure(401, 'Invalid credentials', 'INVALID_CREDENTIALS'));
    renderWithProviders(<LoginPage />, { route: '/login' });
    fill('Username', 'admin');
    fill('Password', 'Demo1234');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'admin', password: 'Demo1234' });
    expect(screen.queryByText('Username must be at least 3 characters')).toBeNull();
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();
  });
});
