import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import type { SessionUser } from '@pos/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { apiRequest, setUnauthorizedHandler } from '../src/lib/api';
import { queryClient } from '../src/lib/query-client';
import { BACK_ONLINE_TEXT, signOutAfterUnauthorized } from '../src/lib/session-end';
import { useSessionStore } from '../src/lib/session-store';
import { failure } from './answers';

const user = { id: 'u-1', name: 'Sara Cashier', username: 'cashier', company: [] } as unknown as SessionUser;

function renderToasts() {
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
    </MantineProvider>,
  );
}

describe('a 401 signs out here', () => {
  beforeEach(() => {
    setUnauthorizedHandler(signOutAfterUnauthorized);
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => failure(401, 'Authentication required', 'UNAUTHORIZED'));
  });
  afterEach(() => {
    setUnauthorizedHandler(() => {});
    notifications.clean();
    cleanup();
    useSessionStore.getState().clearSession();
    vi.restoreAllMocks();
  });

  it('ends an offline session with the back-online notice: a request without a token reached the server', async () => {
    renderToasts();
    useSessionStore.getState().setOfflineSession(user);
    queryClient.setQueryData(['cached'], 1);

    await expect(apiRequest('/categories/tree')).rejects.toMatchObject({ status: 401 });

    expect(useSessionStore.getState()).toMatchObject({ user: null, token: null, offline: false });
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
    expect(await screen.findByText(BACK_ONLINE_TEXT)).toBeTruthy();
  });

  it('signs an online session out without that notice', async () => {
    renderToasts();
    useSessionStore.getState().setSession({ user, token: 'expired' });

    await expect(apiRequest('/categories/tree')).rejects.toMatchObject({ status: 401 });

    expect(useSessionStore.getState()).toMatchObject({ user: null, token: null, offline: false });
    expect(screen.queryByText(BACK_ONLINE_TEXT)).toBeNull();
  });
});
