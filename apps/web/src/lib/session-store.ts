import type { Branch, Company, SessionUser } from '@pos/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** How long after an online sign-in on a device the same user may sign in there offline (lib/offline-sign-in.ts). */
export const OFFLINE_SIGN_IN_MAX_HOURS = 72;

/** The key the spec names for the persisted session. */
export const SESSION_STORAGE_KEY = 'user-storage';

type SessionState = {
  user: SessionUser | null;
  token: string | null;
  /**
   * Signed in without the server (lib/offline-sign-in.ts): a user and no token. The register sells and
   * queues; nothing is sent under this session, and it ends when the server answers again.
   */
  offline: boolean;
  setSession: (session: { user: SessionUser; token: string }) => void;
  setUser: (user: SessionUser) => void;
  setToken: (token: string) => void;
  setOfflineSession: (user: SessionUser) => void;
  addCompany: (company: Company) => void;
  addBranch: (branch: Branch) => void;
  /** A change to one of the user's companies (its currency, say), in place. */
  patchCompany: (companyId: string, patch: Partial<Omit<Company, 'id' | 'branches'>>) => void;
  clearSession: () => void;
};

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      token: null,
      offline: false,
      setSession: ({ user, token }) => set({ user, token, offline: false }),
      setUser: (user) => set({ user }),
      setToken: (token) => set({ token }),
      setOfflineSession: (user) => set({ user, token: null, offline: true }),
      addCompany: (company) =>
        set(({ user }) => {
          if (!user) return {};
          const others = user.company.filter((c) => c.id !== company.id);
          return { user: { ...user, company: [...others, { ...company, branches: company.branches ?? [] }] } };
        }),
      addBranch: (branch) =>
        set(({ user }) => {
          if (!user) return {};
          const company = user.company.map((c) =>
            c.id === branch.companyId
              ? { ...c, branches: [...(c.branches ?? []).filter((b) => b.id !== branch.id), branch] }
              : c,
          );
          return { user: { ...user, company } };
        }),
      patchCompany: (companyId, patch) =>
        set(({ user }) => {
          if (!user) return {};
          return { user: { ...user, company: user.company.map((c) => (c.id === companyId ? { ...c, ...patch } : c)) } };
        }),
      clearSession: () => set({ user: null, token: null, offline: false }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, token, offline }) => ({ user, token, offline }),
    },
  ),
);

export const useSessionUser = () => useSessionStore((state) => state.user);
export const useIsSignedIn = () => useSessionStore((state) => Boolean(state.user && (state.token || state.offline)));
/** Signed in offline (no token): only the register works, and its sales wait for an online sign-in. */
export const useIsOfflineSession = () => useSessionStore((state) => state.offline && !state.token);
