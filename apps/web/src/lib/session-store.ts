import type { Branch, Company, SessionUser } from '@pos/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The key the spec names for the persisted session. */
export const SESSION_STORAGE_KEY = 'user-storage';

type SessionState = {
  user: SessionUser | null;
  token: string | null;
  setSession: (session: { user: SessionUser; token: string }) => void;
  setUser: (user: SessionUser) => void;
  setToken: (token: string) => void;
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
      setSession: ({ user, token }) => set({ user, token }),
      setUser: (user) => set({ user }),
      setToken: (token) => set({ token }),
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
      clearSession: () => set({ user: null, token: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, token }) => ({ user, token }),
    },
  ),
);

export const useSessionUser = () => useSessionStore((state) => state.user);
export const useIsSignedIn = () => useSessionStore((state) => Boolean(state.token && state.user));
