import { showToast } from './notify';
import { queryClient } from './query-client';
import { useSelectionStore } from './selection-store';
import { useSessionStore } from './session-store';

export const BACK_ONLINE_TEXT = "The server is back: sign in to sync this register's sales";

/** Signs out in this browser: the session, the selection and every cached answer go. */
export function clearClientSession(): void {
  useSessionStore.getState().clearSession();
  useSelectionStore.getState().clearSelection();
  queryClient.clear();
}

/**
 * An offline session (no token) ends as soon as the server answers: the register's probe found it, or
 * a request made without a token came back 401. Either way the cashier is signed out here and told to
 * sign in online, which drains the queue; the carts and the queue stay in this browser. The notice
 * stays until dismissed: it says why the register left. Nothing happens if no offline session is open,
 * so the two ways of noticing cannot both end it.
 */
export function endOfflineSession(): void {
  if (!useSessionStore.getState().offline) return;
  clearClientSession();
  showToast({ title: 'Back online', message: BACK_ONLINE_TEXT, color: 'yellow', autoClose: false });
}

/** What any 401 (except the login call's) does here: the session is gone, and so is this browser's copy. */
export function signOutAfterUnauthorized(): void {
  // Under an offline session a 401 means the server answers again: that session ends with its notice.
  if (useSessionStore.getState().offline) endOfflineSession();
  else clearClientSession();
}
