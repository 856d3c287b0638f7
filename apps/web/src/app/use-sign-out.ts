import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../features/auth/api/auth.api';
import { useSelectionStore } from '../lib/selection-store';
import { useSessionStore } from '../lib/session-store';

/** Clears the session and the selection and leaves for /login. */
export function clearClientSession(): void {
  useSessionStore.getState().clearSession();
  useSelectionStore.getState().clearSelection();
}

/** Logout: revoke the session on the server (best effort), then sign out here whatever it answered. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.error('Logout request failed', error);
    }
    clearClientSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
